import { OVERVIEW_RISK_KEYS, OverviewMap } from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import { openingCentre } from './mapFeatures.ts';

/** Map columns for the given [lon, lat] structures, all of risk 0, checked by the shared schema. */
const mapOf = (points: [number, number][]): OverviewMap =>
  OverviewMap.parse({
    structure_id: points.map((_, i) => i + 1),
    longitude: points.map((p) => p[0]),
    latitude: points.map((p) => p[1]),
    risk: points.map(() => 0),
    counts: Object.fromEntries(OVERVIEW_RISK_KEYS.map((k) => [k, 0])),
    total: points.length,
  });

describe('openingCentre', () => {
  it('opens on the structure nearest the middle, not on the empty middle between two lines', () => {
    // Two lines 40 km apart: the middle of their bounds holds no structure.
    const west = [0, 1, 2].map((k): [number, number] => [-98.5, 38.5 + k * 0.01]);
    const east = [0, 1, 2].map((k): [number, number] => [-98.0, 38.5 + k * 0.01]);
    const centre = openingCentre(mapOf([...west, ...east]));
    expect(centre).not.toBeNull();
    expect([...west, ...east]).toContainEqual(centre);
    expect(centre?.[1]).toBe(38.51);
  });

  it('answers null without structures', () => {
    expect(openingCentre(mapOf([]))).toBeNull();
  });
});
