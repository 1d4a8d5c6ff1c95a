import type { ProjectSubpage } from '@linewalker/domain';

/**
 * Each project sub-page's module, loaded when the tab is first shown, or earlier by the project route's
 * prefetch (the same chunk either way). Composed here, in the app layer, so features never import each other.
 */
export const projectTabModules = {
  archive: () => import('../../features/delivery/components/DeliveryTab.tsx'),
  overview: () => import('../../features/overview/components/OverviewTab.tsx'),
  assignment: () => import('../../features/assignment/components/AssignmentTab.tsx'),
  inspect: () => import('./InspectWithViewer.tsx'),
  upload: () => import('../../features/upload/UploadTab.tsx'),
  pilots: () => import('../../features/pilots/components/ProjectPilotsTab.tsx'),
} satisfies Partial<Record<ProjectSubpage, () => Promise<unknown>>>;
