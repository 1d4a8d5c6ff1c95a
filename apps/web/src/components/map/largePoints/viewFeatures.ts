import type { Feature, FeatureCollection, GeoJsonProperties, Point } from 'geojson';
import type { ViewAnswer } from './pointIndexClient.ts';
import type { PointSet } from './protocol.ts';

export interface FeatureNaming {
  /** The cluster property that holds the highest category of its points (e.g. `worst`). */
  maxProperty?: string;
  /** Categories each cluster counts, and the property each count goes in (e.g. 3 → `c3`). */
  counted?: readonly number[];
  countProperty?: (category: number) => string;
  /** The properties of single point `index` (what the layers and clicks read). */
  pointProperties: (index: number) => GeoJsonProperties;
}

const point = (lng: number, lat: number, properties: GeoJsonProperties): Feature<Point> => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});

/**
 * The view's features for the map's plain GeoJSON source: clusters with the properties MapLibre's own
 * clusters have (`cluster`, `cluster_id`, `point_count`, `point_count_abbreviated`) and the caller's
 * aggregates, then the single points with the caller's properties. The layers' filters and expressions
 * read them as they read a clustered source.
 */
export function viewFeatures(answer: ViewAnswer, points: PointSet, naming: FeatureNaming): FeatureCollection {
  const features: Feature<Point>[] = [];
  const counted = naming.counted ?? [];
  for (const c of answer.clusters) {
    const properties: Record<string, unknown> = {
      cluster: true,
      cluster_id: c.id,
      point_count: c.count,
      point_count_abbreviated: c.abbreviated,
    };
    if (naming.maxProperty) properties[naming.maxProperty] = c.max;
    if (naming.countProperty)
      for (let k = 0; k < counted.length; k++) properties[naming.countProperty(counted[k]!)] = c.counts[k];
    features.push(point(c.lng, c.lat, properties));
  }
  for (const i of answer.points)
    features.push(point(points.lng[i]!, points.lat[i]!, naming.pointProperties(i)));
  return { type: 'FeatureCollection', features };
}
