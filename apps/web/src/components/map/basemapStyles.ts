import type { BasemapSource } from '@linewalker/domain';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { LABEL_FONT, labelFontFaces } from './offlineStyle.ts';

/** The source id of a basemap the app builds the style for (satellite, a self-hosted extract). */
export const BASEMAP_SOURCE = 'basemap';

/** A source URL the browser can fetch: the server's paths are made absolute (the pmtiles protocol needs it). */
const absolute = (url: string) => new URL(url, window.location.href).href;

/** An XYZ raster layer (satellite imagery) or a raster PMTiles extract, full-bleed. */
function rasterStyle(source: BasemapSource): StyleSpecification {
  return {
    version: 8,
    name: 'Linewalker imagery',
    'font-faces': labelFontFaces(),
    sources: {
      [BASEMAP_SOURCE]:
        source.kind === 'pmtiles'
          ? {
              type: 'raster',
              url: `pmtiles://${absolute(source.url)}`,
              tileSize: 256,
              attribution: source.attribution,
            }
          : {
              type: 'raster',
              tiles: [source.url],
              tileSize: 256,
              maxzoom: source.maxZoom ?? 19,
              attribution: source.attribution,
            },
    },
    layers: [
      { id: 'basemap-background', type: 'background', paint: { 'background-color': '#dfe3e6' } },
      { id: 'basemap-raster', type: 'raster', source: BASEMAP_SOURCE },
    ],
  };
}

/**
 * Streets from a vector extract. Regional extracts come in two common schemas: OpenMapTiles (planetiler,
 * OpenFreeMap) and Protomaps' basemap (`pmtiles extract` of a Protomaps build); the layers below draw either,
 * each picking the source layers its schema names.
 */
function vectorStreetsStyle(source: BasemapSource): StyleSpecification {
  const src = BASEMAP_SOURCE;
  const fill = (id: string, layer: string, color: string, filter?: unknown): LayerSpecification =>
    ({
      id,
      type: 'fill',
      source: src,
      'source-layer': layer,
      paint: { 'fill-color': color },
      ...(filter ? { filter } : {}),
    }) as LayerSpecification;
  const road = (id: string, layer: string, color: string, width: number): LayerSpecification => ({
    id,
    type: 'line',
    source: src,
    'source-layer': layer,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': color,
      'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 8, width * 0.3, 16, width * 4],
    },
  });
  const label = (id: string, layer: string, field: string[]): LayerSpecification => ({
    id,
    type: 'symbol',
    source: src,
    'source-layer': layer,
    layout: {
      'text-field': ['coalesce', ...field.map((f) => ['get', f])] as unknown as string,
      'text-font': [LABEL_FONT],
      'text-size': 12,
      'text-max-width': 8,
    },
    paint: { 'text-color': '#4a5058', 'text-halo-color': '#ffffff', 'text-halo-width': 1.2 },
  });
  return {
    version: 8,
    name: 'Linewalker streets',
    'font-faces': labelFontFaces(),
    sources: {
      [src]: { type: 'vector', url: `pmtiles://${absolute(source.url)}`, attribution: source.attribution },
    },
    layers: [
      { id: 'streets-background', type: 'background', paint: { 'background-color': '#f2efe9' } },
      // Protomaps
      fill('pm-earth', 'earth', '#f2efe9'),
      fill('pm-landuse', 'landuse', '#e3ecd6'),
      fill('pm-water', 'water', '#aad3df'),
      fill('pm-buildings', 'buildings', '#d9d0c9'),
      road('pm-roads', 'roads', '#ffffff', 1.2),
      label('pm-places', 'places', ['name:en', 'name']),
      // OpenMapTiles
      fill('omt-landcover', 'landcover', '#e3ecd6'),
      fill('omt-park', 'park', '#d8e8c8'),
      fill('omt-water', 'water', '#aad3df'),
      fill('omt-building', 'building', '#d9d0c9'),
      road('omt-transportation', 'transportation', '#ffffff', 1.2),
      label('omt-place', 'place', ['name:en', 'name']),
    ],
  };
}

/** The style of a configured basemap: its own style URL, or one the app builds around its tiles. */
export function configuredStyle(source: BasemapSource): string | StyleSpecification {
  if (source.kind === 'style') return source.url;
  if (source.kind === 'pmtiles' && source.tileType === 'vector') return vectorStreetsStyle(source);
  return rasterStyle(source);
}
