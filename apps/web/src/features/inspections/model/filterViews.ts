import type { InspectionView } from './inspectionView.ts';

/** The filter buttons of the Inspect tab (spec 2 §2), matching the server's counts. */
export type StatusFilter = 'all' | 'pending' | 'complete' | 'rejected';

export interface ViewFilters {
  status: StatusFilter;
  /** Column filter on Line Name: any of these (empty = all lines). */
  lineNames: readonly string[];
  /** Column filter on Structure: contains, ignoring case. */
  structure: string;
  /** The text search: every word must appear somewhere in the row. */
  search: string;
}

export const NO_FILTERS: ViewFilters = { status: 'all', lineNames: [], structure: '', search: '' };

const statusMatches: Record<StatusFilter, (v: InspectionView) => boolean> = {
  all: () => true,
  pending: (v) => !v.completed,
  complete: (v) => v.completed,
  // As the server counts it: the structure has at least one rejected photo.
  rejected: (v) => v.rejectCount > 0,
};

export function filterViews(
  views: readonly InspectionView[],
  filters: ViewFilters,
): readonly InspectionView[] {
  const lines = filters.lineNames.length > 0 ? new Set(filters.lineNames) : null;
  const structure = filters.structure.trim().toLowerCase();
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const status = statusMatches[filters.status];
  if (filters.status === 'all' && !lines && !structure && words.length === 0) return views;
  return views.filter(
    (v) =>
      status(v) &&
      (!lines || lines.has(v.lineName)) &&
      (!structure || v.structure.toLowerCase().includes(structure)) &&
      words.every((w) => v.searchText.includes(w)),
  );
}

/** Column filters in use (the search and status buttons are shown elsewhere). */
export const activeColumnFilterCount = (f: ViewFilters): number =>
  (f.lineNames.length > 0 ? 1 : 0) + (f.structure.trim() ? 1 : 0);
