import { pointsInPolygon, type UploadImage, type UploadStructure } from '@linewalker/domain';
import type { Feature, Polygon } from 'geojson';
import type {
  GeoJSONSource,
  MapLayerMouseEvent,
  Map as MapLibreMap,
  MapMouseEvent,
  Marker,
} from 'maplibre-gl';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { Basemaps } from '../../../../components/map/basemapChoice.ts';
import { setSourceData } from '../../../../components/map/clusters.ts';
import { boundsOf, fitMapTo } from '../../../../components/map/fitBounds.ts';
import { MapFrame } from '../../../../components/map/MapFrame.tsx';
import { maplibregl } from '../../../../components/map/maplibre.ts';
import { mercatorY, projectRings } from '../../../../components/map/projection.ts';
import { type DrawMode, useDrawShapes } from '../../../../components/map/useDrawShapes.ts';
import { useMapLibre } from '../../../../components/map/useMapLibre.ts';
import {
  IMAGE_CLUSTERS,
  IMAGE_POINTS,
  IMAGE_SOURCE,
  imageFeatures,
  imageSource,
  SELECTED_IMAGE_POINTS,
  SELECTED_IMAGE_SOURCE,
  STRUCTURE_CLUSTERS,
  STRUCTURE_POINTS,
  STRUCTURE_SOURCE,
  selectedImageSource,
  structureFeatures,
  structureSource,
  UPLOAD_COLORS,
  UPLOAD_MAP,
  uploadLayers,
} from './uploadLayers.ts';

/** The map's view: zoom and 'west,south,east,north'. */
export interface MapView {
  zoom: number;
  bounds: string;
}

export interface UploadMapProps {
  /** The basemaps (GET /config); undefined while the config loads. */
  basemaps: Basemaps | undefined;
  /** Where the map opens (the project's centre) at zoom 14; null: fitted to the structures. */
  center: { latitude: number; longitude: number } | null;
  structures: readonly UploadStructure[];
  images: readonly UploadImage[];
  selectedStructureId: number | null;
  selectedImages: readonly UploadImage[];
  /** The structure panel's position: a draggable pin; clicks on the map move it. null: no panel. */
  draft: { position: { latitude: number; longitude: number } | null } | null;
  onDraftMove: (latitude: number, longitude: number) => void;
  /** Rectangle and polygon selection of photos. */
  canSelectImages: boolean;
  onStructureClick: (structureId: number) => void;
  onImageClick: (imageId: number) => void;
  onImagesInShape: (imageIds: number[]) => void;
  onView: (view: MapView) => void;
  /** A point to bring into view (a row picked in the table); a new object each time. */
  focus: { latitude: number; longitude: number } | null;
  /** Overlays: the toolbar (given the draw mode) and the panels. */
  children: (tools: { mode: DrawMode; setMode: (mode: DrawMode) => void; ready: boolean }) => ReactNode;
}

const NONE: ReadonlySet<number> = new Set();

function addLayers(map: MapLibreMap) {
  map.addSource(STRUCTURE_SOURCE, structureSource());
  map.addSource(IMAGE_SOURCE, imageSource());
  map.addSource(SELECTED_IMAGE_SOURCE, selectedImageSource());
  for (const layer of uploadLayers()) map.addLayer(layer);
}

const viewOf = (map: MapLibreMap): MapView => {
  const b = map.getBounds();
  const round = (n: number) => n.toFixed(6);
  return {
    zoom: map.getZoom(),
    bounds: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map(round).join(','),
  };
};

/**
 * The Upload tab's map (spec 2 §2, §4 'Upload map behaviour'): clustered structures and photo pins,
 * a click selects (a cluster zooms in, or above zoom 18 steps through its members), rectangle and
 * polygon selection of photos, and a draggable pin for the structure being added or edited.
 */
export function UploadMap(props: UploadMapProps) {
  const { basemaps, structures, images, selectedStructureId, selectedImages, draft } = props;
  const container = useRef<HTMLDivElement>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const initialView = useRef(
    props.center
      ? {
          center: [props.center.longitude, props.center.latitude] as [number, number],
          zoom: UPLOAD_MAP.defaultZoom,
        }
      : undefined,
  );
  const { map, error, basemap } = useMapLibre(container, basemaps, {
    onLoad: addLayers,
    detailBelowLayer: STRUCTURE_CLUSTERS,
    initialView: initialView.current,
    maxZoom: UPLOAD_MAP.maxZoom,
    markPrefix: 'upload',
  });
  const [state, setState] = useState<'loading' | 'drawing' | 'idle'>('loading');
  const [zoom, setZoom] = useState<number>(UPLOAD_MAP.defaultZoom);
  const fitted = useRef(false);

  const selectInShape = useCallback((polygon: Polygon) => {
    const shown = propsRef.current.images.filter((i) => i.latitude !== null && i.longitude !== null);
    const coords = new Float64Array(shown.length * 2);
    shown.forEach((image, k) => {
      coords[k * 2] = image.longitude!;
      coords[k * 2 + 1] = mercatorY(image.latitude!);
    });
    const inside = pointsInPolygon(coords, projectRings(polygon.coordinates));
    propsRef.current.onImagesInShape(Array.from(inside, (k) => shown[k]!.image_id));
  }, []);
  const { mode, modeRef, setMode } = useDrawShapes(map, props.canSelectImages, selectInShape);

  // The data, re-sent when it or the selection changes.
  useEffect(() => {
    if (!map) return;
    setState('drawing');
    setSourceData(map, STRUCTURE_SOURCE, structureFeatures(structures, selectedStructureId));
    map.once('idle', () => setState('idle'));
    if (!fitted.current && structures.length > 0) {
      // Opens on the structures (at most the default zoom 14); the project's centre alone can fall
      // between two lines with nothing in view.
      fitted.current = true;
      const bounds = boundsOf(structures.length, (k) => [structures[k]!.longitude, structures[k]!.latitude]);
      fitMapTo(map, bounds, { padding: 48, maxZoom: UPLOAD_MAP.defaultZoom, animate: false });
    }
  }, [map, structures, selectedStructureId]);

  useEffect(() => {
    if (!map) return;
    setState('drawing');
    setSourceData(map, IMAGE_SOURCE, imageFeatures(images, NONE));
    map.once('idle', () => setState('idle'));
  }, [map, images]);

  useEffect(() => {
    if (!map) return;
    setSourceData(map, SELECTED_IMAGE_SOURCE, imageFeatures(selectedImages, NONE));
  }, [map, selectedImages]);

  // The view: reported at once and after every move.
  useEffect(() => {
    if (!map) return;
    const report = () => {
      setZoom(map.getZoom());
      propsRef.current.onView(viewOf(map));
    };
    report();
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map]);

  // Clicks: points select; clusters zoom in (at most to 20) or, above zoom 18, step through their members.
  useEffect(() => {
    if (!map) return;
    const cycles = new Map<string, number>();
    const placing = () => propsRef.current.draft !== null;
    const active = () => modeRef.current === 'static' && !placing();

    const onCluster = (source: string, pick: (id: number) => void) => async (event: MapLayerMouseEvent) => {
      if (!active()) return;
      const feature = event.features?.[0];
      const clusterId = feature?.properties?.cluster_id as number | undefined;
      const count = (feature?.properties?.point_count as number | undefined) ?? 0;
      if (clusterId === undefined || feature?.geometry.type !== 'Point') return;
      const geo = map.getSource(source) as GeoJSONSource;
      if (map.getZoom() > UPLOAD_MAP.cycleAboveZoom) {
        const leaves = (await geo.getClusterLeaves(clusterId, count, 0)) as Feature[];
        if (leaves.length === 0) return;
        const key = `${source}:${clusterId}`;
        const next = cycles.get(key) ?? 0;
        cycles.set(key, next + 1);
        const id = leaves[next % leaves.length]?.properties?.id as number | undefined;
        if (id !== undefined) pick(id);
        return;
      }
      const expansion = await geo.getClusterExpansionZoom(clusterId);
      map.easeTo({
        center: feature.geometry.coordinates as [number, number],
        zoom: Math.min(expansion, UPLOAD_MAP.expansionMaxZoom),
      });
    };
    const onPoint = (pick: (id: number) => void) => (event: MapLayerMouseEvent) => {
      if (!active()) return;
      const id = event.features?.[0]?.properties?.id as number | undefined;
      if (id !== undefined) pick(id);
    };
    const pickStructure = (id: number) => propsRef.current.onStructureClick(id);
    const pickImage = (id: number) => propsRef.current.onImageClick(id);
    const handlers: Array<[string, (event: MapLayerMouseEvent) => void]> = [
      [STRUCTURE_CLUSTERS, onCluster(STRUCTURE_SOURCE, pickStructure)],
      [IMAGE_CLUSTERS, onCluster(IMAGE_SOURCE, pickImage)],
      [STRUCTURE_POINTS, onPoint(pickStructure)],
      [
        IMAGE_POINTS,
        (event) => {
          // A selected pin lies on top of its ordinary one: its own layer takes the click.
          if (map.queryRenderedFeatures(event.point, { layers: [SELECTED_IMAGE_POINTS] }).length > 0) return;
          onPoint(pickImage)(event);
        },
      ],
      [SELECTED_IMAGE_POINTS, onPoint(pickImage)],
    ];
    const pointer = () => {
      if (active()) map.getCanvas().style.cursor = 'pointer';
    };
    const unpointer = () => {
      map.getCanvas().style.cursor = placing() ? 'crosshair' : '';
    };
    // While the structure panel is open, a click anywhere places its pin.
    const onMapClick = (event: MapMouseEvent) => {
      if (modeRef.current !== 'static' || !placing()) return;
      propsRef.current.onDraftMove(event.lngLat.lat, event.lngLat.lng);
    };
    for (const [layer, handler] of handlers) {
      map.on('click', layer, handler);
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, unpointer);
    }
    map.on('click', onMapClick);
    return () => {
      for (const [layer, handler] of handlers) {
        map.off('click', layer, handler);
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, unpointer);
      }
      map.off('click', onMapClick);
    };
  }, [map, modeRef]);

  // A row picked in the table: its point comes into view, zoomed in to at least the default zoom.
  const focus = props.focus;
  useEffect(() => {
    if (!map || !focus) return;
    map.easeTo({
      center: [focus.longitude, focus.latitude],
      // Past the photo clusters' last zoom, so single pins show.
      zoom: Math.max(map.getZoom(), UPLOAD_MAP.imageClusterMaxZoom + 1),
    });
  }, [map, focus]);

  // The structure panel's pin: draggable; the cursor is a crosshair while the panel is open.
  const markerRef = useRef<Marker | null>(null);
  const position = draft?.position ?? null;
  const open = draft !== null;
  useEffect(() => {
    if (!map) return;
    map.getCanvas().style.cursor = open ? 'crosshair' : '';
    if (!open) return;
    const marker = new maplibregl.Marker({ draggable: true, color: UPLOAD_COLORS.structureSelected });
    marker.getElement().setAttribute('aria-label', 'Structure position');
    marker.getElement().dataset.testid = 'structure-position-pin';
    marker.on('dragend', () => {
      const { lat, lng } = marker.getLngLat();
      propsRef.current.onDraftMove(lat, lng);
    });
    markerRef.current = marker;
    return () => {
      marker.remove();
      markerRef.current = null;
      map.getCanvas().style.cursor = '';
    };
  }, [map, open]);
  const pinLatitude = position?.latitude ?? null;
  const pinLongitude = position?.longitude ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `open` re-runs this once the new pin exists.
  useEffect(() => {
    const marker = markerRef.current;
    if (!map || !marker) return;
    if (pinLatitude !== null && pinLongitude !== null)
      marker.setLngLat([pinLongitude, pinLatitude]).addTo(map);
    else marker.remove();
  }, [map, pinLatitude, pinLongitude, open]);

  return (
    <MapFrame
      containerRef={container}
      basemap={basemap}
      error={error}
      label="Map of the project's structures and photos"
      attributes={{
        'data-testid': 'upload-map',
        'data-map-state': state,
        'data-draw-mode': mode,
        'data-zoom': zoom.toFixed(2),
        'data-structures': String(structures.length),
        'data-images': String(images.length),
      }}
    >
      {props.children({ mode, setMode, ready: map !== null })}
    </MapFrame>
  );
}
