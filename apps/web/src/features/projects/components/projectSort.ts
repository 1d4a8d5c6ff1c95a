import type { SortOrder } from '@linewalker/domain';
/** The sortable columns of the project table (spec 1 §2: default sort is by project_name). */
export const PROJECT_SORT_KEYS = [
  'project_name',
  'state',
  'structures',
  'num_pilots',
  'progress',
  'due_date',
  'created_at',
] as const;
export type ProjectSortKey = (typeof PROJECT_SORT_KEYS)[number];
export type SortDirection = SortOrder;

export interface ProjectSort {
  key: ProjectSortKey;
  direction: SortDirection;
}

export const DEFAULT_PROJECT_SORT: ProjectSort = { key: 'project_name', direction: 'asc' };

export interface SortableProject {
  id: number;
  project_name: string;
  state: string;
  structures: number;
  num_pilots: number;
  progress: number;
  due_date: string | null;
  created_at: string;
}

// Natural order for names such as 'Line 2' and 'Line 10', ignoring case.
const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

function compareBy(key: ProjectSortKey, a: SortableProject, b: SortableProject): number {
  switch (key) {
    case 'project_name':
    case 'state':
      return collator.compare(a[key], b[key]);
    case 'due_date':
    case 'created_at': {
      // ISO strings sort as dates; a missing date sorts as the earliest.
      const x = a[key] ?? '';
      const y = b[key] ?? '';
      return x < y ? -1 : x > y ? 1 : 0;
    }
    default:
      return a[key] - b[key];
  }
}

/** A sorted copy; ties fall back to the name so the order is stable between renders. */
export function sortProjects<P extends SortableProject>(projects: readonly P[], sort: ProjectSort): P[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...projects].sort((a, b) => {
    const primary = compareBy(sort.key, a, b);
    if (primary !== 0) return primary * sign;
    return collator.compare(a.project_name, b.project_name) || a.id - b.id;
  });
}

export const parseProjectSort = (key: string | null, direction: string | null): ProjectSort => ({
  key: (PROJECT_SORT_KEYS as readonly string[]).includes(key ?? '')
    ? (key as ProjectSortKey)
    : 'project_name',
  direction: direction === 'desc' ? 'desc' : 'asc',
});
