import { expression, featureFilter } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { crewMixImage, drawCrewMix, MIX_PARTS, paletteTag, parseCrewMix } from './crewMix.ts';
import { CLUSTER_MIX_LAYER, crewSlots, structureLayers } from './structureLayers.ts';

const PALETTE = ['#888888', '#e6194b', '#3cb44b', '#4363d8'];
const slots = crewSlots([1, 2, 3]);

/** Evaluates a layer's expression on one cluster as MapLibre does. */
function evaluate(value: unknown, properties: Record<string, number>) {
  const parsed = expression.createExpression(value, 'layers[0].layout.icon-image');
  if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
  return parsed.value.evaluate({ zoom: 10 }, { type: 'Point', properties } as never);
}

/** The cluster: 942 structures, 811 of them in crew 1, the rest unassigned. */
const cluster = { point_count: 942, c0: 131, c1: 811, c2: 0, c3: 0 };

describe('a cluster that mixes crews shows the mix', () => {
  const layers = structureLayers(PALETTE, slots);
  const mixLayer = layers.find((layer) => layer.id === CLUSTER_MIX_LAYER) as {
    filter: unknown;
    layout: { 'icon-image': unknown };
  };
  const drawn = (properties: Record<string, number>) =>
    featureFilter(mixLayer.filter as never, 'layers[1].filter').filter({ zoom: 10 }, {
      type: 1,
      properties,
    } as never);

  it('draws a ring with each share: 811 of crew 1 and 131 unassigned in 942', () => {
    expect(drawn(cluster)).toBe(true);
    const name = evaluate(mixLayer.layout['icon-image'], cluster) as string;
    expect(name).toBe(`crew-mix:${paletteTag(PALETTE)}:23:0=3:1=21:2=0:3=0`);
    expect(parseCrewMix(name)).toEqual({
      radius: 23,
      parts: [
        { slot: 0, share: 3 },
        { slot: 1, share: 21 },
      ],
    });
  });

  it('gives a crew with a few structures at least one part, and leaves a single-crew cluster plain', () => {
    const few = { point_count: 600, c0: 0, c1: 590, c2: 10, c3: 0 };
    expect(drawn(few)).toBe(true);
    expect(evaluate(mixLayer.layout['icon-image'], few)).toMatch(/:23:0=0:1=24:2=1:3=0$/);
    expect(drawn({ point_count: 40, c0: 0, c1: 40, c2: 0, c3: 0 })).toBe(false);
    expect(drawn({ point_count: 40, c0: 40, c1: 0, c2: 0, c3: 0 })).toBe(false);
  });

  it('paints the ring in the crew colours, in proportion, starting at 12 o’clock', () => {
    const image = drawCrewMix(parseCrewMix(`crew-mix:x:29:0=3:1=21`)!, PALETTE);
    const at = (x: number, y: number) => [
      ...image.data.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
    ];
    const c = image.width / 2;
    const onRing = (turn: number) => {
      const r = (29 + 2) * 2;
      const a = turn * 2 * Math.PI;
      return at(Math.floor(c + r * Math.sin(a)), Math.floor(c - r * Math.cos(a)));
    };
    // Unassigned (grey) from 12 o'clock for 3/24 of the turn, then crew 1 (red) for the rest.
    expect(onRing(1 / 24 / 2 + 0.5 / MIX_PARTS)).toEqual([0x88, 0x88, 0x88, 255]);
    expect(onRing(0.5)).toEqual([0xe6, 0x19, 0x4b, 255]);
    expect(onRing(0.9)).toEqual([0xe6, 0x19, 0x4b, 255]);
    // The centre stays clear: the cluster circle and its count show through.
    expect(at(Math.floor(c), Math.floor(c))[3]).toBe(0);
  });

  it('names new images when a crew colour changes', () => {
    const other = [...PALETTE];
    other[1] = '#000075';
    expect(evaluate(crewMixImage(slots, other), cluster)).not.toBe(
      evaluate(crewMixImage(slots, PALETTE), cluster),
    );
  });
});
