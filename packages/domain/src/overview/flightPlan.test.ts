import { describe, expect, it } from 'vitest';
import {
  FLIGHT_PLAN_MAX_DEPTH,
  flightPlanCoverage,
  flightPlanExtension,
  metresToPath,
  nestingDepth,
  parseFlightPlan,
} from './flightPlan.ts';

const simple = (command: number, lat: number | null, lon: number | null, frame = 3) => ({
  type: 'SimpleItem',
  command,
  frame,
  params: [0, 0, 0, null, lat, lon, 30],
});
const plan = (items: unknown[], home: unknown = [45, 7, 100]) =>
  JSON.stringify({ fileType: 'Plan', version: 1, mission: { version: 2, plannedHomePosition: home, items } });

describe('flightPlanExtension', () => {
  it.each([
    ['a.plan', 'plan'],
    ['A.PLAN', 'plan'],
    ['mission.Json', 'json'],
    [' x.json ', 'json'],
    ['a.txt', null],
    ['plan', null],
    ['a.plan.txt', null],
    ['a.json.exe', null],
    ['.plan', 'plan'],
  ])('%s → %s', (name, ext) => expect(flightPlanExtension(name)).toBe(ext));
});

describe('parseFlightPlan', () => {
  it('reads home, navigation items and complex items, skipping commands without a place', () => {
    const parsed = parseFlightPlan(
      plan([
        simple(22, 0, 0), // take-off without a position
        simple(16, 45.001, 7.001),
        simple(206, 25, 0, 2), // camera trigger distance: no place
        simple(16, 45.002, 7.002),
        {
          type: 'ComplexItem',
          complexItemType: 'survey',
          TransectStyleComplexItem: { Items: [simple(16, 45.003, 7.003), simple(16, 45.004, 7.004)] },
        },
        {
          type: 'ComplexItem',
          complexItemType: 'StructureScan',
          polygon: [
            [45.01, 7.01],
            [45.01, 7.02],
            [45.02, 7.02],
          ],
        },
        simple(20, 0, 0, 2), // return to launch
      ]),
    );
    expect(parsed?.format).toBe('qgc');
    expect(parsed?.waypoints.map((w) => [w.lat, w.lon])).toEqual([
      [45, 7],
      [45.001, 7.001],
      [45.002, 7.002],
      [45.003, 7.003],
      [45.004, 7.004],
      [45.01, 7.01],
      [45.01, 7.02],
      [45.02, 7.02],
      [45.01, 7.01],
    ]);
    expect(parsed?.waypoints[0]?.alt).toBe(100);
  });

  it('reads JSON missions: a list, {waypoints}, GeoJSON, with a byte-order mark', () => {
    expect(parseFlightPlan('[{"lat": 1, "lon": 2}]')?.waypoints).toEqual([{ lat: 1, lon: 2, alt: null }]);
    expect(
      parseFlightPlan('\uFEFF{"waypoints": [{"latitude": 1, "longitude": 2, "altitude": 3}]}')?.format,
    ).toBe('json');
    expect(
      parseFlightPlan(
        JSON.stringify({
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [2, 1],
              [3, 1],
            ],
          },
        }),
      )?.waypoints.map((w) => w.lon),
    ).toEqual([2, 3]);
  });

  it.each([
    ['not JSON', 'hello'],
    ['empty', ''],
    ['a number', '42'],
    ['an empty list', '[]'],
    ['a plan without positions', plan([simple(20, 0, 0, 2)], [0, 0, 0])],
    ['a plan without a mission', JSON.stringify({ fileType: 'Plan' })],
    ['a list with a bad point', '[{"lat": 1, "lon": 2}, {"lat": 91, "lon": 2}]'],
    ['strings for numbers', '[{"lat": "1", "lon": "2"}]'],
    ['an object without waypoints', '{"items": []}'],
  ])('refuses %s', (_, text) => expect(parseFlightPlan(text)).toBeNull());
});

describe('nesting', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestingDepth('{"a":[1,{"b":"[[[{{"}]}')).toBe(3);
    expect(nestingDepth('"\\"[["')).toBe(0);
    expect(nestingDepth('[]')).toBe(1);
  });

  it('refuses a plan nested deeper than any real one, without overflowing the stack', () => {
    const deep = (n: number) => `${'['.repeat(n)}[38.8,-97.6]${']'.repeat(n)}`;
    expect(parseFlightPlan(deep(100_000))).toBeNull();
    expect(parseFlightPlan(deep(FLIGHT_PLAN_MAX_DEPTH))).toBeNull();
    expect(parseFlightPlan(JSON.stringify([[-97.6, 38.8]]))).not.toBeNull();
  });
});

describe('metresToPath and flightPlanCoverage', () => {
  const path = [
    { lat: 0.5, lon: 10, alt: null },
    { lat: 0.5, lon: 10.01, alt: null },
  ];
  it('measures to the nearest point of a leg, not only to its ends', () => {
    // 0.0005° of latitude north of the middle of the leg: ~55.7 m.
    expect(metresToPath(0.5005, 10.005, path)).toBeCloseTo(55.7, 0);
    // Past the end: the distance to the end point.
    expect(metresToPath(0.5, 10.011, path)).toBeCloseTo(111.3, 0);
  });

  it('lists structures beyond the radius with their distance, and counts all of them', () => {
    const structures = [
      { id: 1, latitude: 0.5001, longitude: 10.002 },
      { id: 2, latitude: 0.501, longitude: 10.002 },
      { id: 3, latitude: 0.5, longitude: 10.02 },
    ];
    const coverage = flightPlanCoverage(structures, path, 50);
    expect(coverage.uncoveredCount).toBe(2);
    expect(coverage.uncovered.map((s) => s.id)).toEqual([2, 3]);
    expect(coverage.uncovered[0]!.metres).toBeCloseTo(111.3, 0);
  });

  it('agrees with checking every leg, for a zig-zag path and random structures', () => {
    const zigzag = Array.from({ length: 60 }, (_, i) => ({
      lat: 10 + (i % 2) * 0.01,
      lon: 20 + i * 0.002,
      alt: null,
    }));
    let seed = 7;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const structures = Array.from({ length: 2000 }, (_, id) => ({
      id,
      latitude: 9.99 + rand() * 0.03,
      longitude: 19.99 + rand() * 0.14,
    }));
    const fast = flightPlanCoverage(structures, zigzag, 40);
    const slow = structures.filter((s) => metresToPath(s.latitude, s.longitude, zigzag) > 40);
    expect(fast.uncoveredCount).toBe(slow.length);
    expect(fast.uncovered.map((s) => s.id)).toEqual(slow.slice(0, 1000).map((s) => s.id));
  });

  it('handles a one-point path', () => {
    const one = [{ lat: 1, lon: 1, alt: null }];
    expect(flightPlanCoverage([{ latitude: 1, longitude: 1.0001 }], one, 50).uncoveredCount).toBe(0);
    expect(flightPlanCoverage([{ latitude: 1, longitude: 1.01 }], one, 50).uncoveredCount).toBe(1);
  });
});
