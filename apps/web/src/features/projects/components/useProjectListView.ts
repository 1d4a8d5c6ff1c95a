import {
  matchesProjectFilter,
  PROJECT_FILTERS,
  type ProjectFilter,
  type ProjectListItem,
} from '@linewalker/domain';
import { useSessionStorage } from '@mantine/hooks';
import { useDeferredValue, useMemo } from 'react';
import {
  DEFAULT_PROJECT_SORT,
  type ProjectSort,
  type ProjectSortKey,
  parseProjectSort,
  sortProjects,
} from './projectSort.ts';

interface StoredView {
  filter: string;
  sortKey: string;
  sortDirection: string;
  search: string;
}

const INITIAL: StoredView = {
  filter: 'All',
  sortKey: DEFAULT_PROJECT_SORT.key,
  sortDirection: DEFAULT_PROJECT_SORT.direction,
  search: '',
};

/**
 * Filter, search and sort of the project list. Kept in session storage, so coming back from a project
 * shows the same view. (Not in the address: a router navigation per click re-rendered the whole shell and
 * took about three times as long with 2,000 projects.)
 */
export function useProjectListView(projects: readonly ProjectListItem[] | undefined) {
  const [stored, setStored] = useSessionStorage<StoredView>({
    key: 'linewalker.projects.view',
    defaultValue: INITIAL,
    getInitialValueInEffect: false,
  });
  const filter: ProjectFilter = (PROJECT_FILTERS as readonly string[]).includes(stored.filter)
    ? (stored.filter as ProjectFilter)
    : 'All';
  const sort: ProjectSort = useMemo(
    () => parseProjectSort(stored.sortKey, stored.sortDirection),
    [stored.sortKey, stored.sortDirection],
  );
  // Typing stays responsive with 2,000 projects: the table follows a moment later.
  const search = useDeferredValue(stored.search);

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const shown = (projects ?? []).filter(
      (p) =>
        matchesProjectFilter(p, filter) && (needle === '' || p.project_name.toLowerCase().includes(needle)),
    );
    return sortProjects(shown, sort);
  }, [projects, filter, sort, search]);

  const update = (change: Partial<StoredView>) => setStored((prev) => ({ ...INITIAL, ...prev, ...change }));

  return {
    rows,
    filter,
    sort,
    search: stored.search,
    setFilter: (f: ProjectFilter) => update({ filter: f }),
    setSearch: (q: string) => update({ search: q }),
    toggleSort: (key: ProjectSortKey) =>
      update({ sortKey: key, sortDirection: sort.key === key && sort.direction === 'asc' ? 'desc' : 'asc' }),
  };
}
