import type { ProjectDetail, ProjectSubpage } from '@linewalker/domain';
import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { ComingSoonPanel } from '../../../components/ComingSoonPanel.tsx';
import { ProjectOverview } from './ProjectOverview.tsx';

type Tab = ComponentType<{ project: ProjectDetail }>;

// Other features own these tabs. A glob import is lazy and simply finds nothing for a file that
// does not exist yet, so the frame builds either way and shows 'coming soon' until it does.
const tabModules = import.meta.glob<{ default: Tab }>([
  '../../assignment/components/AssignmentTab.tsx',
  '../../inspections/components/InspectTab.tsx',
]);

function lazyTab(path: string): Tab | null {
  const load = tabModules[path];
  return load ? lazy(load) : null;
}

const AssignmentTab = lazyTab('../../assignment/components/AssignmentTab.tsx');
const InspectTab = lazyTab('../../inspections/components/InspectTab.tsx');

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
}: {
  subpage: ProjectSubpage;
  project: ProjectDetail;
}) {
  const Tab = subpage === 'assignment' ? AssignmentTab : subpage === 'inspect' ? InspectTab : null;
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
