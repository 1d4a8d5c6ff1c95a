/** The filter buttons of the Inspect tab (spec 2 §2), matching the server's counts. */
export type StatusFilter = 'all' | 'pending' | 'complete' | 'rejected';

/** The Inspect tab's filters; the server applies them (GET /inspections/{id}, /inspections/counts/{id}). */
export interface ViewFilters {
  status: StatusFilter;
  /** Column filter on Line Name: any of these lines (empty = all lines). */
  lineIds: readonly number[];
  /** Column filter on Structure: contains, ignoring case. */
  structure: string;
  /** The text search: every word must appear somewhere in the row. */
  search: string;
  /** Only inspections whose photos have open (unreviewed) AI markups. */
  aiOpen: boolean;
}

export const NO_FILTERS: ViewFilters = {
  status: 'all',
  lineIds: [],
  structure: '',
  search: '',
  aiOpen: false,
};

/** Column filters in use (the search and status buttons are shown elsewhere). */
export const activeColumnFilterCount = (f: ViewFilters): number =>
  (f.lineIds.length > 0 ? 1 : 0) + (f.structure.trim() ? 1 : 0);
