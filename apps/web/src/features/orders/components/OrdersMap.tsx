import { type AssetOrderValue, ORDER_MAP } from '@linewalker/domain';
import type { FeatureCollection } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { setSourceData } from '../../../components/map/clusters.ts';
import { MapFrame } from '../../../components/map/MapFrame.tsx';
import { useMapLibre } from '../../../components/map/useMapLibre.ts';
import { basemapsOf, useClientConfig } from '../../../lib/clientConfig.ts';
import { STATUS_COLORS } from '../model/orderView.ts';

export const ORDER_MAP_HEIGHT = 450;
const ORDERS = 'orders';
const TRACKS = 'order-tracks';
const POINTS = 'order-points';
const LINES = 'order-track-lines';

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

function addLayers(map: MapLibreMap) {
  map.addSource(TRACKS, { type: 'geojson', data: empty() });
  map.addSource(ORDERS, { type: 'geojson', data: empty() });
  map.addLayer({
    id: LINES,
    type: 'line',
    source: TRACKS,
    paint: {
      'line-color': ['case', ['get', 'selected'], '#1971c2', '#495057'],
      'line-width': ['case', ['get', 'selected'], 4, 2],
      'line-dasharray': [2, 1],
      'line-opacity': 0.8,
    },
  });
  map.addLayer({
    id: POINTS,
    type: 'circle',
    source: ORDERS,
    paint: {
      'circle-radius': ['case', ['get', 'selected'], 10, 7],
      'circle-color': ['coalesce', ['get', 'color'], '#adb5bd'],
      'circle-stroke-color': ['case', ['get', 'selected'], '#000', '#fff'],
      'circle-stroke-width': ['case', ['get', 'selected'], 3, 2],
    },
  });
}

export interface OrderTrackPoints {
  id: number;
  points: { lat: number; lng: number }[];
}

interface OrdersMapProps {
  orders: readonly AssetOrderValue[];
  tracks: readonly OrderTrackPoints[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/**
 * The order map (spec 3 §2: default centre the US, zoom 3): each order at its current position, coloured by
 * status, and each shipment's track (its positions in order) as a dashed line; the selected one stands out.
 */
export function OrdersMap({ orders, tracks, selectedId, onSelect }: OrdersMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const config = useClientConfig();
  const [options] = useState(() => ({
    onLoad: addLayers,
    markPrefix: 'orders',
    initialView: { center: ORDER_MAP.center, zoom: ORDER_MAP.zoom },
  }));
  const { map, error, basemap } = useMapLibre(container, basemapsOf(config), options);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!map) return;
    const shown = new Set(orders.map((o) => o.id));
    setSourceData(map, ORDERS, {
      type: 'FeatureCollection',
      features: orders
        .filter((o) => o.lat !== null && o.lng !== null)
        .map((o) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [o.lng as number, o.lat as number] },
          properties: {
            id: o.id,
            color: STATUS_COLORS[o.pole_order_status_id ?? 0] ?? null,
            selected: o.id === selectedId,
          },
        })),
    });
    setSourceData(map, TRACKS, {
      type: 'FeatureCollection',
      features: tracks
        .filter((t) => shown.has(t.id) && t.points.length > 1)
        .map((t) => ({
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: t.points.map((p) => [p.lng, p.lat]) },
          properties: { id: t.id, selected: t.id === selectedId },
        })),
    });
    map.once('idle', () => setReady(true));
  }, [map, orders, tracks, selectedId]);

  useEffect(() => {
    if (!map) return;
    const click = (e: { features?: { properties: Record<string, unknown> }[] }) => {
      const id = e.features?.[0]?.properties.id;
      if (typeof id === 'number') onSelect(id);
    };
    const enter = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const leave = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', POINTS, click);
    map.on('mouseenter', POINTS, enter);
    map.on('mouseleave', POINTS, leave);
    return () => {
      map.off('click', POINTS, click);
      map.off('mouseenter', POINTS, enter);
      map.off('mouseleave', POINTS, leave);
    };
  }, [map, onSelect]);

  return (
    <MapFrame
      containerRef={container}
      basemap={basemap}
      error={error}
      label="Order map"
      attributes={{ 'data-testid': 'orders-map', 'data-map-state': ready ? 'idle' : 'loading' }}
    />
  );
}
