import type { FlightPlanDetail, OverviewMap as OverviewMapData, OverviewRiskKey } from '@linewalker/domain';
import { Button } from '@mantine/core';
import { IconFocusCentered } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Basemaps } from '../../../components/map/basemapChoice.ts';
import { emptyCollection, setSourceData, useClusterClicks } from '../../../components/map/clusters.ts';
import { boundsOf, fitMapTo } from '../../../components/map/fitBounds.ts';
import { MapFrame } from '../../../components/map/MapFrame.tsx';
import { useMapLibre } from '../../../components/map/useMapLibre.ts';
import {
  openingCentre,
  pathFeatures,
  pointFeatures,
  structureFeatures,
  structuresBounds,
} from '../model/mapFeatures.ts';
import { OVERVIEW_MAP } from '../model/overviewMapConfig.ts';
import {
  addOverviewLayers,
  CLUSTER_LAYER,
  PATH_SOURCE,
  POINT_LAYER,
  SELECTED_SOURCE,
  STRUCTURE_SOURCE,
  UNCOVERED_SOURCE,
} from './overviewLayers.ts';

/** A place the map is asked to show (a row picked in the table); `seq` repeats a request for the same place. */
export interface MapFocus {
  latitude: number;
  longitude: number;
  seq: number;
}

interface OverviewMapProps {
  data: OverviewMapData | undefined;
  risk: OverviewRiskKey | null;
  /** The basemaps (GET /config); undefined while the config loads. */
  basemaps: Basemaps | undefined;
  selected: { latitude: number; longitude: number } | null;
  focus: MapFocus | null;
  plan: FlightPlanDetail | null;
  onSelect: (structureId: number) => void;
}

const FIT = { padding: 48, maxZoom: 16 };
const MAP_OPTIONS = {
  onLoad: addOverviewLayers,
  detailBelowLayer: 'overview-path-line',
  maxZoom: 22,
  markPrefix: 'overview',
};

/** The project's structures as clusters and markers coloured by risk, with the chosen flight plan drawn over them. */
export function OverviewMap({ data, risk, basemaps, selected, focus, plan, onSelect }: OverviewMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const { map, error, basemap } = useMapLibre(container, basemaps, MAP_OPTIONS);
  const [state, setState] = useState<'loading' | 'idle'>('loading');
  const centred = useRef(false);
  const features = useMemo(() => (data ? structureFeatures(data, risk) : null), [data, risk]);

  useClusterClicks(map, {
    source: STRUCTURE_SOURCE,
    clusterLayer: CLUSTER_LAYER,
    pointLayer: POINT_LAYER,
    maxZoom: OVERVIEW_MAP.expansionMaxZoom,
    isActive: () => true,
    onPoint: (feature) => {
      const id = feature.properties?.id as number | undefined;
      if (id !== undefined) onSelect(id);
    },
  });

  useEffect(() => {
    if (!map || !features || !data) return;
    setState('loading');
    setSourceData(map, STRUCTURE_SOURCE, features);
    // The first time, the map opens at the spec's zoom 13 on the structure nearest the project's middle.
    if (!centred.current) {
      const center = openingCentre(data);
      if (center) {
        centred.current = true;
        map.jumpTo({ center, zoom: OVERVIEW_MAP.defaultZoom });
      }
    }
    map.once('idle', () => setState('idle'));
  }, [map, features, data]);

  useEffect(() => {
    if (!map) return;
    setSourceData(map, SELECTED_SOURCE, selected ? pointFeatures([selected]) : emptyCollection());
  }, [map, selected]);

  useEffect(() => {
    if (!map || !focus) return;
    setState('loading');
    map.jumpTo({ center: [focus.longitude, focus.latitude], zoom: OVERVIEW_MAP.structureZoom });
    map.once('idle', () => setState('idle'));
  }, [map, focus]);

  useEffect(() => {
    if (!map) return;
    setSourceData(map, PATH_SOURCE, plan ? pathFeatures(plan.waypoints) : emptyCollection());
    setSourceData(map, UNCOVERED_SOURCE, plan ? pointFeatures(plan.uncovered) : emptyCollection());
    if (plan && plan.waypoints.length > 0) {
      const { waypoints } = plan;
      fitMapTo(
        map,
        boundsOf(waypoints.length, (k) => [waypoints[k]?.lon ?? 0, waypoints[k]?.lat ?? 0]),
        FIT,
      );
    }
  }, [map, plan]);

  const fitAll = () => {
    if (map && data) fitMapTo(map, structuresBounds(data), FIT);
  };

  return (
    <MapFrame
      containerRef={container}
      basemap={basemap}
      error={error}
      label="Map of the project's structures by risk"
      attributes={{ 'data-testid': 'overview-map', 'data-map-state': state }}
    >
      <Button
        size="xs"
        variant="default"
        pos="absolute"
        top={8}
        left={8}
        leftSection={<IconFocusCentered size={14} />}
        onClick={fitAll}
        disabled={!map || !data || data.total === 0}
      >
        Show all
      </Button>
    </MapFrame>
  );
}
