import { describe, expect, it } from 'vitest';
import { AlertRuleSet } from '../api/sensorAlerts.ts';
import {
  type AlertEvent,
  type AlertRule,
  type AlertState,
  DEFAULT_RULE_SETS,
  idleAlert,
  isOffline,
  readingValues,
  riskOfOpenAlerts,
  STRUCTURE_CLASSES,
  stepAlert,
  structureClassOf,
  TILT_EMERGENCY_DEG,
  thresholdRules,
} from './alerts.ts';

const [tiltWarning, tiltAlarm, vibrationWarning] = thresholdRules(DEFAULT_RULE_SETS.distribution);
const tilt = tiltAlarm!;
const vibration: AlertRule = { ...vibrationWarning!, threshold: 1, clearBelow: 0.7, holdSeconds: 10 };

/** Runs readings [seconds, value] through a rule; answers the events. */
function run(rule: AlertRule, readings: [number, number][]): AlertEvent[] {
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
  it('raises only when the threshold is exceeded for the hold time, with the peak of the run', () => {
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
    ).toEqual([{ type: 'raised', start: 0, at: 10_000, peak: 1.8 }]);
  });

  it('a value at the threshold is not beyond it', () => {
    expect(
      run(vibration, [
        [0, 1],
        [20, 1],
      ]),
    ).toEqual([]);
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
    ).toEqual([{ type: 'raised', start: 40_000, at: 100_000, peak: 12 }]);
  });

  it('clears with hysteresis, once, with the peak; raised once, not per reading', () => {
    // Distribution alarm: over 10°, cleared under 9°.
    const events = run(tilt, [
      [0, 12],
      [60, 12],
      [70, 19],
      [80, 9.5],
      [90, 9],
      [100, 8.9],
      [110, 7],
    ]);
    expect(events).toEqual([
      { type: 'raised', start: 0, at: 60_000, peak: 12 },
      { type: 'cleared', start: 0, end: 100_000, peak: 19 },
    ]);
  });

  it('a value hovering around the threshold raises once and does not chatter', () => {
    const readings: [number, number][] = [];
    for (let s = 0; s <= 600; s += 10) readings.push([s, s % 20 === 0 ? 10.2 : 9.6]);
    // 9.6 is at or under the 10° threshold: the hold restarts, nothing is raised…
    expect(run(tilt, readings)).toEqual([]);
    // …but once raised, the same hovering stays above the 9° clear line: one alert, no clear.
    const held: [number, number][] = [
      [0, 11],
      [60, 11],
      ...readings.map(([s, v]) => [s + 70, v] as [number, number]),
    ];
    expect(run(tilt, held).map((e) => e.type)).toEqual(['raised']);
  });

  it('warning and alarm are separate thresholds of one rule set', () => {
    expect(tiltWarning).toMatchObject({
      kind: 'tilt',
      level: 2,
      threshold: 5,
      clearBelow: 4,
      holdSeconds: 60,
    });
    expect(tilt).toMatchObject({ kind: 'tilt', level: 3, threshold: 10, clearBelow: 9 });
    expect(riskOfOpenAlerts([])).toBe(1);
    expect(riskOfOpenAlerts([2, 3, 1])).toBe(3);
  });

  it('a device silent longer than its offline time is offline', () => {
    expect(isOffline(0, 600, 600_000)).toBe(false);
    expect(isOffline(0, 600, 600_001)).toBe(true);
  });

  it('measures the lean and the shake of a payload', () => {
    expect(
      readingValues({
        tilt: [
          { x: 1, y: -6, z: 84 },
          { x: 2, y: 0, z: 88 },
        ],
        vibration: [{ x: 0.1, y: -0.9, z: 0.2 }],
      }),
    ).toEqual({ tilt: 6, vibration: 0.9 });
    expect(readingValues({})).toEqual({ tilt: null, vibration: null });
  });

  it('ships valid defaults for every class: 20° is an emergency on any of them', () => {
    for (const cls of STRUCTURE_CLASSES) {
      const set = DEFAULT_RULE_SETS[cls];
      expect(AlertRuleSet.safeParse(set).success).toBe(true);
      expect(set.tilt.alarm_deg).toBeLessThan(TILT_EMERGENCY_DEG);
    }
    expect(structureClassOf(1)).toBe('distribution');
    expect(structureClassOf(5)).toBe('substation');
    expect(structureClassOf(2)).toBe('transmission');
    expect(structureClassOf(null)).toBe('transmission');
  });

  it('refuses thresholds that cannot work', () => {
    const base = DEFAULT_RULE_SETS.transmission;
    const bad = (change: object) => AlertRuleSet.safeParse({ ...base, ...change }).success;
    expect(bad({ tilt: { ...base.tilt, alarm_deg: 20 } })).toBe(false);
    expect(bad({ tilt: { ...base.tilt, warning_deg: 8 } })).toBe(false);
    expect(bad({ tilt: { ...base.tilt, hysteresis_deg: 3 } })).toBe(false);
    expect(bad({ vibration: { ...base.vibration, warning_g: -1 } })).toBe(false);
    expect(bad({ offline: { after_seconds: 10, level: 1 } })).toBe(false);
    expect(bad({ offline: { after_seconds: 600, level: 4 } })).toBe(false);
    expect(bad({ extra: 1 })).toBe(false);
    expect(bad({ tilt: { ...base.tilt, alarm_deg: 19.9 } })).toBe(true);
  });
});
