import type { InspectionListQuery } from '@linewalker/domain';
import type { ProjectFilters } from '../../../lib/projectFilters.ts';
import type { ViewFilters } from './filterViews.ts';
import type { SortState } from './sortViews.ts';

/** Rows the table asks for at a time; a 40 px row makes a page about five screens. */
export const INSPECTION_PAGE_SIZE = 100;

/**
 * What the server filters and sorts the Inspect tab by: the status button, the table's text search and
 * column filters (line names become line ids) and the project header's Lines and search.
 * `none` is set when the chosen lines exclude each other (header and column filter share none).
 */
export interface InspectionListParams {
  status: ViewFilters['status'];
  lineIds: readonly number[];
  q: string;
  structure: string;
  search: string;
  /** Only inspections with open AI markups. */
  aiOpen: boolean;
  sort: SortState | null;
  none: boolean;
}

/** The header's lines and the column filter's lines both narrow: rows must be on a line in both. */
function chosenLines(header: readonly number[], column: readonly number[]): { ids: number[]; none: boolean } {
  if (header.length === 0) return { ids: [...column], none: false };
  if (column.length === 0) return { ids: [...header], none: false };
  const ids = header.filter((id) => column.includes(id));
  return { ids, none: ids.length === 0 };
}

export function listParams(
  filters: ViewFilters,
  header: ProjectFilters,
  columnLineIds: readonly number[],
  sort: SortState | null,
): InspectionListParams {
  const lines = chosenLines(header.lineIds, columnLineIds);
  return {
    status: filters.status,
    lineIds: [...lines.ids].sort((a, b) => a - b),
    q: header.q.trim(),
    structure: filters.structure.trim(),
    search: filters.search.trim(),
    aiOpen: filters.aiOpen,
    sort,
    none: lines.none,
  };
}

type Query = Record<string, string | number | undefined>;

/** The filters as query parameters of the counts call (not the status: the counts split by it). */
export const filterQuery = (p: InspectionListParams): Query => ({
  lineIds: p.lineIds.length > 0 ? p.lineIds.join(',') : undefined,
  q: p.q || undefined,
  structure: p.structure || undefined,
  search: p.search || undefined,
  aiMarkups: p.aiOpen ? ('open' satisfies InspectionListQuery['aiMarkups']) : undefined,
});

/** The list call's parameters for one window. */
export function listQuery(p: InspectionListParams, window?: { offset: number; limit: number }): Query {
  const query: Query = { ...filterQuery(p) };
  if (p.status !== 'all') query.status = p.status;
  if (p.sort) {
    query.sort = p.sort.column satisfies InspectionListQuery['sort'];
    query.direction = p.sort.direction;
  }
  if (window) {
    query.offset = window.offset;
    query.limit = window.limit;
  }
  return query;
}

/** The part of the params the counts depend on, for their query key. */
export const countsKey = (p: InspectionListParams) => ({
  lineIds: p.lineIds,
  q: p.q,
  structure: p.structure,
  search: p.search,
  aiOpen: p.aiOpen,
});
