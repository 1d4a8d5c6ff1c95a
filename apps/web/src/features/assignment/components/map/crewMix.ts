import { UNASSIGNED_COLOR } from '@linewalker/domain';
import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';

/**
 * A cluster of structures of several crews (or of crews and unassigned ones) is drawn with a ring split like a
 * pie: each crew's share of the cluster in its colour, unassigned in grey, around the circle that keeps the
 * majority's colour and the count. A 942-structure cluster with 811 in crew 1 and 131 unassigned reads as
 * "mostly crew 1, some unassigned", not as solid crew 1. The ring is a map image made the first time a mix is
 * drawn (`styleimagemissing`), named by its shares in 24ths and the circle's size, so a few dozen images serve
 * every cluster and the map's own worker keeps placing them.
 */
export const MIX_PREFIX = 'crew-mix';
/** The ring's resolution: shares are rounded to 24ths (15°); any crew present gets at least one. */
export const MIX_PARTS = 24;
/** The ring's width outside the cluster circle, CSS pixels. */
export const MIX_RING_PX = 5;
const PIXEL_RATIO = 2;

const expr = (value: unknown[]) => value as unknown as ExpressionSpecification;
const count = (n: number) => expr(['get', `c${n}`]);

/** The cluster circle's radius for its size (the CLUSTER_LAYER's own steps). */
export const clusterRadius = expr(['step', ['get', 'point_count'], 14, 50, 18, 500, 23, 5000, 29]);

/** A short tag of the palette, so a new crew colour names new images. */
export const paletteTag = (palette: readonly string[]): string => {
  let h = 0;
  for (const ch of palette.join(',')) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return h.toString(36);
};

/**
 * The image name of a cluster's ring: `crew-mix:<palette>:<radius>:<slot>=<24ths>:…`, e.g.
 * 'crew-mix:1x2y:29:0=3:1=21' for 131 unassigned and 811 of crew 1 in 942.
 */
export function crewMixImage(slots: readonly number[], palette: readonly string[]): ExpressionSpecification {
  const share = (n: number) =>
    expr([
      'case',
      ['>', count(n), 0],
      ['max', 1, ['round', ['/', ['*', MIX_PARTS, count(n)], ['get', 'point_count']]]],
      0,
    ]);
  return expr([
    'concat',
    `${MIX_PREFIX}:${paletteTag(palette)}:`,
    ['to-string', clusterRadius],
    ...slots.flatMap((n) => [`:${n}=`, ['to-string', share(n)]]),
  ]);
}

export interface CrewMix {
  radius: number;
  /** Crew slot (0 unassigned) and its share in MIX_PARTS, for the slots present, in slot order. */
  parts: { slot: number; share: number }[];
}

/** Reads an image name made by `crewMixImage`; null for any other image. */
export function parseCrewMix(name: string): CrewMix | null {
  const [prefix, , radius, ...rest] = name.split(':');
  if (prefix !== MIX_PREFIX || radius === undefined) return null;
  const parts = rest
    .map((p) => p.split('=').map(Number) as [number, number])
    .filter(([slot, share]) => Number.isInteger(slot) && share > 0)
    .map(([slot, share]) => ({ slot, share }));
  return { radius: Number(radius), parts };
}

const rgb = (hex: string): [number, number, number] => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const v = m ? Number.parseInt(m[1]!, 16) : 0x888888;
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
};

/**
 * The ring's pixels (RGBA, at twice the CSS size): from 12 o'clock clockwise, each part an arc in proportion
 * to its share, with thin white gaps between parts.
 */
export function drawCrewMix(mix: CrewMix, palette: readonly string[]) {
  const outer = (mix.radius + MIX_RING_PX) * PIXEL_RATIO;
  const inner = (mix.radius - 1) * PIXEL_RATIO;
  const size = Math.ceil(outer * 2) + 2;
  const data = new Uint8ClampedArray(size * size * 4);
  const total = mix.parts.reduce((sum, p) => sum + p.share, 0);
  if (total === 0) return { width: size, height: size, data };
  // Where each part ends, as a fraction of the turn.
  let acc = 0;
  const ends = mix.parts.map((p) => {
    acc += p.share / total;
    return { end: acc, color: rgb(palette[p.slot] ?? UNASSIGNED_COLOR) };
  });
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = x + 0.5 - c;
      const dy = y + 0.5 - c;
      const d = Math.hypot(dx, dy);
      if (d > outer || d < inner) continue;
      const turn = (Math.atan2(dx, -dy) / (2 * Math.PI) + 1) % 1;
      const at = ends.findIndex((e) => turn < e.end);
      const part = ends[at === -1 ? ends.length - 1 : at]!;
      const start = at <= 0 ? 0 : ends[at - 1]!.end;
      // A white edge between parts and around the ring.
      const edge =
        ends.length > 1 && Math.min(turn - start, part.end - turn) * 2 * Math.PI * d < PIXEL_RATIO * 0.75;
      const [r, g, b] = edge || d > outer - PIXEL_RATIO * 0.6 ? [255, 255, 255] : part.color;
      const o = (y * size + x) * 4;
      data[o] = r;
      data[o + 1] = g;
      data[o + 2] = b;
      data[o + 3] = 255;
    }
  }
  return { width: size, height: size, data };
}

/** Makes the ring images on demand for `map`, in the crew colours of `palette` (read when an image is made). */
export function useCrewMixImages(map: MapLibreMap | null, palette: readonly string[] | undefined) {
  const paletteRef = useRef(palette);
  paletteRef.current = palette;
  useEffect(() => {
    if (!map) return;
    map.setMissingStyleImageResolver((id) => {
      const mix = parseCrewMix(id);
      if (!mix || map.hasImage(id)) return;
      map.addImage(id, drawCrewMix(mix, paletteRef.current ?? []), { pixelRatio: PIXEL_RATIO });
      // The rings drawn so far, on the map's element (for the browser tests).
      const drawn = map.getContainer().dataset;
      drawn.crewMixes = `${drawn.crewMixes ?? ''} ${id}`.trim();
    });
    return () => {
      map.setMissingStyleImageResolver(null);
    };
  }, [map]);
}
