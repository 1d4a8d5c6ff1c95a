import { RISK, type RiskKey, type RiskLevelInfo } from '../inspections/risk.ts';

/**
 * The overview's risk keys in the order of its filter buttons and stat bar (spec 2 §4 'Risk computation for
 * overview'): Not Acquired, Not Inspected, then the graded levels. The rule that picks a structure's key is
 * `summaryRisk` (inspections/review.ts); the server's SQL reproduces it (see the overview repository's test).
 */
export const OVERVIEW_RISK_KEYS = [
  'notAcquired',
  'notInspected',
  'satisfactory',
  'minor',
  'significant',
  'urgent',
  'major',
] as const satisfies readonly RiskKey[];
export type OverviewRiskKey = (typeof OVERVIEW_RISK_KEYS)[number];

/** The scale entries of the overview's keys (label, colour, level), in button order. */
export const OVERVIEW_RISKS: readonly RiskLevelInfo[] = OVERVIEW_RISK_KEYS.map((key) => RISK[key]);

/** A count per overview risk key, every key present. */
export type RiskCounts = Record<OverviewRiskKey, number>;

export const emptyRiskCounts = (): RiskCounts =>
  Object.fromEntries(OVERVIEW_RISK_KEYS.map((key) => [key, 0])) as RiskCounts;

/**
 * The stat bar's percent of one count (spec 2 §3 'Project stats': two decimals, '0' when the total is not
 * positive).
 */
export function riskPercent(count: number, total: number): string {
  if (!(total > 0) || !Number.isFinite(count)) return '0';
  return ((count / total) * 100).toFixed(2);
}
