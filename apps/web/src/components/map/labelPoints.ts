import type { Feature, FeatureCollection, Point, Position } from 'geojson';

/** Twice the signed area of a ring (shoelace); only its size is compared. */
function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += ring[j]![0]! * ring[i]![1]! - ring[i]![0]! * ring[j]![1]!;
  }
  return Math.abs(sum);
}

/** A ring's area centroid (the centre of mass of its shape, not of its vertices). */
function ringCentre(ring: Position[]): Position {
  let x = 0;
  let y = 0;
  let twiceArea = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j] as [number, number];
    const [x1, y1] = ring[i] as [number, number];
    const cross = x0 * y1 - x1 * y0;
    twiceArea += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  if (twiceArea === 0) return ring[0] ?? [0, 0];
  return [x / (3 * twiceArea), y / (3 * twiceArea)];
}

/**
 * One label point per shape, in its largest part. Labelling the polygons directly would repeat a
 * name on every tile the shape crosses.
 */
export function labelPoints(shapes: FeatureCollection): FeatureCollection<Point> {
  const features: Array<Feature<Point>> = [];
  for (const shape of shapes.features) {
    const geometry = shape.geometry;
    const polygons =
      geometry?.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry?.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    const outer = polygons.map((polygon) => polygon[0]!).sort((a, b) => ringArea(b) - ringArea(a))[0];
    if (!outer) continue;
    features.push({
      type: 'Feature',
      properties: shape.properties,
      geometry: { type: 'Point', coordinates: ringCentre(outer) },
    });
  }
  return { type: 'FeatureCollection', features };
}
