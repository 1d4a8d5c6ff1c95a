import type { ProjectFilter } from '@linewalker/domain';
import {
  IconArchive,
  IconCircleCheck,
  IconClockExclamation,
  IconFolderOpen,
  IconSearch,
} from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState.tsx';

interface ProjectListEmptyProps {
  filter: ProjectFilter;
  search: string;
  canCreate: boolean;
}

/** Says why the table is empty, per filter, and what to do about it. */
export function ProjectListEmpty({ filter, search, canCreate }: ProjectListEmptyProps) {
  if (search.trim() !== '') {
    return (
      <EmptyState icon={<IconSearch size={24} />} title="No project matches your search">
        No {filter === 'All' ? '' : `${filter.toLowerCase()} `}project has “{search.trim()}” in its name.
      </EmptyState>
    );
  }
  switch (filter) {
    case 'In Progress':
      return (
        <EmptyState icon={<IconFolderOpen size={24} />} title="No projects in progress">
          Projects that are neither complete nor past their end date show here.
        </EmptyState>
      );
    case 'Complete':
      return (
        <EmptyState icon={<IconCircleCheck size={24} />} title="No complete projects">
          A project is complete once every structure has been inspected.
        </EmptyState>
      );
    case 'Late':
      return (
        <EmptyState icon={<IconClockExclamation size={24} />} title="No late projects">
          Every project is on time: none is past its end date without being complete.
        </EmptyState>
      );
    case 'Archived':
      return (
        <EmptyState icon={<IconArchive size={24} />} title="No archived projects">
          Archived projects show here, where they can be unarchived.
        </EmptyState>
      );
    default:
      return (
        <EmptyState icon={<IconFolderOpen size={24} />} title="No projects yet">
          {canCreate
            ? 'Create the first one with Create New Project.'
            : 'Projects appear here once they are created for your company.'}
        </EmptyState>
      );
  }
}
