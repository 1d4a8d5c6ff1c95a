import type { ProjectDetail, ProjectSubpage } from '@linewalker/domain';
import { Center, Loader } from '@mantine/core';
import { type ComponentType, Suspense } from 'react';
import { ComingSoonPanel } from '../../../components/ComingSoonPanel.tsx';

/** A sub-page another feature owns, shown inside the project frame. */
export type ProjectTab = ComponentType<{ project: ProjectDetail }>;

/**
 * The sub-pages other features provide, wired in by the app layer (features do not import each
 * other). A sub-page without one shows 'coming soon'; 'all' is the overview.
 */
export type ProjectTabs = Partial<Record<Exclude<ProjectSubpage, 'all'>, ProjectTab>>;

const COMING_SOON: Partial<Record<ProjectSubpage, { title: string; description: string }>> = {
  pilots: { title: 'Pilots', description: 'Assigning pilots to this project is coming soon.' },
  upload: { title: 'Upload', description: 'Uploading inspection images to this project is coming soon.' },
  archive: { title: 'Delivery', description: 'The delivery archive of this project is coming soon.' },
  assignment: { title: 'Assignment', description: 'Crew assignment is coming soon.' },
  inspect: { title: 'Inspect', description: 'The inspection list is coming soon.' },
  overview: { title: 'Overview', description: 'The project overview is coming soon.' },
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
  const shown = subpage === 'all' ? 'overview' : subpage;
  const Tab = tabs[shown];
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
  const soon = COMING_SOON[shown] ?? { title: 'Overview', description: 'This page is coming soon.' };
  return <ComingSoonPanel title={soon.title} description={soon.description} />;
}
