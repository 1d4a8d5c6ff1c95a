import type { Rng } from './random.ts';

/** A WGS84 position; stored in `point` columns as x = lon, y = lat. */
export interface LonLat {
  lon: number;
  lat: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/** Great-circle distance in metres. */
export function distanceMeters(a: LonLat, b: LonLat): number {
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `meters` away from `from` on compass bearing `bearingDeg` (fine for the short hops used here). */
export function offset(from: LonLat, meters: number, bearingDeg: number): LonLat {
  const b = toRad(bearingDeg);
  const dLat = (meters * Math.cos(b)) / EARTH_RADIUS_M;
  const dLon = (meters * Math.sin(b)) / (EARTH_RADIUS_M * Math.cos(toRad(from.lat)));
  return { lon: from.lon + toDeg(dLon), lat: from.lat + toDeg(dLat) };
}

export interface SpacingOptions {
  /** Span length range in metres between consecutive structures. */
  minSpacing: number;
  maxSpacing: number;
  /** Sideways wobble in metres, so poles are not on a perfect line. */
  jitter?: number;
}

/**
 * Structure positions along a polyline: one at the start, then one every `minSpacing..maxSpacing` metres
 * along the path (corners included), stopping at the end of the path.
 */
export function structuresAlong(path: readonly LonLat[], rng: Rng, opts: SpacingOptions): LonLat[] {
  if (path.length === 0) return [];
  const out: LonLat[] = [];
  const jitter = opts.jitter ?? 0;
  const place = (p: LonLat) =>
    out.push(jitter > 0 ? offset(p, rng.range(0, jitter), rng.range(0, 360)) : { lon: p.lon, lat: p.lat });
  place(path[0] as LonLat);
  let untilNext = rng.range(opts.minSpacing, opts.maxSpacing);
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as LonLat;
    const b = path[i] as LonLat;
    const segment = distanceMeters(a, b);
    let along = 0;
    while (segment - along >= untilNext) {
      along += untilNext;
      const f = along / segment;
      place({ lon: a.lon + (b.lon - a.lon) * f, lat: a.lat + (b.lat - a.lat) * f });
      untilNext = rng.range(opts.minSpacing, opts.maxSpacing);
    }
    untilNext -= segment - along;
  }
  return out;
}

/**
 * A plausible line route: starts at `start`, heads roughly along `bearingDeg`, turning a little at each of
 * `legs` waypoints, with legs of `legMeters` (±30%). Utility lines follow roads and section lines, so turns are mild.
 */
export function randomRoute(
  start: LonLat,
  bearingDeg: number,
  legs: number,
  legMeters: number,
  rng: Rng,
): LonLat[] {
  const path: LonLat[] = [start];
  let bearing = bearingDeg;
  let at = start;
  for (let i = 0; i < legs; i++) {
    bearing += rng.range(-25, 25);
    at = offset(at, legMeters * rng.range(0.7, 1.3), bearing);
    path.push(at);
  }
  return path;
}

/** Length of a polyline in metres. */
export function pathLength(path: readonly LonLat[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += distanceMeters(path[i - 1] as LonLat, path[i] as LonLat);
  return total;
}

/**
 * Exactly `count` structure positions along a generated route from `start` heading `bearingDeg`;
 * the route is extended until it is long enough. Returns the route too (for line geometry).
 */
export function lineOfStructures(
  start: LonLat,
  bearingDeg: number,
  count: number,
  rng: Rng,
  opts: SpacingOptions,
): { path: LonLat[]; positions: LonLat[] } {
  const mean = (opts.minSpacing + opts.maxSpacing) / 2;
  const length = Math.max(1, count) * mean * 1.15;
  const legs = Math.max(2, Math.min(12, Math.round(length / 4000)));
  const path = randomRoute(start, bearingDeg, legs, length / legs, rng);
  let positions = structuresAlong(path, rng, opts);
  while (positions.length < count) {
    const last = path[path.length - 1] as LonLat;
    const prev = path[path.length - 2] as LonLat;
    const extension = randomRoute(
      last,
      bearingBetween(prev, last),
      2,
      (count - positions.length + 2) * mean,
      rng,
    );
    path.push(...extension.slice(1));
    positions = structuresAlong(path, rng, opts);
  }
  return { path, positions: positions.slice(0, count) };
}

/** Initial compass bearing from a to b in degrees. */
export function bearingBetween(a: LonLat, b: LonLat): number {
  const y = Math.sin(toRad(b.lon - a.lon)) * Math.cos(toRad(b.lat));
  const x =
    Math.cos(toRad(a.lat)) * Math.sin(toRad(b.lat)) -
    Math.sin(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.cos(toRad(b.lon - a.lon));
  return (toDeg(Math.atan2(y, x)) + 360) % 360;
}
