import type { Map as MapLibreMap, PaddingOptions, StyleSpecification } from 'maplibre-gl';
import { type RefObject, useEffect, useRef, useState } from 'react';
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

  /** Upper zoom limit. */
  maxZoom?: number;
  /** Prefix of the performance mark `<prefix>:map-create` and measure `<prefix>:map-load` (creation to hand-over). */
  markPrefix?: string;
}

/**
 * Creates a MapLibre map in `container` once the style is known (a configured style URL, or the
 * bundled offline style when there is none: `styleUrl` null; undefined while it is not known yet),
 * with zoom buttons and an imperial scale. Removed again on unmount.
 */
export function useMapLibre(
  container: RefObject<HTMLDivElement | null>,
  styleUrl: string | null | undefined,
  options: MapLibreOptions = {},
) {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Read when the map loads; changing them later does not re-create the map.
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (styleUrl === undefined || !container.current) return;
    const element = container.current;
    const {
      markPrefix = 'map',
      maxZoom,
      initialView = DEFAULT_VIEW,
      initialBounds,
      handOverOnStyleLoad = false,
    } = optionsRef.current;
    let cancelled = false;
    let instance: MapLibreMap | null = null;

    const styleReady: Promise<string | StyleSpecification> = styleUrl
      ? Promise.resolve(styleUrl)
      : offlineStyle();
    styleReady
      .then((style) => {
        if (cancelled) return;
        performance.mark(`${markPrefix}:map-create`);
        instance = new maplibregl.Map({
          container: element,
          style,
          ...(initialBounds
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
        created.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        created.addControl(new maplibregl.ScaleControl({ unit: 'imperial' }), 'bottom-left');
        const handOver = () => {
          if (cancelled) return;
          performance.measure(`${markPrefix}:map-load`, `${markPrefix}:map-create`);
          // A configured style brings its own fonts; our labels (cluster counts) need ours.
          if (styleUrl) created.setFontFaces({ ...(created.getFontFaces() ?? {}), ...labelFontFaces() });
          const { onLoad, detailBelowLayer } = optionsRef.current;
          onLoad?.(created);
          setMap(created);
          if (!styleUrl) {
            // County detail comes once the map has first settled: decoding the country's 3,000 counties and
            // cutting them into tiles would otherwise delay the caller's own data (e.g. 50,000 structures),
            // which the map's one worker handles in turn.
            created.once('idle', () => {
              if (cancelled) return;
              addCountyDetail(created, detailBelowLayer, () => !cancelled).catch((cause: unknown) => {
                console.warn('County outlines not shown:', cause);
              });
            });
          }
        };
        created.once(handOverOnStyleLoad ? 'style.load' : 'load', handOver);
        created.on('error', (event) => {
          // Tile and style load failures arrive here; the map itself keeps working.
          console.warn('Map:', event.error?.message ?? event);
        });
      })
      .catch((cause: unknown) => {
        if (!cancelled) setError(cause instanceof Error ? cause.message : String(cause));
      });

    return () => {
      cancelled = true;
      setMap(null);
      instance?.remove();
    };
  }, [container, styleUrl]);

  return { map, error };
}
