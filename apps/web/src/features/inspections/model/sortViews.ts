import type { ColumnId } from './columns.ts';
import type { InspectionView } from './inspectionView.ts';

export interface SortState {
  column: ColumnId;
  direction: 'asc' | 'desc';
}

// Numeric collation sorts 'T-9' before 'T-10', as people number structures.
const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** Severity order for Risk: Not Acquired, Not Inspected, Unknown Risk, then the graded levels 1..5. */
const UNGRADED_RANK: Partial<Record<string, number>> = { notAcquired: -3, notInspected: -2, unknown: -1 };
const riskRank = (v: InspectionView): number =>
  v.risk.graded ? v.risk.level : (UNGRADED_RANK[v.risk.key] ?? -1);

type Key = (v: InspectionView) => string | number | null;

const KEYS: Record<ColumnId, Key> = {
  lineName: (v) => v.lineName,
  lineNumber: (v) => v.lineNumber || null,
  structure: (v) => v.structure,
  component: (v) => v.component || null,
  reviewedBy: (v) => v.reviewedBy || null,
  dateReviewed: (v) => v.dateReviewedTime,
  reviewStatus: (v) => v.reviewStatus,
  risk: riskRank,
  notes: (v) => v.notes || null,
  count: (v) => v.count,
  rejectCount: (v) => v.rejectCount,
};

/**
 * A sorted copy; empty values go last in either direction, and ties keep the server's order (line, then
 * structure), which Array.prototype.sort guarantees by being stable.
 */
export function sortViews(
  views: readonly InspectionView[],
  sort: SortState | null,
): readonly InspectionView[] {
  if (!sort) return views;
  const key = KEYS[sort.column];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = views.map((v) => ({ v, k: key(v) }));
  keyed.sort((a, b) => {
    if (a.k === null || b.k === null) return a.k === b.k ? 0 : a.k === null ? 1 : -1;
    const order =
      typeof a.k === 'number' && typeof b.k === 'number'
        ? a.k - b.k
        : collator.compare(String(a.k), String(b.k));
    return sign * order;
  });
  return keyed.map((x) => x.v);
}

/** Header clicks cycle ascending → descending → unsorted (the server's line/structure order). */
export function nextSort(current: SortState | null, column: ColumnId): SortState | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}
