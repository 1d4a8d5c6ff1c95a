import { PILOTS_MAP } from '@linewalker/domain';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { emptyCollection } from '../../../components/map/clusters.ts';
import { DEFAULT_VIEW } from '../../../components/map/defaultView.ts';
import { MapFrame } from '../../../components/map/MapFrame.tsx';
import { useMapLibre } from '../../../components/map/useMapLibre.ts';
import { basemapsOf, useClientConfig } from '../../../lib/clientConfig.ts';
import {
  centreFeature,
  type MapPilot,
  PILOT_POINT_LAYER,
  PILOT_SOURCE,
  PROJECT_SOURCE,
  pilotFeatures,
  pilotLayers,
} from './pilotLayers.ts';

function addLayers(map: MapLibreMap) {
  map.addSource(PILOT_SOURCE, { type: 'geojson', data: emptyCollection() });
  map.addSource(PROJECT_SOURCE, { type: 'geojson', data: emptyCollection() });
  for (const layer of pilotLayers()) map.addLayer(layer);
}

interface PilotsMapProps {
  pilots: readonly MapPilot[];
  selectedUserId: number | null;
  onSelect: (userId: number) => void;
  /** The project centre (a project's Pilots tab); the map starts there at zoom 4. */
  centre?: { lat: number | null; lon: number | null };
  label: string;
}

/** Pilots at their home bases on the app's MapLibre map (spec 2 §2: pilots map zoom 4). */
export function PilotsMap({ pilots, selectedUserId, onSelect, centre, label }: PilotsMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const config = useClientConfig();
  const hasCentre = centre && centre.lat !== null && centre.lon !== null;
  const [options] = useState(() => ({
    onLoad: addLayers,
    markPrefix: 'pilots',
    initialView: hasCentre
      ? { center: [centre.lon as number, centre.lat as number] as [number, number], zoom: PILOTS_MAP.zoom }
      : { center: DEFAULT_VIEW.center, zoom: PILOTS_MAP.zoom },
  }));
  const { map, error, basemap } = useMapLibre(container, basemapsOf(config), options);
  const [ready, setReady] = useState(false);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  useEffect(() => {
    if (!map) return;
    (map.getSource(PILOT_SOURCE) as GeoJSONSource).setData(pilotFeatures(pilots, selectedUserId));
    (map.getSource(PROJECT_SOURCE) as GeoJSONSource).setData(
      centreFeature(centre?.lat ?? null, centre?.lon ?? null),
    );
    map.once('idle', () => setReady(true));
  }, [map, pilots, selectedUserId, centre?.lat, centre?.lon]);

  useEffect(() => {
    if (!map) return;
    const click = (e: { features?: Array<{ properties?: Record<string, unknown> }> }) => {
      const id = e.features?.[0]?.properties?.userId;
      if (typeof id === 'number') onSelectRef.current(id);
    };
    const enter = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const leave = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', PILOT_POINT_LAYER, click);
    map.on('mouseenter', PILOT_POINT_LAYER, enter);
    map.on('mouseleave', PILOT_POINT_LAYER, leave);
    return () => {
      map.off('click', PILOT_POINT_LAYER, click);
      map.off('mouseenter', PILOT_POINT_LAYER, enter);
      map.off('mouseleave', PILOT_POINT_LAYER, leave);
    };
  }, [map]);

  return (
    <MapFrame
      containerRef={container}
      basemap={basemap}
      error={error}
      label={label}
      attributes={{ 'data-testid': 'pilots-map', 'data-map-state': ready ? 'idle' : 'loading' }}
    />
  );
}
