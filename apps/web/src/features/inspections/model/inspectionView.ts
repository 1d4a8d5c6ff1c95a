import {
  displayedRisk,
  type InspectionRow,
  type RiskLevelInfo,
  reviewStatusLabel,
  riskInfo,
  summaryRisk,
} from '@linewalker/domain';

/** A list row with everything the table shows, sorts, filters and exports worked out once. */
export interface InspectionView {
  row: InspectionRow;
  id: number;
  lineName: string;
  lineNumber: string;
  structure: string;
  component: string;
  reviewedBy: string;
  /** Long US date ('January 5, 2026'), '--' when not reviewed. */
  dateReviewed: string;
  /** For sorting; null when not reviewed. */
  dateReviewedTime: number | null;
  reviewStatus: string;
  risk: RiskLevelInfo;
  notes: string;
  count: number;
  rejectCount: number;
  /** Open AI markups on the structure's photos (0 when the server leaves it out, for a customer). */
  aiMarkups: number;
  completed: boolean;
  /** Completed while the structure had no photo standing (the reviewer confirmed it). */
  withoutPhotos: boolean;
  /** Lower-case text the search box looks in. */
  searchText: string;
}

export const NO_DATE = '--';

const longUsDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * The Risk column (spec 1 §2, §4): a completed review shows max_risk_level, through the new risk rating
 * when the project uses it (raw otherwise); an unreviewed structure shows Not Inspected when it has
 * photos, else Not Acquired.
 */
export function rowRisk(row: InspectionRow): RiskLevelInfo {
  if (row.review_status !== 'Complete') return summaryRisk(row);
  return riskInfo(displayedRisk(row.max_risk_level ?? 0, row.use_new_risk_rating));
}

export function toInspectionView(row: InspectionRow): InspectionView {
  const date = row.date_reviewed ? new Date(row.date_reviewed) : null;
  const view: Omit<InspectionView, 'searchText'> = {
    row,
    id: row.id,
    lineName: row.line_name,
    lineNumber: row.line ?? '',
    structure: row.structure,
    component: row.component ?? '',
    reviewedBy: row.reviewed_by ?? '',
    dateReviewed: date ? longUsDate.format(date) : NO_DATE,
    dateReviewedTime: date ? date.getTime() : null,
    reviewStatus: reviewStatusLabel(row.review_status),
    risk: rowRisk(row),
    notes: row.notes ?? '',
    count: row.count,
    rejectCount: row.reject_count ?? 0,
    aiMarkups: row.ai_markups ?? 0,
    completed: date !== null,
    withoutPhotos: row.completed_without_photos && row.review_status === 'Complete',
  };
  const searchText = [
    view.lineName,
    view.lineNumber,
    view.structure,
    view.component,
    view.reviewedBy,
    view.reviewStatus,
    view.risk.label,
    view.notes,
  ]
    .join('\u0000')
    .toLowerCase();
  return { ...view, searchText };
}
