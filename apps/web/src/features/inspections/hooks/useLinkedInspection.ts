import type { InspectionRow } from '@linewalker/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { getExportRows } from '../api/exportInspections.ts';

const LINK_PARAMS = ['inspectionId', 'imageId'] as const;

/** The inspection named by ?inspectionId=, or null. */
const linkedIdOf = (search: string): number | null => {
  const id = Number(new URLSearchParams(search).get('inspectionId'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The inspection that is open, named in the address (?inspectionId=), so a row click, a shared link and
 * Back all agree (spec 2 §2 'Project page'). The row comes from the loaded pages when it is there, else
 * from the server (GET /inspections/export?ids=…), since the table loads only the pages in view.
 * Closing leaves the link behind: the address becomes the inspect sub-page itself.
 */
export function useLinkedInspection(
  projectId: number,
  loaded: (id: number) => InspectionRow | undefined,
  /** False when something else (the inspection viewer) answers the link. */
  enabled = true,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const { projectSlug } = useParams<{ projectSlug: string }>();
  const linkedId = enabled ? linkedIdOf(location.search) : null;
  const local = linkedId === null ? undefined : loaded(linkedId);

  const fetched = useQuery({
    queryKey: [...queryKeys.inspections.project(projectId), 'one', linkedId],
    queryFn: async () => (await getExportRows(projectId, { kind: 'ids', ids: [linkedId!] }))[0] ?? null,
    enabled: linkedId !== null && local === undefined,
  });
  const openRow = linkedId === null ? null : (local ?? fetched.data ?? null);

  const inspectPath = projectSlug ? paths.project.getHref(projectSlug, 'inspect') : location.pathname;

  const open = useCallback(
    (row: InspectionRow) => {
      const search = new URLSearchParams(location.search);
      search.set('inspectionId', String(row.id));
      search.delete('imageId');
      navigate({ pathname: inspectPath, search: `?${search}` });
    },
    [inspectPath, location.search, navigate],
  );

  const close = useCallback(() => {
    const search = new URLSearchParams(location.search);
    if (!LINK_PARAMS.some((p) => search.has(p))) return;
    for (const p of LINK_PARAMS) search.delete(p);
    const rest = search.toString();
    // The frame shows inspect because of the link; keep the user there once the link is gone.
    navigate({ pathname: inspectPath, search: rest ? `?${rest}` : '' }, { replace: true });
  }, [inspectPath, location.search, navigate]);

  return { openRow, open, close };
}
