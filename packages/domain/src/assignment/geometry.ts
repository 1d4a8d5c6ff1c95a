/**
 * Point selection for the crew assignment map (spec 1 §2, §4: click, polygon and rectangle
 * selection). The map holds up to ~100k structures, so points travel as one flat, interleaved
 * Float64Array `[lon0, lat0, lon1, lat1, …]` instead of objects: no allocation per point, and the
 * loop below stays in typed-array fast paths.
 */

/** A position as GeoJSON writes it: `[longitude, latitude]`. */
export type LonLat = readonly [number, number] | readonly number[];

/** A GeoJSON Polygon's `coordinates`: the outer ring first, then any holes. */
export type PolygonRings = ReadonlyArray<ReadonlyArray<LonLat>>;

export interface LonLatBounds {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** Interleaves longitude/latitude pairs into the flat array the selection functions take. */
export function flattenCoordinates(
  points: ReadonlyArray<{ longitude: number; latitude: number }>,
): Float64Array {
  const coords = new Float64Array(points.length * 2);
  for (let i = 0; i < points.length; i++) {
    const point = points[i]!;
    coords[i * 2] = point.longitude;
    coords[i * 2 + 1] = point.latitude;
  }
  return coords;
}

/** The bounding box of every ring, or null when the rings have no positions. */
export function ringsBounds(polygon: PolygonRings): LonLatBounds | null {
  let minLon = Number.POSITIVE_INFINITY;
  let minLat = Number.POSITIVE_INFINITY;
  let maxLon = Number.NEGATIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  for (const ring of polygon) {
    for (const position of ring) {
      const lon = position[0]!;
      const lat = position[1]!;
      if (lon < minLon) minLon = lon;
      if (lon > maxLon) maxLon = lon;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
    }
  }
  return minLon <= maxLon ? { minLon, minLat, maxLon, maxLat } : null;
}

/**
 * Every edge of every ring as `[x1, y1, x2, y2]` runs in one flat array. A ring may or may not
 * repeat its first position at the end (GeoJSON does, hand-made rings often do not): the closing
 * edge is added only when missing, and zero-length edges are dropped.
 */
function flattenEdges(polygon: PolygonRings): Float64Array {
  const edges: number[] = [];
  for (const ring of polygon) {
    const n = ring.length;
    if (n < 3) continue;
    for (let i = 0; i < n; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % n]!;
      if (a[0] === b[0] && a[1] === b[1]) continue;
      edges.push(a[0]!, a[1]!, b[0]!, b[1]!);
    }
  }
  return new Float64Array(edges);
}

/**
 * Edges grouped by horizontal band of the bounding box (compressed rows: the edges of band b are
 * `edgeIds[bandStart[b] .. bandStart[b + 1])`, as offsets into the flat edge array). A point only
 * needs the edges whose y-range overlaps its own band, so a lasso of a few hundred vertices costs
 * a handful of edge tests per point instead of all of them.
 */
interface EdgeBands {
  bandStart: Uint32Array;
  edgeIds: Uint32Array;
  bandCount: number;
  minLat: number;
  bandHeight: number;
}

function bandEdges(edges: Float64Array, minLat: number, maxLat: number): EdgeBands {
  const edgeCount = edges.length / 4;
  const bandCount = Math.max(1, Math.min(256, edgeCount));
  const bandHeight = (maxLat - minLat) / bandCount || 1;
  const bandOf = (y: number) => Math.min(bandCount - 1, Math.max(0, Math.floor((y - minLat) / bandHeight)));
  const counts = new Uint32Array(bandCount + 1);
  for (let e = 0; e < edges.length; e += 4) {
    const lo = bandOf(Math.min(edges[e + 1]!, edges[e + 3]!));
    const hi = bandOf(Math.max(edges[e + 1]!, edges[e + 3]!));
    for (let b = lo; b <= hi; b++) counts[b + 1]!++;
  }
  for (let b = 0; b < bandCount; b++) counts[b + 1]! += counts[b]!;
  const edgeIds = new Uint32Array(counts[bandCount]!);
  const fill = counts.slice(0, bandCount);
  for (let e = 0; e < edges.length; e += 4) {
    const lo = bandOf(Math.min(edges[e + 1]!, edges[e + 3]!));
    const hi = bandOf(Math.max(edges[e + 1]!, edges[e + 3]!));
    for (let b = lo; b <= hi; b++) edgeIds[fill[b]!++] = e;
  }
  return { bandStart: counts, edgeIds, bandCount, minLat, bandHeight };
}

/**
 * Indices (ascending) of the points of `coords` that lie inside `polygon`, by the even-odd rule
 * in the plane (pass points and polygon in the same units: lon/lat, or both projected), so holes
 * are excluded. Points outside the polygon's bounding box are rejected with four comparisons
 * before any edge is looked at, and the rest test only the edges of their horizontal band. Points
 * exactly on an edge may fall either way, as with any ray-casting test.
 */
export function pointsInPolygon(coords: Float64Array, polygon: PolygonRings): Uint32Array {
  const bounds = ringsBounds(polygon);
  const edges = flattenEdges(polygon);
  if (!bounds || edges.length === 0) return new Uint32Array(0);
  const { minLon, minLat, maxLon, maxLat } = bounds;
  const { bandStart, edgeIds, bandCount, bandHeight } = bandEdges(edges, minLat, maxLat);
  const pointCount = coords.length >> 1;
  const found = new Uint32Array(pointCount);
  let size = 0;

  for (let p = 0; p < pointCount; p++) {
    const x = coords[p * 2]!;
    const y = coords[p * 2 + 1]!;
    if (x < minLon || x > maxLon || y < minLat || y > maxLat) continue;
    const band = Math.min(bandCount - 1, Math.floor((y - minLat) / bandHeight));
    const last = bandStart[band + 1]!;
    let inside = false;
    for (let k = bandStart[band]!; k < last; k++) {
      const e = edgeIds[k]!;
      const y1 = edges[e + 1]!;
      const y2 = edges[e + 3]!;
      // Half-open on y so a ray through a shared vertex counts one crossing, not two.
      if (y1 > y !== y2 > y) {
        const x1 = edges[e]!;
        const x2 = edges[e + 2]!;
        if (x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) inside = !inside;
      }
    }
    if (inside) found[size++] = p;
  }
  return found.slice(0, size);
}

/** Indices (ascending) of the points inside an axis-aligned box, edges included. */
export function pointsInBounds(coords: Float64Array, bounds: LonLatBounds): Uint32Array {
  const pointCount = coords.length >> 1;
  const found = new Uint32Array(pointCount);
  let size = 0;
  for (let p = 0; p < pointCount; p++) {
    const x = coords[p * 2]!;
    const y = coords[p * 2 + 1]!;
    if (x >= bounds.minLon && x <= bounds.maxLon && y >= bounds.minLat && y <= bounds.maxLat)
      found[size++] = p;
  }
  return found.slice(0, size);
}
