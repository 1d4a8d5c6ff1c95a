import type { FeatureCollection } from 'geojson';
import type { LayerSpecification } from 'maplibre-gl';
import { LABEL_FONT } from '../../../components/map/offlineStyle.ts';

export const PILOT_SOURCE = 'pilots';
export const PROJECT_SOURCE = 'project-centre';
export const PILOT_POINT_LAYER = 'pilot-points';

/** Marker colour per availability (the directory) or per assignment (a project's tab). */
const COLOURS = {
  available: '#2f9e44',
  on_assignment: '#1971c2',
  vacation: '#f08c00',
  training: '#9c36b5',
  assigned: '#1971c2',
  other: '#868e96',
};

export const pilotLayers = (): LayerSpecification[] => [
  {
    id: PILOT_POINT_LAYER,
    type: 'circle',
    source: PILOT_SOURCE,
    paint: {
      'circle-radius': ['case', ['get', 'selected'], 10, 7],
      'circle-color': ['match', ['get', 'tone'], ...Object.entries(COLOURS).flat(), COLOURS.other] as never,
      'circle-stroke-color': ['case', ['get', 'selected'], '#000000', '#ffffff'],
      'circle-stroke-width': ['case', ['get', 'selected'], 3, 2],
    },
  },
  {
    id: 'pilot-labels',
    type: 'symbol',
    source: PILOT_SOURCE,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': [LABEL_FONT],
      'text-size': 12,
      'text-offset': [0, 1.3],
      'text-anchor': 'top',
      'text-optional': true,
    },
    paint: { 'text-color': '#212529', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  },
  {
    id: 'project-centre',
    type: 'circle',
    source: PROJECT_SOURCE,
    paint: {
      'circle-radius': 9,
      'circle-color': '#e03131',
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 3,
    },
  },
];

export interface MapPilot {
  userId: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  /** A key of the colour table above. */
  tone: string;
}

export function pilotFeatures(pilots: readonly MapPilot[], selectedUserId: number | null): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: pilots
      .filter((p) => p.latitude !== null && p.longitude !== null)
      .map((p) => ({
        type: 'Feature',
        id: p.userId,
        geometry: { type: 'Point', coordinates: [p.longitude as number, p.latitude as number] },
        properties: { userId: p.userId, name: p.name, tone: p.tone, selected: p.userId === selectedUserId },
      })),
  };
}

export const centreFeature = (lat: number | null, lon: number | null): FeatureCollection => ({
  type: 'FeatureCollection',
  features:
    lat === null || lon === null
      ? []
      : [{ type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties: {} }],
});
