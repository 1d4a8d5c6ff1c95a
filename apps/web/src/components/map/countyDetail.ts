import type { FeatureCollection, MultiLineString } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { labelPoints } from './labelPoints.ts';
import { LABEL_FONT, OFFLINE_SOURCE_MAX_ZOOM } from './offlineStyle.ts';

type CountiesTopology = Topology<{ counties: GeometryCollection<{ name: string }> }>;

/**
 * US county borders and names for the offline map: at the zooms crews work at, states alone leave
 * the map blank. Census Bureau 1:10m boundaries via us-atlas (ISC; the data is public domain).
 * Added after the map has loaded (about 250 kB gzipped), under `beforeLayerId` (the caller's data).
 */
export async function addCountyDetail(
  map: MapLibreMap,
  beforeLayerId: string | undefined,
  isOpen: () => boolean,
): Promise<void> {
  const module = await import('us-atlas/counties-10m.json');
  const counties = module.default as unknown as CountiesTopology;
  // The map may have been closed while the file loaded.
  if (!isOpen()) return;
  const shapes = feature(counties, counties.objects.counties) as FeatureCollection;
  const borders: MultiLineString = mesh(counties, counties.objects.counties, (a, b) => a !== b);

  map.addSource('countyBorders', {
    type: 'geojson',
    data: { type: 'Feature', properties: {}, geometry: borders },
    maxzoom: OFFLINE_SOURCE_MAX_ZOOM,
  });
  map.addSource('countyLabels', {
    type: 'geojson',
    data: labelPoints(shapes),
    maxzoom: OFFLINE_SOURCE_MAX_ZOOM,
  });
  map.addLayer(
    {
      id: 'county-borders',
      type: 'line',
      source: 'countyBorders',
      minzoom: 6,
      paint: {
        'line-color': '#b9bfc6',
        'line-dasharray': [3, 2],
        'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.4, 12, 1.2],
      },
    },
    beforeLayerId,
  );
  map.addLayer(
    {
      id: 'county-names',
      type: 'symbol',
      source: 'countyLabels',
      minzoom: 7.5,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [LABEL_FONT],
        'text-size': ['interpolate', ['linear'], ['zoom'], 8, 10, 13, 13],
        'text-max-width': 8,
      },
      paint: { 'text-color': '#8d949c', 'text-halo-color': '#f7f5ef', 'text-halo-width': 1.2 },
    },
    beforeLayerId,
  );
}
