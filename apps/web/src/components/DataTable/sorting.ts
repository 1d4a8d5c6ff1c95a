import type { SortDirection, SortState } from './types.ts';

/** A row's value to sort by; null sorts last in either direction. */
export type SortValue = string | number | null;

// Numeric collation sorts 'T-9' before 'T-10', as people number structures and lines.
const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** Compares two text values the way the tables sort them (numbers inside text as numbers, any case). */
export const compareText = (a: string, b: string): number => collator.compare(a, b);

/**
 * A sorted copy of `rows` by `value`; empty (null) values go last in either direction, and ties keep
 * the incoming order (Array.prototype.sort is stable), so an unsorted column's order shows through.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  direction: SortDirection,
  value: (row: Row) => SortValue,
): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, k: value(row) }));
  keyed.sort((a, b) => {
    if (a.k === null || b.k === null) return a.k === b.k ? 0 : a.k === null ? 1 : -1;
    const order =
      typeof a.k === 'number' && typeof b.k === 'number' ? a.k - b.k : compareText(String(a.k), String(b.k));
    return sign * order;
  });
  return keyed.map((x) => x.row);
}

/** Header clicks cycle ascending → descending → unsorted (the data's own order). */
export function nextSort<C extends string>(current: SortState<C> | null, column: C): SortState<C> | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}
