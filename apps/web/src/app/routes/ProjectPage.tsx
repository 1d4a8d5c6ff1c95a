import { lazy } from 'react';
import type { ProjectTabs } from '../../features/projects/components/ProjectSubpageContent.tsx';
import { ProjectRoute } from '../../features/projects/routes/ProjectRoute.tsx';
import { projectTabModules } from './projectTabModules.ts';

/**
 * The project frame with the sub-pages other features own. Composed here, in the app layer, so
 * that features never import each other; each tab loads with its own chunk when first opened.
 */
const PROJECT_TABS: ProjectTabs = {
  archive: lazy(projectTabModules.archive),
  overview: lazy(projectTabModules.overview),
  assignment: lazy(projectTabModules.assignment),
  inspect: lazy(projectTabModules.inspect),
  upload: lazy(projectTabModules.upload),
  pilots: lazy(projectTabModules.pilots),
};

export function ProjectPage() {
  return <ProjectRoute tabs={PROJECT_TABS} />;
}
