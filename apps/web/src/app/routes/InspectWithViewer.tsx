import type { InspectionRow, ProjectDetail } from '@linewalker/domain';
import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { CompleteInspectionModal } from '../../features/inspections/components/complete/CompleteInspectionModal.tsx';
import InspectTab from '../../features/inspections/components/InspectTab.tsx';
import { InspectionViewer } from '../../features/viewer/components/InspectionViewer.tsx';

const positiveId = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The Inspect sub-page with the full-screen inspection viewer over it: a row click, or a link with
 * ?inspectionId=&imageId=, opens the viewer; the address follows the photo shown, so a link or a reload
 * returns to it. Composed here because the list and the viewer are separate features; the viewer's Complete
 * Inspection is the inspections feature's dialog.
 */
export default function InspectWithViewer({ project }: { project: ProjectDetail }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { projectSlug } = useParams<{ projectSlug: string }>();
  const search = new URLSearchParams(location.search);
  const inspectionId = positiveId(search.get('inspectionId'));
  const imageId = positiveId(search.get('imageId'));
  const inspectPath = projectSlug ? paths.project.getHref(projectSlug, 'inspect') : location.pathname;

  const go = useCallback(
    (params: Record<string, number | null>, replace: boolean) => {
      const next = new URLSearchParams(location.search);
      for (const [k, v] of Object.entries(params)) {
        if (v === null) next.delete(k);
        else next.set(k, String(v));
      }
      const rest = next.toString();
      navigate({ pathname: inspectPath, search: rest ? `?${rest}` : '' }, { replace });
    },
    [location.search, navigate, inspectPath],
  );

  const openInspection = useCallback(
    (row: InspectionRow) => go({ inspectionId: row.id, imageId: null }, false),
    [go],
  );

  return (
    <>
      <InspectTab project={project} onOpenInspection={openInspection} />
      {inspectionId !== null && (
        <InspectionViewer
          key={inspectionId}
          inspectionId={inspectionId}
          imageId={imageId}
          onImageChange={(id) => go({ imageId: id }, true)}
          onClose={() => go({ inspectionId: null, imageId: null }, true)}
          renderComplete={({ row, onClose }) => (
            <CompleteInspectionModal project={project} row={row} onClose={onClose} />
          )}
        />
      )}
    </>
  );
}
