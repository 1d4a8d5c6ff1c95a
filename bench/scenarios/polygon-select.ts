import { flattenCoordinates, pointsInPolygon } from '@linewalker/domain';
import { defineScenario } from '../lib/scenario.ts';

const POINTS = 50_000;
const VERTICES = 32;
/** A survey area of roughly 30 × 30 km around Salina, Kansas. */
const AREA = { west: -97.8, east: -97.45, south: 38.7, north: 38.97 };

interface Context {
  /** lon, lat, lon, lat, … as the map screen keeps them. */
  coords: Float64Array;
  polygon: number[][][];
  /** The lasso's vertices, flat, for the baseline. */
  ring: Float64Array;
  expected: number;
}

/** Deterministic pseudo-random numbers (mulberry32), so every run selects the same points. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A hand-drawn lasso: a wobbly closed loop around the middle of the area (radius varying ±25 % with the
 * angle), sized to take in about half the points, with the closing vertex repeated as GeoJSON has it.
 */
function lasso(): number[][] {
  const cx = (AREA.west + AREA.east) / 2;
  const cy = (AREA.south + AREA.north) / 2;
  const rx = (AREA.east - AREA.west) * 0.4;
  const ry = (AREA.north - AREA.south) * 0.4;
  const ring: number[][] = [];
  for (let i = 0; i < VERTICES; i++) {
    const angle = (i / VERTICES) * 2 * Math.PI;
    const wobble = 1 + 0.15 * Math.sin(3 * angle) + 0.1 * Math.cos(5 * angle + 1);
    ring.push([cx + rx * wobble * Math.cos(angle), cy + ry * wobble * Math.sin(angle)]);
  }
  ring.push(ring[0]!);
  return ring;
}

/** The textbook even-odd ray cast over every point and every edge: no bounding box, no bands. */
function flatScan(coords: Float64Array, ring: Float64Array): number[] {
  const found: number[] = [];
  const n = ring.length >> 1;
  for (let p = 0; p < coords.length; p += 2) {
    const x = coords[p]!;
    const y = coords[p + 1]!;
    let inside = false;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = ring[i * 2]!;
      const yi = ring[i * 2 + 1]!;
      const xj = ring[j * 2]!;
      const yj = ring[j * 2 + 1]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    if (inside) found.push(p >> 1);
  }
  return found;
}

export default defineScenario<Context>({
  name: 'polygon-select',
  description: `pointsInPolygon over ${POINTS.toLocaleString('en-US')} structures with a ${VERTICES}-vertex lasso vs a flat-array ray cast of every point`,
  async setup() {
    const next = random(7);
    const points = Array.from({ length: POINTS }, () => [
      AREA.west + next() * (AREA.east - AREA.west),
      AREA.south + next() * (AREA.north - AREA.south),
    ]);
    const coords = flattenCoordinates(points.map(([lon, lat]) => ({ longitude: lon!, latitude: lat! })));
    const ring = lasso();
    const polygon = [ring];
    const flatRing = new Float64Array(ring.slice(0, -1).flat());
    const ours = pointsInPolygon(coords, polygon);
    const theirs = flatScan(coords, flatRing);
    if (ours.length !== theirs.length || ours.some((v, i) => v !== theirs[i])) {
      throw new Error(`selections differ: ${ours.length} vs ${theirs.length} points`);
    }
    const share = ours.length / POINTS;
    if (share < 0.4 || share > 0.6)
      throw new Error(`the lasso takes in ${(share * 100).toFixed(0)}% of the points`);
    return { coords, polygon, ring: flatRing, expected: ours.length };
  },
  subject: ({ coords, polygon }) => pointsInPolygon(coords, polygon),
  baseline: ({ coords, ring }) => flatScan(coords, ring),
});
