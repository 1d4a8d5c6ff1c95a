import { describe, expect, it } from 'vitest';
import {
  type AlertEvent,
  type AlertState,
  DEFAULT_ALERT_RULES,
  idleAlert,
  isOffline,
  stepAlert,
} from './alerts.ts';

const tilt = DEFAULT_ALERT_RULES[0]!;
const vibration = DEFAULT_ALERT_RULES[1]!;

/** Runs readings [seconds, value] through a rule; answers the events. */
function run(rule: typeof tilt, readings: [number, number][]): AlertEvent[] {
  let state: AlertState = idleAlert();
  const events: AlertEvent[] = [];
  for (const [s, v] of readings) {
    const step = stepAlert(rule, state, v, s * 1000);
    state = step.state;
    if (step.event) events.push(step.event);
  }
  return events;
}

describe('sensor alert rules', () => {
  it('raises only when the threshold is exceeded for the hold time', () => {
    expect(
      run(vibration, [
        [0, 1.5],
        [5, 1.4],
        [9, 1.2],
        [12, 0.2],
      ]),
    ).toEqual([]);
    expect(
      run(vibration, [
        [0, 1.5],
        [5, 1.8],
        [10, 1.2],
      ]),
    ).toEqual([{ type: 'raised', start: 0, peak: 1.2 }]);
  });

  it('a dip under the threshold restarts the hold', () => {
    expect(
      run(tilt, [
        [0, 11],
        [30, 9.5],
        [40, 11],
        [90, 11],
      ]),
    ).toEqual([]);
    expect(
      run(tilt, [
        [0, 11],
        [30, 9.5],
        [40, 11],
        [100, 12],
      ]),
    ).toEqual([{ type: 'raised', start: 40_000, peak: 12 }]);
  });

  it('clears with hysteresis, once, with the peak; raised once, not per reading', () => {
    const events = run(tilt, [
      [0, 12],
      [60, 12],
      [70, 20],
      [80, 9],
      [90, 8.5],
      [100, 7.9],
      [110, 7],
    ]);
    expect(events).toEqual([
      { type: 'raised', start: 0, peak: 12 },
      { type: 'cleared', start: 0, end: 100_000, peak: 20 },
    ]);
  });

  it('a device silent for three intervals is offline', () => {
    expect(isOffline(null, 60, 0)).toBe(true);
    expect(isOffline(0, 60, 180_000)).toBe(false);
    expect(isOffline(0, 60, 180_001)).toBe(true);
  });
});
