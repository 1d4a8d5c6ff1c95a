import { type SortValue, sortRows } from '../../../components/DataTable/sorting.ts';
import type { SortState as TableSortState } from '../../../components/DataTable/types.ts';
import type { ColumnId } from './columns.ts';
import type { InspectionView } from './inspectionView.ts';

export type SortState = TableSortState<ColumnId>;
export { nextSort } from '../../../components/DataTable/sorting.ts';

/** Severity order for Risk: Not Acquired, Not Inspected, Unknown Risk, then the graded levels 1..5. */
const UNGRADED_RANK: Partial<Record<string, number>> = { notAcquired: -3, notInspected: -2, unknown: -1 };
const riskRank = (v: InspectionView): number =>
  v.risk.graded ? v.risk.level : (UNGRADED_RANK[v.risk.key] ?? -1);

type Key = (v: InspectionView) => SortValue;

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
  aiMarkups: (v) => v.aiMarkups,
};

/**
 * A sorted copy; empty values go last in either direction, and ties keep the server's order (line, then
 * structure), which Array.prototype.sort guarantees by being stable.
 */
export function sortViews(
  views: readonly InspectionView[],
  sort: SortState | null,
): readonly InspectionView[] {
  return sort ? sortRows(views, sort.direction, KEYS[sort.column]) : views;
}
