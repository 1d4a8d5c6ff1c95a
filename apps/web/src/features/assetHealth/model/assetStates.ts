import { type AssetState, type AssetSummary, RISK, type RiskLevelInfo } from '@linewalker/domain';

/** The state filter's buttons (spec 3 §4 'Structure risk states'). */
export const STATE_OPTIONS: { value: AssetState; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'satisfactory', label: 'Satisfactory' },
  { value: 'minor', label: 'Minor' },
  { value: 'significant', label: 'Significant' },
  { value: 'urgent', label: 'Urgent' },
  { value: 'major', label: 'Major' },
];

/** The summary tiles: the total, the five states and the share with an issue. */
export const SUMMARY_TILES: { key: keyof AssetSummary; label: string; color?: string }[] = [
  { key: 'total', label: 'Total' },
  { key: 'satisfactory', label: 'Satisfactory', color: RISK.satisfactory.color },
  { key: 'minor', label: 'Minor', color: RISK.minor.color },
  { key: 'significant', label: 'Significant', color: RISK.significant.color },
  { key: 'urgent', label: 'Urgent', color: RISK.urgent.color },
  { key: 'major', label: 'Major', color: RISK.major.color },
  { key: 'pct_w_issue', label: '% With Issue' },
];

/** The legend bar: worst first, then the structures without a completed inspection. */
export const LEGEND: readonly RiskLevelInfo[] = [
  RISK.major,
  RISK.urgent,
  RISK.significant,
  RISK.minor,
  RISK.satisfactory,
  RISK.notInspected,
  RISK.notAcquired,
];

/** The asset classes whose titles the page shows; only Transmission is offered (spec 3 §2). */
export const ASSET_CLASSES = [
  'System',
  'Transmission',
  'Distribution',
  'Substation',
  'Solar',
  'Wind',
  'Telecomm',
];
