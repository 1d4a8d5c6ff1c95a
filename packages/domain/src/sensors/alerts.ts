/**
 * Alert rules of sensors (issue 20 'Alerts'), pure: the rules a company keeps per structure class, their
 * defaults, and what a reading does to an alert's state. The server stores the state and the raised alerts
 * (modules/sensors/alerts*), the web edits the rules with the same schemas.
 */

/** The structure classes rules are kept for: the project type of the device's structure decides it. */
export const STRUCTURE_CLASSES = ['distribution', 'transmission', 'substation'] as const;
export type StructureClass = (typeof STRUCTURE_CLASSES)[number];
export const STRUCTURE_CLASS_LABELS: Record<StructureClass, string> = {
  distribution: 'Distribution',
  transmission: 'Transmission',
  substation: 'Substation',
};
/**
 * Project type → structure class (ids of the fixed project types: 1 Distribution, 2 Transmission, 3 ETT and
 * 4 ABB are transmission work, 5 Substation). A device on no project structure is judged as transmission.
 */
export function structureClassOf(projectTypeId: number | null): StructureClass {
  if (projectTypeId === 1) return 'distribution';
  if (projectTypeId === 5) return 'substation';
  return 'transmission';
}

/** A lean of this many degrees is an emergency on any scale: no tilt threshold may be at or past it. */
export const TILT_EMERGENCY_DEG = 20;

export type AlertKind = 'tilt' | 'vibration' | 'offline';
export type AlertLevel = 1 | 2 | 3;

/** One class's rules as a company keeps them (the API and the Edit Alerts dialog use this shape). */
export interface AlertRuleSetValue {
  structure_class: StructureClass;
  /** Lean from vertical (the larger of |tilt x| and |tilt y|), degrees. */
  tilt: { warning_deg: number; alarm_deg: number; hysteresis_deg: number; hold_seconds: number };
  /** The largest axis of any vibration sample of a reading, g. */
  vibration: { warning_g: number; alarm_g: number; hysteresis_g: number; hold_seconds: number };
  /** A device that sends nothing for longer than `after_seconds` is offline (an alert of `level`). */
  offline: { after_seconds: number; level: AlertLevel };
}

/**
 * The rules every company starts with (a company's edits replace them class by class). Where the figures
 * come from — rules of thumb of utility practice, which a company should replace with its own standards:
 * - Tilt: a wood distribution pole leaning past 5° is a maintenance item in the usual pole inspection
 *   manuals, past 10° a replacement; transmission structures are taller (the same angle moves the top
 *   further and loads the foundation and the conductors more), so 3° and 7°; substation steel stands on
 *   rigid foundations and carries rigid bus, so 2° and 5°. 20° is an emergency on any scale: every tilt
 *   threshold must stay below it. A lean changes slowly and wind rocks a pole for seconds, so a lean must
 *   hold 60 s; it clears 1° under the threshold, so a pole resting on it does not raise an alert per gust.
 * - Vibration: 0.5 g held on a structure is galloping or aeolian vibration worth a look, 1 g a danger to
 *   hardware; it must hold 10 s (a single knock, a bird, a truck passing do not), and clears 0.2 g under.
 * - Offline: a device sending nothing for 10 minutes (the demo devices report every 2 s, field units every
 *   minute or so) is offline, level 1: it does not raise the structure's risk, but the users are told.
 */
export const DEFAULT_RULE_SETS: Record<StructureClass, AlertRuleSetValue> = {
  distribution: {
    structure_class: 'distribution',
    tilt: { warning_deg: 5, alarm_deg: 10, hysteresis_deg: 1, hold_seconds: 60 },
    vibration: { warning_g: 0.5, alarm_g: 1, hysteresis_g: 0.2, hold_seconds: 10 },
    offline: { after_seconds: 600, level: 1 },
  },
  transmission: {
    structure_class: 'transmission',
    tilt: { warning_deg: 3, alarm_deg: 7, hysteresis_deg: 1, hold_seconds: 60 },
    vibration: { warning_g: 0.5, alarm_g: 1, hysteresis_g: 0.2, hold_seconds: 10 },
    offline: { after_seconds: 600, level: 1 },
  },
  substation: {
    structure_class: 'substation',
    tilt: { warning_deg: 2, alarm_deg: 5, hysteresis_deg: 1, hold_seconds: 60 },
    vibration: { warning_g: 0.5, alarm_g: 1, hysteresis_g: 0.2, hold_seconds: 10 },
    offline: { after_seconds: 600, level: 1 },
  },
};

/** One threshold of a rule set, as the evaluation runs it. */
export interface AlertRule {
  kind: 'tilt' | 'vibration';
  level: AlertLevel;
  /** Raised when the value stays above this for `holdSeconds`. */
  threshold: number;
  /** Cleared only when the value falls below this (hysteresis: below `threshold`). */
  clearBelow: number;
  holdSeconds: number;
}

/** A rule set's four thresholds: tilt and vibration, each a warning (level 2) and an alarm (level 3). */
export function thresholdRules(set: AlertRuleSetValue): AlertRule[] {
  const { tilt, vibration } = set;
  return [
    {
      kind: 'tilt',
      level: 2,
      threshold: tilt.warning_deg,
      clearBelow: tilt.warning_deg - tilt.hysteresis_deg,
      holdSeconds: tilt.hold_seconds,
    },
    {
      kind: 'tilt',
      level: 3,
      threshold: tilt.alarm_deg,
      clearBelow: tilt.alarm_deg - tilt.hysteresis_deg,
      holdSeconds: tilt.hold_seconds,
    },
    {
      kind: 'vibration',
      level: 2,
      threshold: vibration.warning_g,
      clearBelow: vibration.warning_g - vibration.hysteresis_g,
      holdSeconds: vibration.hold_seconds,
    },
    {
      kind: 'vibration',
      level: 3,
      threshold: vibration.alarm_g,
      clearBelow: vibration.alarm_g - vibration.hysteresis_g,
      holdSeconds: vibration.hold_seconds,
    },
  ];
}

interface Xyz {
  x: number;
  y: number;
  z: number;
}
/**
 * What a reading's payload measures for the rules: the lean (largest of |x| and |y| over its tilt samples,
 * degrees from vertical) and the shake (largest |axis| over its vibration samples, g); null when absent.
 */
export function readingValues(payload: { tilt?: Xyz[] | undefined; vibration?: Xyz[] | undefined }): {
  tilt: number | null;
  vibration: number | null;
} {
  const tilt = payload.tilt?.length
    ? Math.max(...payload.tilt.map((s) => Math.max(Math.abs(s.x), Math.abs(s.y))))
    : null;
  const vibration = payload.vibration?.length
    ? Math.max(...payload.vibration.map((s) => Math.max(Math.abs(s.x), Math.abs(s.y), Math.abs(s.z))))
    : null;
  return { tilt, vibration };
}

export interface AlertState {
  /** When the value first went over the threshold in the current run (null when it is not over). */
  overSince: number | null;
  /** The highest value of the current run so far (the peak of the alert it raises). */
  overPeak: number | null;
  /** The raised alert: its start and its peak so far. */
  raised: { start: number; peak: number } | null;
}
export const idleAlert = (): AlertState => ({ overSince: null, overPeak: null, raised: null });

export type AlertEvent =
  | { type: 'raised'; start: number; at: number; peak: number }
  | { type: 'cleared'; start: number; end: number; peak: number };

/**
 * One reading (value at time `t`, ms) through a rule: the next state and the event it caused, if any. The
 * value must stay over the threshold (strictly) for the hold time to raise an alert (a dip at or under it
 * restarts the hold); a raised alert clears when the value falls under `clearBelow` (hysteresis), once.
 */
export function stepAlert(
  rule: AlertRule,
  state: AlertState,
  value: number,
  t: number,
): { state: AlertState; event?: AlertEvent } {
  if (state.raised) {
    const peak = Math.max(state.raised.peak, value);
    if (value < rule.clearBelow) {
      return { state: idleAlert(), event: { type: 'cleared', start: state.raised.start, end: t, peak } };
    }
    return { state: { ...state, raised: { start: state.raised.start, peak } } };
  }
  if (value <= rule.threshold) return { state: idleAlert() };
  const overSince = state.overSince ?? t;
  const overPeak = Math.max(state.overPeak ?? value, value);
  if (t - overSince >= rule.holdSeconds * 1000) {
    const raised = { start: overSince, peak: overPeak };
    return { state: { overSince, overPeak, raised }, event: { type: 'raised', ...raised, at: t } };
  }
  return { state: { overSince, overPeak, raised: null } };
}

/** A device is offline when nothing came for longer than `afterSeconds` (never seen: since `since`). */
export const isOffline = (lastSeen: number, afterSeconds: number, now: number): boolean =>
  now - lastSeen > afterSeconds * 1000;

/** The Risk column: the highest level of the device's open alerts, 1 when there is none. */
export const riskOfOpenAlerts = (levels: readonly number[]): AlertLevel =>
  Math.min(3, Math.max(1, ...levels)) as AlertLevel;
