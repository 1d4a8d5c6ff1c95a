import { RISK_SCALE, type TransmissionStructure } from '@linewalker/domain';
import { Box } from '@mantine/core';
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  clusterCountLayer,
  emptyCollection,
  isCluster,
  isSinglePoint,
  setSourceData,
  useClusterClicks,
} from '../../../components/map/clusters.ts';
import { DEFAULT_VIEW } from '../../../components/map/defaultView.ts';
import type { PointSet } from '../../../components/map/largePoints/protocol.ts';
import {
  largePointSource,
  useLargePointLayer,
} from '../../../components/map/largePoints/useLargePointLayer.ts';
import { MapFrame } from '../../../components/map/MapFrame.tsx';
import { useMapLibre } from '../../../components/map/useMapLibre.ts';
import { basemapsOf, useClientConfig } from '../../../lib/clientConfig.ts';

/** Spec 3 §9: clusters of radius 75 up to zoom 11, the map starts at zoom 13 and is 550 px high. */
export const ASSET_MAP = { height: 550, zoom: 13, clusterRadius: 75, clusterMaxZoom: 11 };
const SOURCE = 'asset-health';
const CLUSTERS = 'asset-health-clusters';
const COUNTS = 'asset-health-cluster-counts';
const POINTS = 'asset-health-points';
/** The selected structure, drawn on its own over the others: selecting one does not re-cluster 50,000. */
const SELECTED_SOURCE = 'asset-health-selected';
const SELECTED = 'asset-health-selected-point';

const riskColor = [
  'match',
  ['get', 'risk'],
  ...RISK_SCALE.flatMap((r) => [r.level, r.color]),
  '#343a40',
] as unknown as ExpressionSpecification;

function addLayers(map: MapLibreMap) {
  // Clustered by our own worker (useLargePointLayer): the source holds only the view's clusters and pins.
  map.addSource(SOURCE, largePointSource());
  map.addLayer({
    id: CLUSTERS,
    type: 'circle',
    source: SOURCE,
    filter: isCluster,
    paint: {
      'circle-radius': ['step', ['get', 'point_count'], 16, 100, 20, 1000, 26],
      'circle-color': [
        'match',
        ['get', 'worst'],
        ...RISK_SCALE.flatMap((r) => [r.level, r.color]),
        '#343a40',
      ] as unknown as ExpressionSpecification,
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
      'circle-color': riskColor,
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
      'circle-color': riskColor,
      'circle-stroke-color': '#000',
      'circle-stroke-width': 3,
    },
  });
}

function features(rows: readonly TransmissionStructure[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [r.longitude, r.latitude] },
      properties: pointProperties(r),
    })),
  };
}

/** What the pin layers and clicks read of a structure. */
const pointProperties = (r: TransmissionStructure) => ({ assetId: r.asset_id, risk: r.max_risk_level });

/** The structures' positions and risk levels for the map's worker (no 50,000 GeoJSON objects). */
function pointSet(rows: readonly TransmissionStructure[]): PointSet {
  const points: PointSet = {
    lng: new Float64Array(rows.length),
    lat: new Float64Array(rows.length),
    category: new Int32Array(rows.length),
  };
  rows.forEach((r, i) => {
    points.lng[i] = r.longitude;
    points.lat[i] = r.latitude;
    points.category[i] = r.max_risk_level;
  });
  return points;
}

interface AssetHealthMapProps {
  /** The map's structures; null while they are still on their way (the map is made meanwhile). */
  rows: readonly TransmissionStructure[] | null;
  /** Where the map starts (at zoom 13): the worst structure; the default view when there is none. */
  start: TransmissionStructure | null;
  selected: number | null;
  onSelect: (assetId: number) => void;
}

/** The Asset Health map: every structure of the filter as a pin in its risk colour, clustered when zoomed out. */
export function AssetHealthMap({ rows, start, selected, onSelect }: AssetHealthMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const config = useClientConfig();
  // Starts at zoom 13 on the worst structure (the first of the list), else the default view.
  const [options] = useState(() => {
    const first = start;
    return {
      onLoad: addLayers,
      markPrefix: 'asset-health',
      handOverOnStyleLoad: true,
      waitsForData: true,
      initialView: {
        center: first ? ([first.longitude, first.latitude] as [number, number]) : DEFAULT_VIEW.center,
        zoom: ASSET_MAP.zoom,
      },
    };
  });
  const { map, error, basemap, dataDrawn } = useMapLibre(container, basemapsOf(config), options);
  const [ready, setReady] = useState(false);
  const points = useMemo(() => rows && pointSet(rows), [rows]);

  useEffect(() => {
    if (!points) return;
    performance.mark('asset-health:set-data');
    setReady(false);
  }, [points]);

  // Clusters of radius 75 up to zoom 11, each in the colour of its worst structure.
  const { expansionZoom } = useLargePointLayer(map, points, {
    source: SOURCE,
    radius: ASSET_MAP.clusterRadius,
    maxZoom: ASSET_MAP.clusterMaxZoom,
    maxProperty: 'worst',
    pointProperties: (i) => (rows?.[i] ? pointProperties(rows[i]) : null),
    onSettled: () => {
      performance.measure('asset-health:data-to-idle', 'asset-health:set-data');
      setReady(true);
      dataDrawn();
    },
  });

  useEffect(() => {
    if (!map) return;
    const row = selected === null ? undefined : rows?.find((r) => r.asset_id === selected);
    setSourceData(map, SELECTED_SOURCE, row ? features([row]) : emptyCollection());
  }, [map, rows, selected]);

  useClusterClicks(map, {
    source: SOURCE,
    clusterLayer: CLUSTERS,
    pointLayer: POINTS,
    maxZoom: 20,
    isActive: () => true,
    expansionZoom,
    onPoint: (f) => {
      const id = f.properties?.assetId;
      if (typeof id === 'number') onSelect(id);
    },
  });

  return (
    <Box h={ASSET_MAP.height}>
      <MapFrame
        containerRef={container}
        basemap={basemap}
        error={error}
        label="Asset Health map"
        attributes={{
          'data-testid': 'asset-health-map',
          'data-map-state': ready ? 'idle' : 'loading',
          'data-points': String(rows?.length ?? 0),
        }}
      />
    </Box>
  );
}
