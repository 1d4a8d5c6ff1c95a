import { lazy } from 'react';
import type { ProjectTabs } from '../../features/projects/components/ProjectSubpageContent.tsx';
import { ProjectRoute } from '../../features/projects/routes/ProjectRoute.tsx';

/**
 * The project frame with the sub-pages other features own. Composed here, in the app layer, so
 * that features never import each other; each tab loads with its own chunk when first opened.
 */
const PROJECT_TABS: ProjectTabs = {
  archive: lazy(() => import('../../features/delivery/components/DeliveryTab.tsx')),
  overview: lazy(() => import('../../features/overview/components/OverviewTab.tsx')),
  assignment: lazy(() => import('../../features/assignment/components/AssignmentTab.tsx')),
  inspect: lazy(() => import('./InspectWithViewer.tsx')),
  upload: lazy(() => import('../../features/upload/UploadTab.tsx')),
  pilots: lazy(() => import('../../features/pilots/components/ProjectPilotsTab.tsx')),
};

export function ProjectPage() {
  return <ProjectRoute tabs={PROJECT_TABS} />;
}
