import { ASSIGNMENT_MAP, pointsInPolygon } from '@linewalker/domain';
import { Alert, Box } from '@mantine/core';
import type { Polygon } from 'geojson';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AssignmentModel, projectRings } from '../../model/assignmentModel.ts';
import { structureBounds, structureFeatures } from '../../model/mapFeatures.ts';
import { SelectionToolbar } from './SelectionToolbar.tsx';
import {
  CLUSTER_COUNT_LAYER,
  CLUSTER_LAYER,
  crewPaint,
  POINT_LAYER,
  SELECTION_SOURCE,
  STRUCTURE_SOURCE,
} from './structureLayers.ts';
import { useDrawSelection } from './useDrawSelection.ts';
import { useMapLibre } from './useMapLibre.ts';

/** Room around fitted structures, more where the toolbar (top) and zoom buttons (right) sit. */
const FIT_PADDING = { top: 64, bottom: 32, left: 32, right: 56 };

export type SelectionMethod = 'click' | 'rectangle' | 'polygon' | 'shown';

interface AssignmentMapProps {
  /** null while the structures load; the map shows the default view meanwhile. */
  model: AssignmentModel | null;
  /** Indices of the structures the filters keep; only these are drawn and selectable. */
  visible: Uint32Array;
  /** Membership mask of `visible`. */
  visibleMask: Uint8Array;
  selected: Uint32Array | null;
  /** undefined while the config loads; null for the bundled offline style. */
  styleUrl: string | null | undefined;
  canEdit: boolean;
  onSelect: (indices: Uint32Array, method: SelectionMethod) => void;
}

/** The structures of the project as clustered markers coloured by crew, with click, rectangle and polygon selection. */
export function AssignmentMap({
  model,
  visible,
  visibleMask,
  selected,
  styleUrl,
  canEdit,
  onSelect,
}: AssignmentMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const { map, error } = useMapLibre(container, styleUrl);
  const [state, setState] = useState<'loading' | 'drawing' | 'idle'>('loading');
  const fitted = useRef(false);

  const selectInShape = useCallback(
    (polygon: Polygon, method: 'rectangle' | 'polygon') => {
      if (!model) return;
      performance.mark('assignment:select-start');
      const inside = pointsInPolygon(model.projected, projectRings(polygon.coordinates));
      // Only what the filters show can be selected.
      let size = 0;
      for (const i of inside) if (visibleMask[i]) inside[size++] = i;
      const measure = performance.measure('assignment:select', 'assignment:select-start');
      if (container.current) container.current.dataset.lastSelectMs = measure.duration.toFixed(1);
      onSelect(inside.slice(0, size), method);
    },
    [model, visibleMask, onSelect],
  );

  const { mode, modeRef, setMode } = useDrawSelection(map, canEdit, selectInShape);

  // The shown structures, re-sent whenever the data or the filters change.
  useEffect(() => {
    if (!map || !model) return;
    setState('drawing');
    // Marks for the performance checks: how long from handing over the points to a settled map.
    performance.mark('assignment:set-data');
    (map.getSource(STRUCTURE_SOURCE) as GeoJSONSource).setData(structureFeatures(model, visible));
    performance.measure('assignment:features', 'assignment:set-data');
    map.once('idle', () => {
      performance.measure('assignment:data-to-idle', 'assignment:set-data');
      setState('idle');
    });
    if (!fitted.current) {
      fitted.current = true;
      const bounds = structureBounds(model, visible);
      if (bounds) map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: 15, duration: 0 });
    }
  }, [map, model, visible]);

  // Crew colours come from the server's crew groups; re-paint only when they really change.
  const paletteKey = model?.palette.join(',');
  useEffect(() => {
    if (!map || !paletteKey) return;
    const paint = crewPaint(paletteKey.split(','));
    map.setPaintProperty(CLUSTER_LAYER, 'circle-color', paint.clusterColor);
    map.setPaintProperty(CLUSTER_COUNT_LAYER, 'text-color', paint.clusterText);
    map.setPaintProperty(POINT_LAYER, 'circle-color', paint.pointColor);
  }, [map, paletteKey]);

  useEffect(() => {
    if (!map || !model) return;
    const source = map.getSource(SELECTION_SOURCE) as GeoJSONSource;
    source.setData(structureFeatures(model, selected ?? new Uint32Array(0)));
  }, [map, model, selected]);

  // Clicks: a cluster zooms in to where it splits (never past 20); a marker selects its structure.
  useEffect(() => {
    if (!map) return;
    const onCluster = async (event: MapLayerMouseEvent) => {
      if (modeRef.current !== 'static') return;
      const feature = event.features?.[0];
      const clusterId = feature?.properties?.cluster_id as number | undefined;
      if (clusterId === undefined || feature?.geometry.type !== 'Point') return;
      const zoom = await (map.getSource(STRUCTURE_SOURCE) as GeoJSONSource).getClusterExpansionZoom(
        clusterId,
      );
      map.easeTo({
        center: feature.geometry.coordinates as [number, number],
        zoom: Math.min(zoom, ASSIGNMENT_MAP.expansionMaxZoom),
      });
    };
    const onPoint = (event: MapLayerMouseEvent) => {
      if (modeRef.current !== 'static' || !canEdit) return;
      const index = event.features?.[0]?.properties?.i as number | undefined;
      if (index !== undefined) onSelect(Uint32Array.of(index), 'click');
    };
    const pointer = () => {
      if (modeRef.current === 'static') map.getCanvas().style.cursor = 'pointer';
    };
    const unpointer = () => {
      if (modeRef.current === 'static') map.getCanvas().style.cursor = '';
    };
    map.on('click', CLUSTER_LAYER, onCluster);
    map.on('click', POINT_LAYER, onPoint);
    for (const layer of [CLUSTER_LAYER, POINT_LAYER]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, unpointer);
    }
    return () => {
      map.off('click', CLUSTER_LAYER, onCluster);
      map.off('click', POINT_LAYER, onPoint);
      for (const layer of [CLUSTER_LAYER, POINT_LAYER]) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, unpointer);
      }
    };
  }, [map, modeRef, canEdit, onSelect]);

  const fitToShown = () => {
    if (!map || !model) return;
    const bounds = structureBounds(model, visible);
    if (bounds) map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: 15 });
    else map.easeTo({ center: ASSIGNMENT_MAP.defaultCenter, zoom: ASSIGNMENT_MAP.defaultZoom });
  };

  return (
    <Box pos="relative" h="100%">
      <Box
        ref={container}
        h="100%"
        data-testid="assignment-map"
        data-map-state={state}
        data-draw-mode={mode}
        aria-label="Map of the project's structures"
        role="region"
      />
      {error && (
        <Alert color="red" pos="absolute" top={8} left={8} right={8} title="The map could not be loaded">
          {error}
        </Alert>
      )}
      <SelectionToolbar
        mode={mode}
        onMode={setMode}
        canEdit={canEdit && map !== null && model !== null}
        shownCount={visible.length}
        onSelectShown={() => onSelect(visible, 'shown')}
        onFit={fitToShown}
      />
    </Box>
  );
}
