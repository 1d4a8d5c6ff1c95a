import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type {
  DataDrivenPropertyValueSpecification,
  GeoJSONSource,
  GeoJSONSourceSpecification,
  MapLayerMouseEvent,
  Map as MapLibreMap,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { LABEL_FONT } from './offlineStyle.ts';

export const emptyCollection = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

export interface ClusterOptions {
  /** Pixels within which points merge into a cluster. */
  radius: number;
  /** Above this zoom every point is drawn on its own. */
  maxZoom: number;
  /** Per-cluster aggregates (MapLibre `clusterProperties`), e.g. counts by category for colouring. */
  properties?: GeoJSONSourceSpecification['clusterProperties'];
}

/** An empty clustered GeoJSON source; fill it with `setData`. Clusters carry `point_count`. */
export const clusteredSource = ({
  radius,
  maxZoom,
  properties,
}: ClusterOptions): GeoJSONSourceSpecification => ({
  type: 'geojson',
  data: emptyCollection(),
  cluster: true,
  clusterRadius: radius,
  clusterMaxZoom: maxZoom,
  // MapLibre clusters only below the source's own maxzoom (default 18): keep it above clusterMaxZoom.
  maxzoom: Math.min(24, Math.max(18, maxZoom + 1)),
  ...(properties ? { clusterProperties: properties } : {}),
});

/** Filters that tell clusters and single points of a clustered source apart. */
export const isCluster = ['has', 'point_count'] as ['has', string];
export const isSinglePoint = ['!', ['has', 'point_count']] as ['!', ['has', string]];

interface ClusterCountOptions {
  id: string;
  source: string;
  /** White by default; a per-cluster expression where the circle's colour varies (e.g. by crew). */
  textColor?: DataDrivenPropertyValueSpecification<string>;
  textSize?: number;
  /** A thin dark halo keeps the number readable on light cluster colours. */
  halo?: boolean;
}

/** The number on each cluster of a clustered source, the same on every map. */
export const clusterCountLayer = ({
  id,
  source,
  textColor = '#ffffff',
  textSize = 12,
  halo = false,
}: ClusterCountOptions): SymbolLayerSpecification => ({
  id,
  type: 'symbol',
  source,
  filter: isCluster,
  layout: {
    'text-field': ['get', 'point_count_abbreviated'],
    'text-font': [LABEL_FONT],
    'text-size': textSize,
    'text-allow-overlap': true,
  },
  paint: {
    'text-color': textColor,
    ...(halo ? { 'text-halo-color': 'rgba(0,0,0,0.45)', 'text-halo-width': 1 } : {}),
  },
});

/** Replaces the features of a GeoJSON source. */
export function setSourceData(map: MapLibreMap, sourceId: string, data: FeatureCollection): void {
  (map.getSource(sourceId) as GeoJSONSource).setData(data);
}

interface ClusterClickOptions {
  source: string;
  clusterLayer: string;
  pointLayer: string;
  /** A cluster click zooms in to where it splits, but never past this. */
  maxZoom: number;
  /** Clicks and the hand cursor only count while this answers true (e.g. not while drawing). */
  isActive: () => boolean;
  /** A single point was clicked. */
  onPoint?: (feature: Feature<Geometry>) => void;
  /**
   * Where a cluster splits, for clusters made outside MapLibre (a large point layer's `expansionZoom`);
   * by default the clustered source's own answer.
   */
  expansionZoom?: (clusterId: number) => Promise<number>;
}

/**
 * Clicking a cluster zooms in to where it splits; clicking a single point hands it to `onPoint`.
 * Both show a pointer cursor on hover.
 */
export function useClusterClicks(map: MapLibreMap | null, options: ClusterClickOptions): void {
  const ref = useRef(options);
  ref.current = options;
  const { source, clusterLayer, pointLayer } = options;

  useEffect(() => {
    if (!map) return;
    const onCluster = async (event: MapLayerMouseEvent) => {
      if (!ref.current.isActive()) return;
      const feature = event.features?.[0];
      const clusterId = feature?.properties?.cluster_id as number | undefined;
      if (clusterId === undefined || feature?.geometry.type !== 'Point') return;
      const expansion = ref.current.expansionZoom;
      let zoom: number;
      try {
        zoom = await (expansion
          ? expansion(clusterId)
          : (map.getSource(source) as GeoJSONSource).getClusterExpansionZoom(clusterId));
      } catch {
        // The cluster belongs to data replaced since it was drawn: the new drawing is on its way.
        return;
      }
      map.easeTo({
        center: feature.geometry.coordinates as [number, number],
        zoom: Math.min(zoom, ref.current.maxZoom),
      });
    };
    const onPoint = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (ref.current.isActive() && feature) ref.current.onPoint?.(feature);
    };
    const pointer = () => {
      if (ref.current.isActive()) map.getCanvas().style.cursor = 'pointer';
    };
    const unpointer = () => {
      if (ref.current.isActive()) map.getCanvas().style.cursor = '';
    };
    map.on('click', clusterLayer, onCluster);
    map.on('click', pointLayer, onPoint);
    for (const layer of [clusterLayer, pointLayer]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, unpointer);
    }
    return () => {
      map.off('click', clusterLayer, onCluster);
      map.off('click', pointLayer, onPoint);
      for (const layer of [clusterLayer, pointLayer]) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, unpointer);
      }
    };
  }, [map, source, clusterLayer, pointLayer]);
}
