import { describe, expect, it } from 'vitest';
import {
  crewPaint,
  crewSlots,
  STRUCTURE_LAYERS,
  structureClusters,
  structureLayers,
} from './structureLayers.ts';

/** The crew counts (`c<n>`) an expression or layer reads. */
const countsRead = (value: unknown) => [...new Set(JSON.stringify(value).match(/"c\d+"/g) ?? [])].sort();

describe('the markers count only the crews the project has', () => {
  it('slots are 0 (unassigned) and the crew numbers, once each, ascending', () => {
    expect(crewSlots([3, 1, 3])).toEqual([0, 1, 3]);
    expect(crewSlots([])).toEqual([0]);
  });

  it('the clusters count each slot, and the layers read no other count', () => {
    const slots = crewSlots([1, 3]);
    const clusters = structureClusters(slots);
    expect(clusters.counted.map(clusters.countProperty)).toEqual(['c0', 'c1', 'c3']);
    const layers = structureLayers(['#888888', '#e6194b', '#3cb44b', '#ffe119'], slots);
    expect(layers.map((layer) => layer.id)).toEqual(STRUCTURE_LAYERS);
    expect(countsRead(layers)).toEqual(['"c0"', '"c1"', '"c3"']);
  });

  it('a point takes its crew colour; a crew number without a colour is drawn unassigned', () => {
    const paint = crewPaint(['#888888', '#e6194b'], [0, 1]);
    expect(paint.pointColor).toEqual(['match', ['get', 'n'], 0, '#888888', 1, '#e6194b', expect.any(String)]);
  });
});
