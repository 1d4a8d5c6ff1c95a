import type { Basemap } from '@linewalker/domain';
import type { Map as MapLibreMap, PaddingOptions, StyleSpecification } from 'maplibre-gl';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type Basemaps, type ResolvedBasemap, resolveBasemap, useBasemapChoice } from './basemapChoice.ts';
import { configuredStyle } from './basemapStyles.ts';
import { coalesceLoadingFrames } from './coalesceLoadingFrames.ts';
import { addCountyDetail } from './countyDetail.ts';
import { DEFAULT_VIEW } from './defaultView.ts';
import type { Bounds } from './fitBounds.ts';
import { maplibregl } from './maplibre.ts';
import { labelFontFaces, offlineStyle } from './offlineStyle.ts';

export interface MapLibreOptions {
  /**
   * Adds the caller's sources and layers once the style has loaded; the map is handed out only
   * after this ran, so effects using it can rely on them.
   */
  onLoad?: (map: MapLibreMap) => void;
  /** With the offline style, county borders and names go under this layer (the caller's data stays on top). */
  detailBelowLayer?: string;
  /** Where the map starts before the caller fits it to its data; DEFAULT_VIEW when not given. */
  initialView?: { center: [number, number]; zoom: number };
  /**
   * The caller's data box when it is already known as the map is created: the map starts there (with
   * this padding and zoom limit) instead of at `initialView`, so the wide view is never loaded and drawn.
   */
  initialBounds?: { bounds: Bounds; padding: number | PaddingOptions; maxZoom: number } | null;
  /**
   * Hand the map out (after `onLoad`) as soon as the style has loaded, not after its first complete
   * drawing: the caller's data then goes to the worker while the base map's tiles still load.
   */
  handOverOnStyleLoad?: boolean;

  /**
   * The caller's data arrives after the map is made: what waits for the map's first settling (county detail,
   * the end of the loading frame pace) waits until the caller says the map has settled with its data
   * (`dataDrawn`), not only for the bare map's (county detail would otherwise be decoded and tiled while the
   * data is being drawn, and delay it).
   */
  waitsForData?: boolean;

  /** Upper zoom limit. */
  maxZoom?: number;
  /** Prefix of the performance mark `<prefix>:map-create` and measure `<prefix>:map-load` (creation to hand-over). */
  markPrefix?: string;
}

/** What the basemap switcher shows and does (MapFrame's `basemap`). */
export interface BasemapControl extends ResolvedBasemap {
  choice: Basemap;
  choose: (choice: Basemap) => void;
}

/**
 * Creates a MapLibre map in `container` once the basemaps are known (GET /config; undefined while
 * loading), with zoom buttons and an imperial scale, on the basemap the user chose (Streets, Satellite or
 * the bundled Offline style; Offline with a notice when the chosen one cannot be reached). Choosing
 * another basemap makes the map again at the same place. Removed again on unmount.
 */
export function useMapLibre(
  container: RefObject<HTMLDivElement | null>,
  basemaps: Basemaps | undefined,
  options: MapLibreOptions = {},
) {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [choice, choose] = useBasemapChoice();
  // Basemaps whose tiles this browser failed to load: Offline instead, for the life of the page.
  const [failed, setFailed] = useState<ReadonlySet<Basemap>>(new Set());
  const resolved = basemaps ? resolveBasemap(basemaps, choice, failed) : null;
  const source = resolved && resolved.shown !== 'offline' ? basemaps?.[resolved.shown] : null;
  const shown = resolved?.shown;
  // Read when the map loads; changing them later does not re-create the map.
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const sourceRef = useRef(source);
  sourceRef.current = source;
  // Where the previous map (another basemap) was: the next one starts there.
  const lastView = useRef<{ center: [number, number]; zoom: number } | null>(null);
  // What the current map runs once it has settled with the caller's data (`waitsForData`, `dataDrawn`).
  const afterData = useRef<(() => void)[]>([]);

  useEffect(() => {
    if (shown === undefined || !container.current) return;
    const element = container.current;
    const {
      markPrefix = 'map',
      maxZoom,
      initialView = DEFAULT_VIEW,
      initialBounds,
      handOverOnStyleLoad = false,
    } = optionsRef.current;
    const configured = shown === 'offline' ? null : sourceRef.current;
    let cancelled = false;
    let instance: MapLibreMap | null = null;

    const styleReady: Promise<string | StyleSpecification> = configured
      ? Promise.resolve(configuredStyle(configured))
      : offlineStyle();
    styleReady
      .then((style) => {
        if (cancelled) return;
        performance.mark(`${markPrefix}:map-create`);
        const view = lastView.current;
        instance = new maplibregl.Map({
          container: element,
          style,
          ...(view
            ? { center: view.center, zoom: view.zoom }
            : initialBounds
              ? {
                  bounds: initialBounds.bounds,
                  fitBoundsOptions: { padding: initialBounds.padding, maxZoom: initialBounds.maxZoom },
                }
              : { center: initialView.center, zoom: initialView.zoom }),
          maxZoom,
          fadeDuration: 0,
          attributionControl: { compact: true },
        });
        const created = instance;
        // Runs `work` once the map has first settled: with the caller's data when it waits for it, else at
        // its first idle.
        afterData.current = [];
        const whenSettled = (work: () => void) => {
          if (optionsRef.current.waitsForData) afterData.current.push(work);
          else created.once('idle', work);
        };
        whenSettled(coalesceLoadingFrames(created));
        created.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        created.addControl(new maplibregl.ScaleControl({ unit: 'imperial' }), 'bottom-left');
        const handOver = () => {
          if (cancelled) return;
          performance.measure(`${markPrefix}:map-load`, `${markPrefix}:map-create`);
          // A configured style brings its own fonts; our labels (cluster counts) need ours.
          if (configured) created.setFontFaces({ ...(created.getFontFaces() ?? {}), ...labelFontFaces() });
          const { onLoad, detailBelowLayer } = optionsRef.current;
          onLoad?.(created);
          setMap(created);
          if (!configured) {
            // County detail comes once the map has first settled (with the caller's data, when it waits for
            // it): decoding the country's 3,000 counties and cutting them into tiles would otherwise delay the
            // caller's own data, which the map's one worker and the page's thread handle in turn.
            const showDetail = () => {
              if (cancelled) return;
              addCountyDetail(created, detailBelowLayer, () => !cancelled).catch((cause: unknown) => {
                console.warn('County outlines not shown:', cause);
              });
            };
            whenSettled(showDetail);
          }
        };
        // The basemap's own sources (before the caller adds theirs), and whether one of its tiles arrived.
        let baseSources: Set<string> | null = null;
        let baseTileLoaded = false;
        created.once('style.load', () => {
          baseSources = new Set(Object.keys(created.getStyle().sources));
        });
        created.on('sourcedata', (event) => {
          if (event.tile && baseSources?.has(event.sourceId)) baseTileLoaded = true;
        });
        created.once(handOverOnStyleLoad ? 'style.load' : 'load', handOver);
        created.on('error', (event) => {
          // Tile and style load failures arrive here; the map itself keeps working.
          console.warn('Map:', event.error?.message ?? event);
          // A configured basemap this browser cannot reach (its style, or its tiles before any arrived):
          // Offline instead, with the notice.
          const sourceId = (event as { sourceId?: string }).sourceId;
          const ofBasemap = baseSources === null || (sourceId !== undefined && baseSources.has(sourceId));
          if (configured && ofBasemap && !baseTileLoaded && !cancelled) {
            setFailed((before) => new Set([...before, shown]));
          }
        });
      })
      .catch((cause: unknown) => {
        if (!cancelled) setError(cause instanceof Error ? cause.message : String(cause));
      });

    return () => {
      cancelled = true;
      if (instance) {
        const center = instance.getCenter();
        lastView.current = { center: [center.lng, center.lat], zoom: instance.getZoom() };
      }
      setMap(null);
      instance?.remove();
    };
  }, [container, shown]);

  const basemap: BasemapControl | null = resolved ? { ...resolved, choice, choose } : null;
  /** With `waitsForData`: the map has settled with the caller's data; what waited for it comes next. */
  const dataDrawn = useCallback(() => {
    const work = afterData.current;
    afterData.current = [];
    // After the caller's own reaction to the settled map (e.g. showing it ready) has run.
    if (work.length > 0)
      setTimeout(() => {
        for (const run of work) run();
      }, 0);
  }, []);
  return { map, error, basemap, dataDrawn };
}
