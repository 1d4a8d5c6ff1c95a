import labelFontUrl from '@fontsource/noto-sans/files/noto-sans-latin-600-normal.woff2?url';
import type { FeatureCollection, MultiLineString } from 'geojson';
import type { FontFacesSpecification, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { labelPoints } from './labelPoints.ts';

/**
 * The one font the app draws map text with (cluster counts, state and county names). No glyph server is
 * reachable offline, so the file ships with the app (Noto Sans, SIL Open Font License, from
 * @fontsource/noto-sans) and reaches MapLibre through the style's `font-faces`.
 */
export const LABEL_FONT = 'Noto Sans SemiBold';

/**
 * Highest zoom the offline shapes are cut into tiles at; closer views enlarge those tiles. The Census and
 * Natural Earth shapes are 1:10m and 1:110m generalisations (off by hundreds of metres), so a zoom-7 tile
 * grid (~76 m) loses nothing, and a crew's view (zoom 9–14) needs a tile or two per source instead of a
 * dozen, each cut from the whole country's shapes.
 */
export const OFFLINE_SOURCE_MAX_ZOOM = 7;

export const labelFontFaces = (): FontFacesSpecification => ({
  [LABEL_FONT]: new URL(labelFontUrl, window.location.href).href,
});

let labelFontFetch: Promise<unknown> | null = null;

/**
 * Fetches the label font into the browser's cache (once), e.g. while the page's data is on its way.
 * MapLibre asks for it only when the first cluster count is laid out, i.e. after the data has been
 * clustered, which put the font's round trip (and the server's queue) on the way to the first drawing.
 */
export function preloadLabelFont() {
  // A preload only saves time: outside a page (no window) it does nothing, and it never throws, so the
  // requests started after it (the caller's data) still go out.
  if (typeof window === 'undefined') return Promise.resolve();
  labelFontFetch ??= fetch(new URL(labelFontUrl, window.location.href).href)
    .then((response) => response.arrayBuffer())
    .catch(() => {
      // MapLibre asks again when it needs the font, and warns when it cannot have it.
      labelFontFetch = null;
    });
  return labelFontFetch;
}

type StatesTopology = Topology<{ states: GeometryCollection<{ name: string }>; nation: GeometryCollection }>;
type CountriesTopology = Topology<{
  countries: GeometryCollection<{ name: string }>;
  land: GeometryCollection;
}>;

let shapeModules: Promise<[{ default: unknown }, { default: unknown }]> | null = null;

/** Starts loading the offline style's shapes (once), e.g. while the page's data is still on its way. */
export function preloadOfflineStyle() {
  shapeModules ??= Promise.all([
    import('us-atlas/states-10m.json'),
    import('world-atlas/countries-110m.json'),
  ]).catch((cause: unknown) => {
    // A failed load (e.g. the network) is tried again next time.
    shapeModules = null;
    throw cause;
  });
  return shapeModules;
}

interface OfflineShapes {
  countryShapes: FeatureCollection;
  countryBorders: MultiLineString;
  stateShapes: FeatureCollection;
  stateBorders: MultiLineString;
  stateLabels: FeatureCollection;
}

let offlineShapes: Promise<OfflineShapes> | null = null;

/**
 * The offline style's shapes as GeoJSON, converted from TopoJSON once per page: the conversion takes the
 * main thread ~0.1 s, which the map's creation then waited for on every load (and again on every basemap
 * switch). `preloadMapStyle` starts it while the page's data is still on its way.
 */
export function convertOfflineShapes(): Promise<OfflineShapes> {
  offlineShapes ??= preloadOfflineStyle().then(
    ([statesModule, countriesModule]) => {
      const states = statesModule.default as unknown as StatesTopology;
      const countries = countriesModule.default as unknown as CountriesTopology;
      const stateShapes = feature(states, states.objects.states) as FeatureCollection;
      return {
        countryShapes: feature(countries, countries.objects.countries) as FeatureCollection,
        countryBorders: mesh(countries, countries.objects.countries, (a, b) => a !== b),
        stateShapes,
        // Shared edges only: the coastline is already drawn by the fill's edge.
        stateBorders: mesh(states, states.objects.states, (a, b) => a !== b),
        stateLabels: labelPoints(stateShapes),
      };
    },
    (cause: unknown) => {
      offlineShapes = null;
      throw cause;
    },
  );
  return offlineShapes;
}

/**
 * The default map when no MAP_STYLE_URL is configured: no tile server is needed. A water-coloured
 * background, land from Natural Earth's 1:110m countries (world-atlas, ISC; the data is public
 * domain), and US state shapes, borders and names from the Census Bureau's 1:10m cartographic
 * boundaries (us-atlas, ISC; public domain). Loaded on demand so the app's first page stays small.
 */
export async function offlineStyle(): Promise<StyleSpecification> {
  const { countryShapes, countryBorders, stateShapes, stateBorders, stateLabels } =
    await convertOfflineShapes();

  return {
    version: 8,
    name: 'Linewalker offline',
    'font-faces': labelFontFaces(),
    sources: {
      countries: {
        type: 'geojson',
        data: countryShapes,
        maxzoom: OFFLINE_SOURCE_MAX_ZOOM,
        attribution: 'Natural Earth, US Census Bureau (public domain)',
      },
      countryBorders: {
        type: 'geojson',
        data: { type: 'Feature', properties: {}, geometry: countryBorders },
        maxzoom: OFFLINE_SOURCE_MAX_ZOOM,
      },
      states: { type: 'geojson', data: stateShapes, maxzoom: OFFLINE_SOURCE_MAX_ZOOM },
      stateBorders: {
        type: 'geojson',
        data: { type: 'Feature', properties: {}, geometry: stateBorders },
        maxzoom: OFFLINE_SOURCE_MAX_ZOOM,
      },
      stateLabels: { type: 'geojson', data: stateLabels, maxzoom: OFFLINE_SOURCE_MAX_ZOOM },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#d4e4f1' } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': '#f3f1ea' } },
      { id: 'us-states', type: 'fill', source: 'states', paint: { 'fill-color': '#f7f5ef' } },
      {
        id: 'state-borders',
        type: 'line',
        source: 'stateBorders',
        paint: {
          'line-color': '#a3aab3',
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 10, 1.6],
        },
      },
      {
        id: 'country-borders',
        type: 'line',
        source: 'countryBorders',
        paint: {
          'line-color': '#7d8793',
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.8, 10, 2],
        },
      },
      {
        id: 'state-names',
        type: 'symbol',
        source: 'stateLabels',
        minzoom: 3.5,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [LABEL_FONT],
          'text-size': ['interpolate', ['linear'], ['zoom'], 4, 11, 8, 15],
          'text-transform': 'uppercase',
          'text-letter-spacing': 0.08,
          'text-max-width': 8,
        },
        paint: { 'text-color': '#7a828c', 'text-halo-color': '#f7f5ef', 'text-halo-width': 1.2 },
      },
    ],
  };
}
