import { RISK, type RiskKey, type RiskLevelInfo, riskInfo } from './risk.ts';

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
 * Risk from review (spec 2 §4 'Risk computation for overview'): an inspection that is not complete is
 * notAcquired without a standing photo and notInspected with one; a complete one takes its key from the
 * highest annotation risk: under 2 (none, 0 or 1) satisfactory, then minor 2, significant 3, urgent 4,
 * major 5. A level off the scale is unknown. `complete` is review_status 'Complete' (spec 1 §4).
 */
export function reviewRisk(s: {
  complete: boolean;
  /** Photos of the structure that are not rejected. */
  standingImages: number;
  /** The highest annotation risk, null when there is none. */
  maxRiskLevel: number | string | null | undefined;
}): RiskLevelInfo {
  if (!s.complete) return s.standingImages > 0 ? RISK.notInspected : RISK.notAcquired;
  const level = s.maxRiskLevel === null || s.maxRiskLevel === undefined ? 0 : Number(s.maxRiskLevel);
  if (Number.isFinite(level) && level < 2) return RISK.satisfactory;
  return riskInfo(level);
}

export const reviewRiskKey = (s: Parameters<typeof reviewRisk>[0]): RiskKey => reviewRisk(s).key;

/**
 * The risk shown for a structure in the summary (spec 1 §4): review status 'Complete' → the scale entry of
 * max_risk_level (missing or 0 → Satisfactory); otherwise Not Inspected when images were uploaded, else
 * Not Acquired. The same rule as `reviewRisk`, over the list's field names.
 */
export function summaryRisk(s: {
  review_status: string | null | undefined;
  max_risk_level: number | string | null | undefined;
  uploaded_image_count: number | null | undefined;
}): RiskLevelInfo {
  return reviewRisk({
    complete: s.review_status === 'Complete',
    standingImages: s.uploaded_image_count ?? 0,
    maxRiskLevel: s.max_risk_level,
  });
}
