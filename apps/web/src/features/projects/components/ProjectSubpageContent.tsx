import type { ProjectDetail, ProjectSubpage } from '@linewalker/domain';
import { Center, Loader } from '@mantine/core';
import { type ComponentType, Suspense } from 'react';
import { ComingSoonPanel } from '../../../components/ComingSoonPanel.tsx';
import { ProjectOverview } from './ProjectOverview.tsx';

/** A sub-page another feature owns, shown inside the project frame. */
export type ProjectTab = ComponentType<{ project: ProjectDetail }>;

/**
 * The sub-pages other features provide, wired in by the app layer (features do not import each
 * other). A sub-page without one shows 'coming soon'.
 */
export type ProjectTabs = Partial<Record<Exclude<ProjectSubpage, 'overview' | 'all'>, ProjectTab>>;

const COMING_SOON: Partial<Record<ProjectSubpage, { title: string; description: string }>> = {
  pilots: { title: 'Pilots', description: 'Assigning pilots to this project is coming soon.' },
  upload: { title: 'Upload', description: 'Uploading inspection images to this project is coming soon.' },
  archive: { title: 'Delivery', description: 'The delivery archive of this project is coming soon.' },
  assignment: { title: 'Assignment', description: 'Crew assignment is coming soon.' },
  inspect: { title: 'Inspect', description: 'The inspection list is coming soon.' },
};

/** The body of the project frame for one sub-page. */
export function ProjectSubpageContent({
  subpage,
  project,
  tabs,
}: {
  subpage: ProjectSubpage;
  project: ProjectDetail;
  tabs: ProjectTabs;
}) {
  const Tab = subpage === 'overview' || subpage === 'all' ? undefined : tabs[subpage];
  if (Tab) {
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        }
      >
        <Tab project={project} />
      </Suspense>
    );
  }
  const soon = COMING_SOON[subpage];
  if (subpage === 'overview' || !soon) return <ProjectOverview project={project} />;
  return <ComingSoonPanel title={soon.title} description={soon.description} />;
}
