import { RISK, type RiskLevelInfo, riskInfo } from './risk.ts';

/** Review statuses: empty is pending (spec 1 §4). */
export const REVIEWED_STATUSES = ['Complete', 'Reshoot Requested'] as const;
export const REVIEW_STATUSES = ['', ...REVIEWED_STATUSES] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The label of a review status; pending (empty or missing) reads 'Pending'. */
export const reviewStatusLabel = (status: string | null | undefined): string =>
  status === null || status === undefined || status === '' ? 'Pending' : status;

/** An inspection is completed once date_reviewed is set (spec 1 §4). */
export const isInspectionCompleted = (i: { date_reviewed: string | null | undefined }): boolean =>
  i.date_reviewed !== null && i.date_reviewed !== undefined && i.date_reviewed !== '';

/**
 * The risk shown for a structure in the summary (spec 1 §4): review status 'Complete' → the scale entry of
 * max_risk_level (missing or 0 → Satisfactory); otherwise Not Inspected when images were uploaded, else
 * Not Acquired.
 */
export function summaryRisk(s: {
  review_status: string | null | undefined;
  max_risk_level: number | string | null | undefined;
  uploaded_image_count: number | null | undefined;
}): RiskLevelInfo {
  if (s.review_status === 'Complete') return riskInfo(s.max_risk_level);
  return (s.uploaded_image_count ?? 0) > 0 ? RISK.notInspected : RISK.notAcquired;
}
