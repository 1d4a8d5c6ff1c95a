import type { InspectionCounts } from '@linewalker/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import type { ProjectFilters } from '../../../lib/projectFilters.ts';
import { NO_COUNTS, useInspectionCounts } from '../api/getInspectionCounts.ts';
import { NO_FILTERS, type StatusFilter, type ViewFilters } from '../model/filterViews.ts';
import { listParams } from '../model/listQuery.ts';
import type { SortState } from '../model/sortViews.ts';
import { useInspectionWindow } from './useInspectionWindow.ts';
import { useWindowSelection } from './useWindowSelection.ts';

/** Typing in a search box asks the server once the user pauses, not on every key. */
const TEXT_FILTER_DEBOUNCE_MS = 300;

const COUNT_OF: Record<StatusFilter, keyof InspectionCounts> = {
  all: 'all_count',
  pending: 'pending',
  complete: 'completed',
  rejected: 'rejected',
};

/**
 * The Inspect table's state: filters and sort (applied by the server), the counts under those filters,
 * the window of loaded rows and the selection.
 */
export function useInspectionTable(projectId: number, header: ProjectFilters) {
  const [filters, setFilters] = useState<ViewFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SortState | null>(null);
  const [search] = useDebouncedValue(filters.search, TEXT_FILTER_DEBOUNCE_MS);
  const [structure] = useDebouncedValue(filters.structure, TEXT_FILTER_DEBOUNCE_MS);

  const params = useMemo(
    () => listParams({ ...filters, search, structure }, header, filters.lineIds, sort),
    [filters, search, structure, header, sort],
  );
  const filtered =
    params.lineIds.length > 0 ||
    params.q !== '' ||
    params.structure !== '' ||
    params.search !== '' ||
    params.aiOpen;

  // The buttons count what they would show; the project's own count says how much is hidden.
  const counts = useInspectionCounts(projectId, filtered ? params : null);
  const projectCounts = useInspectionCounts(projectId);
  const buttonCounts = params.none ? NO_COUNTS : counts.data;
  const knownTotal = buttonCounts ? (buttonCounts[COUNT_OF[params.status]] ?? 0) : null;
  const total = knownTotal ?? 0;

  const window = useInspectionWindow(projectId, params, knownTotal);
  const resetKey = JSON.stringify(params);

  const indexOf = useCallback((id: number) => window.rows.findIndex((v) => v?.id === id), [window.rows]);
  const selection = useWindowSelection({ total, indexOf, rowsBetween: window.rowsBetween, resetKey });

  const updateFilters = useCallback(
    (patch: Partial<ViewFilters>) => setFilters((f) => ({ ...f, ...patch })),
    [],
  );

  return {
    filters,
    updateFilters,
    params,
    resetKey,
    sort,
    setSort,
    counts: buttonCounts,
    countsPending: counts.isPending,
    countsError: counts.error,
    retryCounts: counts.refetch,
    projectTotal: projectCounts.data?.all_count,
    total,
    window,
    selection,
  };
}
