import type { InspectionRow } from '@linewalker/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useRowSelection } from '../../../components/DataTable/useRowSelection.ts';
import { filterViews, NO_FILTERS, type ViewFilters } from '../model/filterViews.ts';
import { toInspectionView } from '../model/inspectionView.ts';
import { type SortState, sortViews } from '../model/sortViews.ts';

/** Typing in a search box over 50,000 rows filters once the user pauses, not on every key. */
const TEXT_FILTER_DEBOUNCE_MS = 200;

/**
 * The Inspect table's state: filters, sort and selection over the project's rows. Views are built once
 * per fetch; filtering and sorting work on those precomputed values.
 */
export function useInspectionTable(rows: readonly InspectionRow[] | undefined) {
  const [filters, setFilters] = useState<ViewFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SortState | null>(null);

  const [search] = useDebouncedValue(filters.search, TEXT_FILTER_DEBOUNCE_MS);
  const [structure] = useDebouncedValue(filters.structure, TEXT_FILTER_DEBOUNCE_MS);

  const views = useMemo(() => (rows ?? []).map(toInspectionView), [rows]);
  const lineNames = useMemo(
    () =>
      [...new Set(views.map((v) => v.lineName))].sort((a, b) =>
        a.localeCompare(b, 'en-US', { numeric: true, sensitivity: 'base' }),
      ),
    [views],
  );
  const sorted = useMemo(() => sortViews(views, sort), [views, sort]);
  /** The filters as applied: text ones after their debounce. */
  const appliedFilters = useMemo(
    (): ViewFilters => ({ status: filters.status, lineNames: filters.lineNames, structure, search }),
    [filters.status, filters.lineNames, structure, search],
  );
  const visible = useMemo(() => filterViews(sorted, appliedFilters), [sorted, appliedFilters]);

  const updateFilters = useCallback(
    (patch: Partial<ViewFilters>) => setFilters((f) => ({ ...f, ...patch })),
    [],
  );

  // Selection works on the shown rows (shift-click ranges, select all shown) and survives filtering.
  const visibleIds = useMemo(() => visible.map((v) => v.id), [visible]);
  const selection = useRowSelection(visibleIds);
  const { selected } = selection;

  /** The selected rows in the table's current order, for the export. */
  const selectedViews = useMemo(() => sorted.filter((v) => selected.has(v.id)), [sorted, selected]);

  return {
    filters,
    appliedFilters,
    updateFilters,
    sort,
    setSort,
    lineNames,
    total: views.length,
    visible,
    selection,
    selectedViews,
  };
}
