import {
  OVERVIEW_RISK_KEYS,
  type OverviewMap,
  type OverviewRiskKey,
  type Waypoint,
} from '@linewalker/domain';
import type { FeatureCollection, Point } from 'geojson';
import { type Bounds, boundsOf } from '../../../components/map/fitBounds.ts';

/** Structures drawn on the map: each point carries its id (`id`) and risk index (`r`). */
export function structureFeatures(data: OverviewMap, risk: OverviewRiskKey | null): FeatureCollection<Point> {
  const wanted = risk === null ? -1 : OVERVIEW_RISK_KEYS.indexOf(risk);
  const features: FeatureCollection<Point>['features'] = [];
  for (let i = 0; i < data.structure_id.length; i++) {
    const r = data.risk[i] ?? 0;
    if (wanted >= 0 && r !== wanted) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [data.longitude[i] ?? 0, data.latitude[i] ?? 0] },
      properties: { id: data.structure_id[i], r },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** The bounds of the structures (fitBounds' form), or null when there are none. */
export const structuresBounds = (data: OverviewMap): Bounds | null =>
  boundsOf(data.structure_id.length, (k) => [data.longitude[k] ?? 0, data.latitude[k] ?? 0]);

/**
 * Where the map opens (at the spec's zoom 13): the structure nearest the middle of the project. The middle
 * itself may lie between lines, kilometres from any structure, and the map would open on empty ground.
 */
export function openingCentre(data: OverviewMap): [number, number] | null {
  const bounds = structuresBounds(data);
  if (!bounds) return null;
  const midLon = (bounds[0][0] + bounds[1][0]) / 2;
  const midLat = (bounds[0][1] + bounds[1][1]) / 2;
  const lonScale = Math.cos((midLat * Math.PI) / 180);
  let best: [number, number] = [midLon, midLat];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < data.structure_id.length; i++) {
    const lon = data.longitude[i] ?? 0;
    const lat = data.latitude[i] ?? 0;
    const distance = ((lon - midLon) * lonScale) ** 2 + (lat - midLat) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = [lon, lat];
    }
  }
  return best;
}

/** A flight plan's path as a line and its waypoints as points. */
export function pathFeatures(waypoints: readonly Waypoint[]): FeatureCollection {
  const coordinates = waypoints.map((w) => [w.lon, w.lat]);
  return {
    type: 'FeatureCollection',
    features: [
      ...(coordinates.length > 1
        ? [
            {
              type: 'Feature' as const,
              geometry: { type: 'LineString' as const, coordinates },
              properties: { kind: 'path' },
            },
          ]
        : []),
      ...coordinates.map((c, i) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: c },
        properties: { kind: 'waypoint', n: i + 1 },
      })),
    ],
  };
}

/** Points for a set of positions (the uncovered structures, the selected one). */
export const pointFeatures = (
  points: ReadonlyArray<{ latitude: number; longitude: number }>,
): FeatureCollection => ({
  type: 'FeatureCollection',
  features: points.map((p) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    properties: {},
  })),
});
