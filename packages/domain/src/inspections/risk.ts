/** Keys of the risk scale, also the overview's filter keys (spec 2 §4 'Risk computation for overview'). */
export type RiskKey =
  | 'notAcquired'
  | 'notInspected'
  | 'satisfactory'
  | 'minor'
  | 'significant'
  | 'urgent'
  | 'major'
  | 'unknown';

export interface RiskLevelInfo {
  level: number;
  key: RiskKey;
  label: string;
  /** Display colour (hex). */
  color: string;
  /** Urgent and Major: the structure cannot stay in service as it is. */
  nonServiceable: boolean;
  /** Major only: act at once. */
  immediateAction: boolean;
  /** Levels 1..5, the ones an inspection can grade (the optional restriction keeps only these). */
  graded: boolean;
}

const level = (
  l: number,
  key: RiskKey,
  label: string,
  color: string,
  flags: { nonServiceable?: boolean; immediateAction?: boolean } = {},
): RiskLevelInfo => ({
  level: l,
  key,
  label,
  color,
  nonServiceable: flags.nonServiceable ?? false,
  immediateAction: flags.immediateAction ?? false,
  graded: l >= 1 && l <= 5,
});

/**
 * The risk scale of spec 1 §9, in the spec's order. The spec names grey, blue, green, yellow, orange and red;
 * Not Inspected and Unknown Risk have no colour there: violet and near-black keep them apart from the rest.
 */
export const RISK_SCALE: readonly RiskLevelInfo[] = [
  level(-1, 'notAcquired', 'Not Acquired', '#868e96'),
  level(-2, 'notInspected', 'Not Inspected', '#7048e8'),
  level(1, 'satisfactory', 'Satisfactory', '#1c7ed6'),
  level(2, 'minor', 'Minor', '#2f9e44'),
  level(3, 'significant', 'Significant', '#fab005'),
  level(4, 'urgent', 'Urgent', '#f76707', { nonServiceable: true }),
  level(5, 'major', 'Major', '#e03131', { nonServiceable: true, immediateAction: true }),
  level(-3, 'unknown', 'Unknown Risk', '#343a40'),
];

const byLevel = new Map(RISK_SCALE.map((r) => [r.level, r]));
const must = (l: number): RiskLevelInfo => byLevel.get(l) as RiskLevelInfo;

export const RISK = {
  notAcquired: must(-1),
  notInspected: must(-2),
  satisfactory: must(1),
  minor: must(2),
  significant: must(3),
  urgent: must(4),
  major: must(5),
  unknown: must(-3),
} as const;

/** The scale, or with `gradedOnly` just levels 1..5 (the spec's optional restriction). */
export function riskScale(options: { gradedOnly?: boolean } = {}): RiskLevelInfo[] {
  return RISK_SCALE.filter((r) => !options.gradedOnly || r.graded);
}

/**
 * The scale entry for a level: a missing level (null, undefined, '') or 0 counts as Satisfactory; a level not
 * on the scale is Unknown Risk (-3). Numeric strings (as some drivers return) are read as numbers.
 */
export function riskInfo(value: number | string | null | undefined): RiskLevelInfo {
  if (value === null || value === undefined || value === '') return RISK.satisfactory;
  const n = typeof value === 'number' ? value : Number(value);
  if (n === 0) return RISK.satisfactory;
  return byLevel.get(n) ?? RISK.unknown;
}

/** The new risk rating of the inspection list: above 3 → 4; above 1 → 3; exactly 1 → 2; otherwise 1. */
export function newRiskRating(risk: number): number {
  if (risk > 3) return 4;
  if (risk > 1) return 3;
  if (risk === 1) return 2;
  return 1;
}

/** The Risk column value: mapped when the row's use_new_risk_rating is on, raw otherwise (spec 1 §2). */
export const displayedRisk = (risk: number, useNewRiskRating: boolean | null | undefined): number =>
  useNewRiskRating ? newRiskRating(risk) : risk;
