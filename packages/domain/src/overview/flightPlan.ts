import { metresBetween } from '../images/assignment.ts';

/** The spec's refusal for anything but a readable flight plan (spec 2 §2 'Overview', §8). */
export const FLIGHT_PLAN_MESSAGE = 'Only .plan/.json files are supported.';
export const FLIGHT_PLAN_EXTENSIONS = ['plan', 'json'] as const;
export type FlightPlanExtension = (typeof FLIGHT_PLAN_EXTENSIONS)[number];
/** Plans are small (the largest real QGroundControl survey seen is 124 kB); more than this is not a plan. */
export const FLIGHT_PLAN_MAX_BYTES = 5 * 1024 * 1024;
/** A plan may draw at most this many points (a town-wide survey has a few thousand). */
export const FLIGHT_PLAN_MAX_WAYPOINTS = 20_000;

export interface Waypoint {
  lat: number;
  lon: number;
  /** Metres, in the plan's own altitude frame; null when the plan gives none. */
  alt: number | null;
}

export type FlightPlanFormat = 'qgc' | 'json';

export interface ParsedFlightPlan {
  format: FlightPlanFormat;
  /** The path in flying order (the planned home position first when the plan has one). */
  waypoints: Waypoint[];
}

/** The extension of a file name when it is one a flight plan may have ('plan', 'json'), any case; else null. */
export function flightPlanExtension(fileName: string): FlightPlanExtension | null {
  const match = /\.([A-Za-z]+)$/.exec(fileName.trim());
  const ext = match?.[1]?.toLowerCase();
  return (FLIGHT_PLAN_EXTENSIONS as readonly string[]).includes(ext ?? '')
    ? (ext as FlightPlanExtension)
    : null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A real position: finite, on Earth, and not the 0,0 that planners write for "no position". */
function point(lat: unknown, lon: unknown, alt: unknown): Waypoint | null {
  if (!finite(lat) || !finite(lon)) return null;
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return null;
  if (lat === 0 && lon === 0) return null;
  return { lat, lon, alt: finite(alt) ? alt : null };
}

/**
 * MAVLink commands that put the vehicle somewhere (waypoint, loiters, land, take-off, spline, VTOL take-off and
 * land); camera, speed and ROI commands carry no place on the path.
 */
const NAV_COMMANDS = new Set([16, 17, 18, 19, 21, 22, 31, 82, 84, 85]);
/** MAV_FRAME_MISSION (2) has no position. */
const FRAME_WITHOUT_POSITION = 2;

function qgcSimpleItem(item: Record<string, unknown>): Waypoint | null {
  if (!NAV_COMMANDS.has(item.command as number) || item.frame === FRAME_WITHOUT_POSITION) return null;
  const params = item.params;
  if (Array.isArray(params)) return point(params[4], params[5], params[6]);
  // QGroundControl 2.x-era items kept the position apart.
  const coordinate = item.coordinate;
  return Array.isArray(coordinate) ? point(coordinate[0], coordinate[1], coordinate[2]) : null;
}

/** The points a QGroundControl mission item flies through, complex items (survey, corridor, structure scan) included. */
function qgcItemPoints(item: unknown, out: Waypoint[]): void {
  if (!isObject(item)) return;
  if (item.type === 'SimpleItem') {
    const p = qgcSimpleItem(item);
    if (p) out.push(p);
    return;
  }
  if (item.type !== 'ComplexItem') return;
  const transect = item.TransectStyleComplexItem;
  if (isObject(transect) && Array.isArray(transect.Items) && transect.Items.length > 0) {
    for (const inner of transect.Items) qgcItemPoints(inner, out);
    return;
  }
  if (isObject(transect) && Array.isArray(transect.VisualTransectPoints)) {
    for (const p of transect.VisualTransectPoints) {
      const q = Array.isArray(p) ? point(p[0], p[1], null) : null;
      if (q) out.push(q);
    }
    return;
  }
  // A structure scan orbits its polygon: the polygon, closed, is the path.
  if (Array.isArray(item.polygon)) {
    const ring = item.polygon
      .map((p) => (Array.isArray(p) ? point(p[0], p[1], null) : null))
      .filter((p): p is Waypoint => p !== null);
    if (ring.length > 0) out.push(...ring, ring[0] as Waypoint);
  }
}

/** A QGroundControl `.plan` (fileType 'Plan' with a mission's items); null when the text is not one. */
function parseQgcPlan(doc: unknown): Waypoint[] | null {
  if (!isObject(doc) || doc.fileType !== 'Plan' || !isObject(doc.mission)) return null;
  const { items, plannedHomePosition } = doc.mission;
  if (!Array.isArray(items)) return null;
  const out: Waypoint[] = [];
  if (Array.isArray(plannedHomePosition)) {
    const home = point(plannedHomePosition[0], plannedHomePosition[1], plannedHomePosition[2]);
    if (home) out.push(home);
  }
  for (const item of items) qgcItemPoints(item, out);
  return out;
}

function jsonWaypoint(v: unknown): Waypoint | null {
  if (Array.isArray(v)) return point(v[1], v[0], v[2]); // GeoJSON order: [lon, lat, alt]
  if (!isObject(v)) return null;
  return point(v.lat ?? v.latitude, v.lon ?? v.lng ?? v.longitude, v.alt ?? v.altitude);
}

/** GeoJSON positions of a LineString, MultiPoint or Point (in a Feature or FeatureCollection). */
function geoJsonPositions(doc: Record<string, unknown>): unknown[] | null {
  if (doc.type === 'FeatureCollection' && Array.isArray(doc.features)) {
    const all = doc.features.flatMap((f) => (isObject(f) ? (geoJsonPositions(f) ?? []) : []));
    return all;
  }
  if (doc.type === 'Feature' && isObject(doc.geometry)) return geoJsonPositions(doc.geometry);
  if ((doc.type === 'LineString' || doc.type === 'MultiPoint') && Array.isArray(doc.coordinates)) {
    return doc.coordinates;
  }
  if (doc.type === 'Point' && Array.isArray(doc.coordinates)) return [doc.coordinates];
  return null;
}

/**
 * A JSON mission: a list of waypoints (`[{lat, lon, alt}]`, also `latitude`/`longitude`/`lng`/`altitude`),
 * an object holding one under `waypoints`, or GeoJSON (LineString, MultiPoint, Points). Every entry must be a
 * position: one that is not makes the whole file unreadable rather than silently shorter.
 */
function parseJsonMission(doc: unknown): Waypoint[] | null {
  const list = Array.isArray(doc)
    ? doc
    : isObject(doc) && Array.isArray(doc.waypoints)
      ? doc.waypoints
      : isObject(doc)
        ? geoJsonPositions(doc)
        : null;
  if (!list || list.length === 0) return null;
  const out: Waypoint[] = [];
  for (const entry of list) {
    const p = jsonWaypoint(entry);
    if (!p) return null;
    out.push(p);
  }
  return out;
}

/** Deepest nesting a plan may have: real QGroundControl plans stay under 10 (complex items hold items). */
export const FLIGHT_PLAN_MAX_DEPTH = 64;

/** The deepest nesting of arrays and objects in JSON text (brackets inside strings do not count). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * Reads a flight plan's text: a QGroundControl plan (.plan, or the same JSON saved as .json) or a JSON mission.
 * Null when it is neither, or when it has no position to fly to (nothing to draw or check).
 */
export function parseFlightPlan(text: string): ParsedFlightPlan | null {
  // Bounded before parsing: the size by the caller (FLIGHT_PLAN_MAX_BYTES), the nesting here, so neither the
  // parser nor the walk over complex items can run out of stack on a hostile file.
  if (text.length > FLIGHT_PLAN_MAX_BYTES || nestingDepth(text) > FLIGHT_PLAN_MAX_DEPTH) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return null;
  }
  const qgc = parseQgcPlan(doc);
  const [format, waypoints] = qgc ? (['qgc', qgc] as const) : (['json', parseJsonMission(doc)] as const);
  if (!waypoints || waypoints.length === 0 || waypoints.length > FLIGHT_PLAN_MAX_WAYPOINTS) return null;
  return { format, waypoints };
}

/**
 * Metres from a point to the path (the nearest point of any leg; a one-point path is that point). Each leg is
 * measured in a local flat projection around the point, exact enough over the few kilometres a leg spans.
 */
export function metresToPath(lat: number, lon: number, path: readonly Waypoint[]): number {
  if (path.length === 0) return Number.POSITIVE_INFINITY;
  const mPerDegLat = 111_320;
  const mPerDegLon = 111_320 * Math.cos((lat * Math.PI) / 180);
  const x = (p: Waypoint) => (p.lon - lon) * mPerDegLon;
  const y = (p: Waypoint) => (p.lat - lat) * mPerDegLat;
  let best = Number.POSITIVE_INFINITY;
  if (path.length === 1) {
    const only = path[0] as Waypoint;
    return metresBetween(lat, lon, only.lat, only.lon);
  }
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as Waypoint;
    const b = path[i] as Waypoint;
    const ax = x(a);
    const ay = y(a);
    const dx = x(b) - ax;
    const dy = y(b) - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    const px = ax + t * dx;
    const py = ay + t * dy;
    const d = Math.sqrt(px * px + py * py);
    if (d < best) best = d;
  }
  return best;
}

/** Legs of a path bucketed by the grid cells their bounding boxes touch, so a point checks only legs near it. */
class LegGrid {
  private readonly cells = new Map<string, number[]>();
  constructor(
    private readonly path: readonly Waypoint[],
    private readonly cellLat: number,
    private readonly cellLon: number,
  ) {
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1] as Waypoint;
      const b = path[i] as Waypoint;
      const [r0, r1] = [this.row(Math.min(a.lat, b.lat)), this.row(Math.max(a.lat, b.lat))];
      const [c0, c1] = [this.col(Math.min(a.lon, b.lon)), this.col(Math.max(a.lon, b.lon))];
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const key = `${r}:${c}`;
          const list = this.cells.get(key);
          if (list) list.push(i);
          else this.cells.set(key, [i]);
        }
      }
    }
  }
  private row(lat: number) {
    return Math.floor(lat / this.cellLat);
  }
  private col(lon: number) {
    return Math.floor(lon / this.cellLon);
  }
  /** The path's legs (as 2-point paths) in the point's cell and the eight around it. */
  near(lat: number, lon: number): Waypoint[][] {
    const seen = new Set<number>();
    const legs: Waypoint[][] = [];
    const r = this.row(lat);
    const c = this.col(lon);
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        for (const i of this.cells.get(`${r + dr}:${c + dc}`) ?? []) {
          if (seen.has(i)) continue;
          seen.add(i);
          legs.push([this.path[i - 1] as Waypoint, this.path[i] as Waypoint]);
        }
      }
    }
    return legs;
  }
}

/** How many uncovered structures get their exact distance to the path (the list a manager reads). */
export const UNCOVERED_LISTED_MAX = 1000;

export interface Coverage<S> {
  /** Every structure farther than the radius from the path. */
  uncoveredCount: number;
  /** The first UNCOVERED_LISTED_MAX of them, in the given order, with their distance to the path. */
  uncovered: Array<S & { metres: number }>;
}

/**
 * The structures the path never comes within `radiusMetres` of. A grid of cells at least the radius wide
 * finds, for each structure, the few legs that could be that close (any leg within the radius crosses the
 * structure's cell or one next to it), so 50,000 structures against a survey of thousands of legs stay fast.
 */
export function flightPlanCoverage<S extends { latitude: number; longitude: number }>(
  structures: readonly S[],
  path: readonly Waypoint[],
  radiusMetres: number,
): Coverage<S> {
  const isOnePoint = path.length === 1;
  // Longitude cells are widened for the highest latitude seen, where a degree of longitude is shortest.
  let maxLat = 0;
  for (const p of path) maxLat = Math.max(maxLat, Math.abs(p.lat));
  for (const s of structures) maxLat = Math.max(maxLat, Math.abs(s.latitude));
  maxLat = Math.min(85, maxLat);
  const cellLat = Math.max(radiusMetres / 111_320, 1e-4);
  const cellLon = cellLat / Math.cos((maxLat * Math.PI) / 180);
  const grid = isOnePoint ? null : new LegGrid(path, cellLat, cellLon);
  const uncovered: Array<S & { metres: number }> = [];
  let uncoveredCount = 0;
  for (const s of structures) {
    const near = grid ? grid.near(s.latitude, s.longitude) : [path as Waypoint[]];
    const covered = near.some((leg) => metresToPath(s.latitude, s.longitude, leg) <= radiusMetres);
    if (covered) continue;
    uncoveredCount++;
    if (uncovered.length < UNCOVERED_LISTED_MAX) {
      uncovered.push({ ...s, metres: metresToPath(s.latitude, s.longitude, path) });
    }
  }
  return { uncoveredCount, uncovered };
}
