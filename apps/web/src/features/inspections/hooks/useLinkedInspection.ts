import type { InspectionRow } from '@linewalker/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';

const LINK_PARAMS = ['inspectionId', 'imageId'] as const;

/**
 * The inspection shown in the dialog. A link with ?inspectionId= opens that inspection once the list has
 * loaded (spec 1 §2 'Project page frame'). Closing it leaves the link behind: the address becomes the
 * inspect sub-page itself, so a reload or Back does not open it again. (imageId belongs to the inspection
 * viewer of a later issue.)
 */
export function useLinkedInspection(rows: readonly InspectionRow[] | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  const { projectSlug } = useParams<{ projectSlug: string }>();
  const [openRow, setOpenRow] = useState<InspectionRow | null>(null);
  const linkedId = Number(new URLSearchParams(location.search).get('inspectionId'));
  const opened = useRef<number | null>(null);

  useEffect(() => {
    if (!rows || !Number.isInteger(linkedId) || linkedId <= 0 || opened.current === linkedId) return;
    const row = rows.find((r) => r.id === linkedId);
    if (row) {
      opened.current = linkedId;
      setOpenRow(row);
    }
  }, [rows, linkedId]);

  const close = useCallback(() => {
    setOpenRow(null);
    const search = new URLSearchParams(location.search);
    if (!LINK_PARAMS.some((p) => search.has(p))) return;
    for (const p of LINK_PARAMS) search.delete(p);
    const rest = search.toString();
    navigate(
      {
        // The frame shows inspect because of the link; keep the user there once the link is gone.
        pathname: projectSlug ? paths.project.getHref(projectSlug, 'inspect') : location.pathname,
        search: rest ? `?${rest}` : '',
      },
      { replace: true },
    );
  }, [location.pathname, location.search, navigate, projectSlug]);

  return { openRow, open: setOpenRow, close };
}
