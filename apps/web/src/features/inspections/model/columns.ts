import type { InspectionView } from './inspectionView.ts';

export type ColumnId =
  | 'lineName'
  | 'lineNumber'
  | 'structure'
  | 'component'
  | 'reviewedBy'
  | 'dateReviewed'
  | 'reviewStatus'
  | 'risk'
  | 'notes'
  | 'count'
  | 'rejectCount'
  | 'aiMarkups';

export interface ColumnDef {
  id: ColumnId;
  header: string;
  /**
   * Pixels; the table scrolls sideways below the sum. A reviewer's structure-level table (1,409 px with the
   * boxes and the AI column) fits the page at 1440 px wide (1,423 px of it), Count and Reject Count included.
   */
  width: number;
  /**
   * How far the column gives way to a narrower screen (its text cut with an ellipsis; headers stay whole)
   * before the table scrolls sideways: a component-level table (Component added) still fits at 1440 px.
   */
  minWidth?: number;
  align?: 'right';
  /** Shown in the table only, not written to the CSV export (the export keeps the spec's columns). */
  screenOnly?: boolean;
  /** The cell as text: shown (except Risk, drawn as a badge) and written to the CSV export. */
  text: (v: InspectionView) => string | number;
}

const COLUMNS: Record<ColumnId, ColumnDef> = {
  lineName: { id: 'lineName', header: 'Line Name', width: 155, minWidth: 105, text: (v) => v.lineName },
  lineNumber: { id: 'lineNumber', header: 'Line Number', width: 115, text: (v) => v.lineNumber },
  structure: { id: 'structure', header: 'Structure', width: 120, minWidth: 100, text: (v) => v.structure },
  component: { id: 'component', header: 'Component', width: 130, minWidth: 100, text: (v) => v.component },
  reviewedBy: {
    id: 'reviewedBy',
    header: 'Reviewed By',
    width: 135,
    minWidth: 115,
    text: (v) => v.reviewedBy,
  },
  // 'September 30, 2026' and the header with its sort mark fit in 155.
  dateReviewed: { id: 'dateReviewed', header: 'Date Reviewed', width: 155, text: (v) => v.dateReviewed },
  reviewStatus: {
    id: 'reviewStatus',
    header: 'Review Status',
    width: 140,
    minWidth: 125,
    text: (v) => (v.withoutPhotos ? `${v.reviewStatus} (no photos)` : v.reviewStatus),
  },
  risk: { id: 'risk', header: 'Risk', width: 120, minWidth: 105, text: (v) => v.risk.label },
  // Notes are cut with an ellipsis and shown whole on hover: the column gives way so that the table fits a
  // 1440 px screen with a classic scrollbar (Count and Reject Count in view).
  notes: { id: 'notes', header: 'Notes', width: 140, minWidth: 80, text: (v) => v.notes },
  count: { id: 'count', header: 'Count', width: 75, align: 'right', text: (v) => v.count },
  rejectCount: {
    id: 'rejectCount',
    header: 'Reject Count',
    width: 115,
    align: 'right',
    text: (v) => v.rejectCount,
  },
  aiMarkups: {
    id: 'aiMarkups',
    header: 'AI',
    width: 60,
    align: 'right',
    screenOnly: true,
    text: (v) => v.aiMarkups,
  },
};

/**
 * The summary table's columns in the spec's order (spec 1 §2); component-level projects (inspection_type
 * '1') get Component after Structure.
 */
/**
 * The table's columns; a customer (staff: false) has no Reject Count (spec 2 §6: the accepted result only).
 * Reviewers (ai: true) also get AI after Risk: the open AI markups on the structure's photos (issue 22).
 */
export function inspectionColumns(inspectionType: string, staff = true, ai = false): ColumnDef[] {
  const ids: ColumnId[] = [
    'lineName',
    'lineNumber',
    'structure',
    ...(inspectionType === '1' ? (['component'] as const) : []),
    'reviewedBy',
    'dateReviewed',
    'reviewStatus',
    'risk',
    // Next to Risk, where a reviewer looks first (the table scrolls sideways past Count).
    ...(ai ? (['aiMarkups'] as const) : []),
    'notes',
    'count',
    ...(staff ? (['rejectCount'] as const) : []),
  ];
  return ids.map((id) => COLUMNS[id]);
}
