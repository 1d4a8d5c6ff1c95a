/**
 * Alert rules of sensors (issue 20 'Alerts'), pure: what a reading does to an alert's state. Storage, the
 * per-company rules table and the notifications are still to be built on top of this.
 */
export interface AlertRule {
  kind: 'tilt' | 'vibration';
  /** Raised when the value stays above this for `holdSeconds`. */
  threshold: number;
  /** Cleared only when the value falls below this (hysteresis: below `threshold`). */
  clearBelow: number;
  holdSeconds: number;
}

/**
 * Defaults for every structure class: a lean past 10° (a replacement in the usual pole inspection manuals;
 * 20° is an emergency on any scale) held 60 s, cleared under 8°; vibration past 1 g held 10 s, cleared under
 * 0.7 g. A device silent for 3 of its intervals is offline.
 */
export const DEFAULT_ALERT_RULES: readonly AlertRule[] = [
  { kind: 'tilt', threshold: 10, clearBelow: 8, holdSeconds: 60 },
  { kind: 'vibration', threshold: 1, clearBelow: 0.7, holdSeconds: 10 },
];
export const OFFLINE_AFTER_INTERVALS = 3;

export interface AlertState {
  /** When the value first went over the threshold in the current run (null when it is not over). */
  overSince: number | null;
  /** The raised alert: its start and its peak so far. */
  raised: { start: number; peak: number } | null;
}
export const idleAlert = (): AlertState => ({ overSince: null, raised: null });

export type AlertEvent =
  | { type: 'raised'; start: number; peak: number }
  | { type: 'cleared'; start: number; end: number; peak: number };

/** One reading (value at time `t`, ms) through a rule: the next state and the event it caused, if any. */
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
    return { state: { overSince: state.overSince, raised: { start: state.raised.start, peak } } };
  }
  if (value <= rule.threshold) return { state: idleAlert() };
  const overSince = state.overSince ?? t;
  if (t - overSince >= rule.holdSeconds * 1000) {
    const raised = { start: overSince, peak: value };
    return { state: { overSince, raised }, event: { type: 'raised', ...raised } };
  }
  return { state: { overSince, raised: null } };
}

/** A device is offline when nothing came for OFFLINE_AFTER_INTERVALS of its reporting interval. */
export const isOffline = (lastSeen: number | null, intervalSeconds: number, now: number): boolean =>
  lastSeen === null || now - lastSeen > OFFLINE_AFTER_INTERVALS * intervalSeconds * 1000;
