import { ASSIGNMENT_MAP, pointsInPolygon } from '@linewalker/domain';
import type { Polygon } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Basemaps } from '../../../../components/map/basemapChoice.ts';
import { setSourceData, useClusterClicks } from '../../../../components/map/clusters.ts';
import { fitMapTo } from '../../../../components/map/fitBounds.ts';
import type { PointSet } from '../../../../components/map/largePoints/protocol.ts';
import { useLargePointLayer } from '../../../../components/map/largePoints/useLargePointLayer.ts';
import { MapFrame } from '../../../../components/map/MapFrame.tsx';
import { projectRings } from '../../../../components/map/projection.ts';
import { useDrawShapes } from '../../../../components/map/useDrawShapes.ts';
import { useMapLibre } from '../../../../components/map/useMapLibre.ts';
import { type AssignmentModel, crewPalette } from '../../model/assignmentModel.ts';
import { structureBounds, structureFeatures } from '../../model/mapFeatures.ts';
import { crewMixImage, useCrewMixImages } from './crewMix.ts';
import { SelectionToolbar } from './SelectionToolbar.tsx';
import { StructuresLoading } from './StructuresLoading.tsx';
import {
  CLUSTER_COUNT_LAYER,
  CLUSTER_LAYER,
  CLUSTER_MIX_LAYER,
  crewPaint,
  crewSlots,
  POINT_LAYER,
  SELECTION_LAYER,
  SELECTION_SOURCE,
  STRUCTURE_LAYERS,
  STRUCTURE_SOURCE,
  selectionLayer,
  selectionSource,
  structureClusters,
  structureLayers,
  structureSource,
} from './structureLayers.ts';

/** Room around fitted structures, more where the toolbar (top) and zoom buttons (right) sit. */
const FIT_PADDING = { top: 64, bottom: 32, left: 32, right: 56 };
const FIT = {
  padding: FIT_PADDING,
  maxZoom: 15,
  fallback: {
    center: [ASSIGNMENT_MAP.defaultCenter.lng, ASSIGNMENT_MAP.defaultCenter.lat] as [number, number],
    zoom: ASSIGNMENT_MAP.defaultZoom,
  },
};

export type SelectionMethod = 'click' | 'rectangle' | 'polygon' | 'shown';

interface AssignmentMapProps {
  /** null while the structures load; the map shows the default view meanwhile. */
  model: AssignmentModel | null;
  /** Indices of the structures the filters keep; only these are drawn and selectable. */
  visible: Uint32Array;
  /** Membership mask of `visible`. */
  visibleMask: Uint8Array;
  selected: Uint32Array | null;
  /** The basemaps (GET /config); undefined while the config loads. */
  basemaps: Basemaps | undefined;
  canEdit: boolean;
  onSelect: (indices: Uint32Array, method: SelectionMethod) => void;
  /** The project, whose structures' download the map shows while `model` is null. */
  projectId: number;
}

/** The crew numbers each map's marker layers read. */
const markerSlots = new WeakMap<MapLibreMap, string>();

/**
 * Added once the map's style has loaded: the selection's rings and, under them, the markers for a project
 * without crews yet (made again for the project's crews when they are known). The markers' layers are there
 * from the start so the county detail finds its place under them.
 */
function addStructureLayers(map: MapLibreMap) {
  map.addSource(SELECTION_SOURCE, selectionSource());
  map.addLayer(selectionLayer());
  map.addSource(STRUCTURE_SOURCE, structureSource());
  ensureStructureLayers(map, crewSlots([]), crewPalette([]));
}

/** The markers' layers for the crew numbers `slots`, made again (under the selection rings) when the project's crews change. */
function ensureStructureLayers(map: MapLibreMap, slots: readonly number[], palette: readonly string[]) {
  const key = slots.join(',');
  const made = markerSlots.get(map);
  if (made === key) return;
  if (made !== undefined) for (const id of STRUCTURE_LAYERS) map.removeLayer(id);
  for (const layer of structureLayers(palette, slots)) map.addLayer(layer, SELECTION_LAYER);
  markerSlots.set(map, key);
}

/** The shown structures' positions and crew numbers for the markers' worker (point k is `visible[k]`). */
function shownPoints(model: AssignmentModel, visible: Uint32Array): PointSet {
  const { longitude, latitude } = model.columns;
  const points: PointSet = {
    lng: new Float64Array(visible.length),
    lat: new Float64Array(visible.length),
    category: new Int32Array(visible.length),
  };
  for (let k = 0; k < visible.length; k++) {
    const i = visible[k]!;
    points.lng[k] = longitude[i]!;
    points.lat[k] = latitude[i]!;
    points.category[k] = model.crewNumbers[i]!;
  }
  return points;
}

const MAP_OPTIONS = {
  onLoad: addStructureLayers,
  detailBelowLayer: CLUSTER_LAYER,
  initialView: FIT.fallback,
  maxZoom: ASSIGNMENT_MAP.expansionMaxZoom,
  markPrefix: 'assignment',
  // The structures go to the map's worker as soon as the style is read, not after the first full drawing.
  handOverOnStyleLoad: true,
  waitsForData: true,
};

/** The structures of the project as clustered markers coloured by crew, with click, rectangle and polygon selection. */
export function AssignmentMap({
  model,
  visible,
  visibleMask,
  selected,
  basemaps,
  canEdit,
  onSelect,
  projectId,
}: AssignmentMapProps) {
  const container = useRef<HTMLDivElement>(null);
  // When the structures are in before the map is made, it starts fitted to them (read once, at creation).
  const mapOptions = useMemo(() => {
    const bounds = model ? structureBounds(model, visible) : null;
    return {
      ...MAP_OPTIONS,
      initialBounds: bounds ? { bounds, padding: FIT.padding, maxZoom: FIT.maxZoom } : null,
    };
  }, [model, visible]);
  const { map, error, basemap, dataDrawn } = useMapLibre(container, basemaps, mapOptions);
  const [state, setState] = useState<'loading' | 'drawing' | 'idle'>('loading');
  const fitted = useRef(false);
  const [settledOnce, setSettledOnce] = useState(false);

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

  const { mode, modeRef, setMode } = useDrawShapes(map, canEdit, selectInShape);

  // The crew numbers the markers count (0 and the project's crews).
  const slotKey = model ? crewSlots(model.crew.map((group) => group.crew_number)).join(',') : null;
  const slots = useMemo(() => (slotKey === null ? null : slotKey.split(',').map(Number)), [slotKey]);

  // The shown structures go to the markers' worker; the map gets the view's clusters and markers.
  const points = useMemo(() => {
    if (!model) return null;
    performance.mark('assignment:set-data');
    const made = shownPoints(model, visible);
    performance.measure('assignment:features', 'assignment:set-data');
    return made;
  }, [model, visible]);
  const { expansionZoom } = useLargePointLayer(map, points, {
    source: STRUCTURE_SOURCE,
    ...structureClusters(slots ?? [0]),
    pointProperties: (k) => {
      const i = visible[k]!;
      return { i, n: model?.crewNumbers[i] ?? 0 };
    },
    onSettled: () => {
      // How long from handing over the points to a settled map.
      performance.measure('assignment:data-to-idle', 'assignment:set-data');
      setState('idle');
      setSettledOnce(true);
      dataDrawn();
    },
  });

  // Clicks: a cluster zooms in to where it splits (never past 20); a marker selects its structure.
  useClusterClicks(map, {
    source: STRUCTURE_SOURCE,
    clusterLayer: CLUSTER_LAYER,
    pointLayer: POINT_LAYER,
    maxZoom: ASSIGNMENT_MAP.expansionMaxZoom,
    isActive: () => modeRef.current === 'static',
    expansionZoom,
    onPoint: (feature) => {
      const index = feature.properties?.i as number | undefined;
      if (canEdit && index !== undefined) onSelect(Uint32Array.of(index), 'click');
    },
  });

  // The shown structures, re-drawn whenever the data or the filters change.
  useEffect(() => {
    if (!map || !model || !slots || !points) return;
    setState('drawing');
    ensureStructureLayers(map, slots, model.palette);
    if (!fitted.current) {
      fitted.current = true;
      const bounds = structureBounds(model, visible);
      if (bounds) fitMapTo(map, bounds, { ...FIT, animate: false });
    }
  }, [map, model, visible, slots, points]);

  // Crew colours come from the server's crew groups; re-paint only when they really change.
  const paletteKey = model?.palette.join(',');
  useEffect(() => {
    if (!map || !paletteKey || !slots) return;
    const paint = crewPaint(paletteKey.split(','), slots);
    map.setPaintProperty(CLUSTER_LAYER, 'circle-color', paint.clusterColor);
    map.setPaintProperty(CLUSTER_COUNT_LAYER, 'text-color', paint.clusterText);
    map.setPaintProperty(POINT_LAYER, 'circle-color', paint.pointColor);
    map.setLayoutProperty(CLUSTER_MIX_LAYER, 'icon-image', crewMixImage(slots, paletteKey.split(',')));
  }, [map, paletteKey, slots]);
  useCrewMixImages(map, model?.palette);

  useEffect(() => {
    if (!map || !model) return;
    setSourceData(map, SELECTION_SOURCE, structureFeatures(model, selected ?? new Uint32Array(0)));
  }, [map, model, selected]);

  const fitToShown = () => {
    if (map && model) fitMapTo(map, structureBounds(model, visible), FIT);
  };

  return (
    <MapFrame
      containerRef={container}
      basemap={basemap}
      error={error}
      label="Map of the project's structures"
      attributes={{ 'data-testid': 'assignment-map', 'data-map-state': state, 'data-draw-mode': mode }}
    >
      <SelectionToolbar
        mode={mode}
        onMode={setMode}
        canEdit={canEdit && map !== null && model !== null}
        shownCount={visible.length}
        onSelectShown={() => onSelect(visible, 'shown')}
        onFit={fitToShown}
      />
      {/* Until the first drawing of the structures has settled (later filter changes redraw quickly). */}
      {!error && !settledOnce && (
        <StructuresLoading projectId={projectId} drawing={model ? visible.length : null} />
      )}
    </MapFrame>
  );
}
