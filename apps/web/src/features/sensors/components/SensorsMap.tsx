import type { SensorStructureValue } from '@linewalker/domain';
import type { FeatureCollection } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  clusterCountLayer,
  clusteredSource,
  emptyCollection,
  isCluster,
  isSinglePoint,
  setSourceData,
  useClusterClicks,
} from '../../../components/map/clusters.ts';
import { DEFAULT_VIEW } from '../../../components/map/defaultView.ts';
import { type Bounds, fitMapTo } from '../../../components/map/fitBounds.ts';
import { MapFrame } from '../../../components/map/MapFrame.tsx';
import { useMapLibre } from '../../../components/map/useMapLibre.ts';
import { basemapsOf, useClientConfig } from '../../../lib/clientConfig.ts';
import { SENSOR_MAP } from '../model/sensorMap.ts';
import { hasPosition } from '../model/sensorView.ts';

const SOURCE = 'sensors';
const CLUSTERS = 'sensor-clusters';
const COUNTS = 'sensor-cluster-counts';
const POINTS = 'sensor-points';
/** The selected structure, drawn on its own over the others: selecting one does not re-cluster 10,000. */
const SELECTED_SOURCE = 'sensor-selected';
const SELECTED = 'sensor-selected-point';
const alertColor = ['match', ['get', 'alert'], 3, '#e03131', 2, '#f08c00', '#2f9e44'] as unknown as string;

function addLayers(map: MapLibreMap) {
  map.addSource(
    SOURCE,
    clusteredSource({ radius: SENSOR_MAP.clusterRadius, maxZoom: SENSOR_MAP.clusterMaxZoom }),
  );
  map.addLayer({
    id: CLUSTERS,
    type: 'circle',
    source: SOURCE,
    filter: isCluster,
    paint: {
      'circle-radius': 16,
      'circle-color': '#1c7ed6',
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer(clusterCountLayer({ id: COUNTS, source: SOURCE }));
  map.addLayer({
    id: POINTS,
    type: 'circle',
    source: SOURCE,
    filter: isSinglePoint,
    paint: {
      'circle-radius': 7,
      'circle-color': alertColor,
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
    },
  });
  map.addSource(SELECTED_SOURCE, { type: 'geojson', data: emptyCollection() });
  map.addLayer({
    id: SELECTED,
    type: 'circle',
    source: SELECTED_SOURCE,
    paint: {
      'circle-radius': 10,
      'circle-color': alertColor,
      'circle-stroke-color': '#000',
      'circle-stroke-width': 3,
    },
  });
}

function features(rows: readonly SensorStructureValue[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: rows.filter(hasPosition).map((r) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [r.longitude as number, r.latitude as number] },
      properties: { deviceId: r.common_sense_device_id, alert: r.alert },
    })),
  };
}

/** What the pins show of the rows (position and risk): a refresh that changes neither keeps the clusters. */
const pinsKey = (rows: readonly SensorStructureValue[]) =>
  rows.map((r) => `${r.common_sense_device_id},${r.longitude},${r.latitude},${r.alert}`).join(';');

/** The selected structure, else every structure with valid coordinates, padded by 0.001°. */
function boundsOf(rows: readonly SensorStructureValue[]): Bounds | null {
  const valid = rows.filter(hasPosition);
  if (valid.length === 0) return null;
  const lons = valid.map((r) => r.longitude as number);
  const lats = valid.map((r) => r.latitude as number);
  const pad = SENSOR_MAP.paddingDeg;
  return [
    [Math.min(...lons) - pad, Math.min(...lats) - pad],
    [Math.max(...lons) + pad, Math.max(...lats) + pad],
  ];
}

interface SensorsMapProps {
  rows: readonly SensorStructureValue[];
  selected: SensorStructureValue | null;
  onSelect: (deviceId: string) => void;
}

export function SensorsMap({ rows, selected, onSelect }: SensorsMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const config = useClientConfig();
  const [options] = useState(() => ({
    onLoad: addLayers,
    markPrefix: 'sensors',
    initialView: { center: DEFAULT_VIEW.center, zoom: SENSOR_MAP.zoom },
  }));
  const { map, error, basemap } = useMapLibre(container, basemapsOf(config), options);
  const [ready, setReady] = useState(false);
  const selectedId = selected?.common_sense_device_id ?? null;

  // Every 5 s a refresh brings new readings; the pins (10,000 re-clustered) change only when a position,
  // a risk or the list itself does.
  const pins = useMemo(() => ({ key: pinsKey(rows), rows }), [rows]);
  // The pins each map (another basemap makes another map) was last given.
  const lastPins = useRef<{ map: MapLibreMap; key: string } | null>(null);
  useEffect(() => {
    if (!map || (lastPins.current?.map === map && lastPins.current.key === pins.key)) return;
    lastPins.current = { map, key: pins.key };
    setSourceData(map, SOURCE, features(pins.rows));
    map.once('idle', () => setReady(true));
  }, [map, pins]);

  useEffect(() => {
    if (!map) return;
    setSourceData(map, SELECTED_SOURCE, selected ? features([selected]) : emptyCollection());
  }, [map, selected]);

  // Fit when the selection (or the set of structures) changes, not on every 5-second refresh.
  const fitKey = `${selectedId}|${rows.length}`;
  const lastFit = useRef<string | null>(null);
  useEffect(() => {
    if (!map || lastFit.current === fitKey) return;
    lastFit.current = fitKey;
    fitMapTo(map, boundsOf(selected ? [selected] : rows), { maxZoom: 18, animate: false });
  }, [map, fitKey, selected, rows]);

  useClusterClicks(map, {
    source: SOURCE,
    clusterLayer: CLUSTERS,
    pointLayer: POINTS,
    maxZoom: SENSOR_MAP.expansionMaxZoom,
    isActive: () => true,
    onPoint: (f) => {
      const id = f.properties?.deviceId;
      if (typeof id === 'string') onSelect(id);
    },
  });

  return (
    <MapFrame
      containerRef={container}
      basemap={basemap}
      error={error}
      label="Sensors map"
      attributes={{ 'data-testid': 'sensors-map', 'data-map-state': ready ? 'idle' : 'loading' }}
    />
  );
}
