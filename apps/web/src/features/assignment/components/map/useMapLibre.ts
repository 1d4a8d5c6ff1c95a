import { ASSIGNMENT_MAP } from '@linewalker/domain';
import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { type RefObject, useEffect, useState } from 'react';
import { crewPalette } from '../../model/assignmentModel.ts';
import { addCountyDetail } from './countyDetail.ts';
import { maplibregl } from './mapSetup.ts';
import { labelFontFaces, offlineStyle } from './offlineStyle.ts';
import {
  CLUSTER_LAYER,
  SELECTION_SOURCE,
  STRUCTURE_SOURCE,
  selectionSource,
  structureLayers,
  structureSource,
} from './structureLayers.ts';

/**
 * Creates the map in `container` once the style is known (a configured style URL, or the bundled
 * offline style when there is none) and hands it out after its structure source and layers exist.
 */
export function useMapLibre(
  container: RefObject<HTMLDivElement | null>,
  styleUrl: string | null | undefined,
) {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (styleUrl === undefined || !container.current) return;
    const element = container.current;
    let cancelled = false;
    let instance: MapLibreMap | null = null;

    const styleReady: Promise<string | StyleSpecification> = styleUrl
      ? Promise.resolve(styleUrl)
      : offlineStyle();
    styleReady
      .then((style) => {
        if (cancelled) return;
        performance.mark('assignment:map-create');
        instance = new maplibregl.Map({
          container: element,
          style,
          center: [ASSIGNMENT_MAP.defaultCenter.lng, ASSIGNMENT_MAP.defaultCenter.lat],
          zoom: ASSIGNMENT_MAP.defaultZoom,
          maxZoom: ASSIGNMENT_MAP.expansionMaxZoom,
          attributionControl: { compact: true },
        });
        const created = instance;
        created.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        created.addControl(new maplibregl.ScaleControl({ unit: 'imperial' }), 'bottom-left');
        created.on('load', () => {
          if (cancelled) return;
          performance.measure('assignment:map-load', 'assignment:map-create');
          // A configured style brings its own fonts; the cluster counts need ours.
          if (styleUrl) created.setFontFaces({ ...(created.getFontFaces() ?? {}), ...labelFontFaces() });
          created.addSource(STRUCTURE_SOURCE, structureSource());
          created.addSource(SELECTION_SOURCE, selectionSource());
          for (const layer of structureLayers(crewPalette([]))) created.addLayer(layer);
          setMap(created);
          if (!styleUrl) {
            addCountyDetail(created, CLUSTER_LAYER, () => !cancelled).catch((cause: unknown) => {
              console.warn('County outlines not shown:', cause);
            });
          }
        });
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
