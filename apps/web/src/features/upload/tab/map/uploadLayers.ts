import type { UploadImage, UploadStructure } from '@linewalker/domain';
import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSourceSpecification, LayerSpecification } from 'maplibre-gl';
import {
  clusterCountLayer,
  clusteredSource,
  isCluster,
  isSinglePoint,
} from '../../../../components/map/clusters.ts';
import { LABEL_FONT } from '../../../../components/map/offlineStyle.ts';

/** Map constants of the Upload tab (spec 2 §4 'Upload map behaviour', §9). */
export const UPLOAD_MAP = {
  defaultZoom: 14,
  /** Above this zoom photos load by the map's bounds; at or below it, the unassigned list. */
  boundsMinZoom: 12,
  imageClusterRadius: 40,
  imageClusterMaxZoom: 16,
  structureClusterRadius: 30,
  structureClusterMaxZoom: 22,
  /** Above this zoom a cluster click steps through its members instead of zooming. */
  cycleAboveZoom: 18,
  expansionMaxZoom: 20,
  maxZoom: 22,
  /** Wait after the map stops moving before asking for the photos in view. */
  boundsDebounceMs: 300,
} as const;

export const STRUCTURE_SOURCE = 'upload-structures';
export const IMAGE_SOURCE = 'upload-images';
export const STRUCTURE_CLUSTERS = 'upload-structure-clusters';
export const STRUCTURE_CLUSTER_COUNT = 'upload-structure-cluster-count';
export const STRUCTURE_POINTS = 'upload-structure-points';
export const STRUCTURE_LABELS = 'upload-structure-labels';
export const IMAGE_CLUSTERS = 'upload-image-clusters';
export const IMAGE_CLUSTER_COUNT = 'upload-image-cluster-count';
export const IMAGE_POINTS = 'upload-image-points';
/** The selected photos, unclustered on top: a selection inside a cluster stays visible. */
export const SELECTED_IMAGE_SOURCE = 'upload-selected-images';
export const SELECTED_IMAGE_POINTS = 'upload-selected-image-points';

/** Pin colours: photos by assigned / unassigned and selected; structures by having photos. */
export const UPLOAD_COLORS = {
  imageAssigned: '#1971c2',
  imageUnassigned: '#f08c00',
  imageSelected: '#d6336c',
  structureWithImages: '#2f9e44',
  structureWithout: '#5c636a',
  structureSelected: '#e8590c',
} as const;

export const structureSource = (): GeoJSONSourceSpecification =>
  clusteredSource({
    radius: UPLOAD_MAP.structureClusterRadius,
    maxZoom: UPLOAD_MAP.structureClusterMaxZoom,
  });

export const imageSource = (): GeoJSONSourceSpecification =>
  clusteredSource({ radius: UPLOAD_MAP.imageClusterRadius, maxZoom: UPLOAD_MAP.imageClusterMaxZoom });

/** Structures as points: `id`, `name`, `p` (has photos 1/0), `sel` (selected 1/0). */
export function structureFeatures(
  structures: readonly UploadStructure[],
  selectedId: number | null,
): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: structures.map((s) => ({
      type: 'Feature',
      properties: {
        id: s.structure_id,
        name: s.struct_num,
        p: s.image_count > 0 ? 1 : 0,
        sel: s.structure_id === selectedId ? 1 : 0,
      },
      geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] },
    })),
  };
}

/** Photos as points: `id`, `a` (assigned 1/0), `sel` (selected 1/0). Photos without a position are left out. */
export function imageFeatures(
  images: readonly UploadImage[],
  selected: ReadonlySet<number>,
): FeatureCollection<Point> {
  const features: FeatureCollection<Point>['features'] = [];
  for (const image of images) {
    if (image.latitude === null || image.longitude === null) continue;
    features.push({
      type: 'Feature',
      properties: {
        id: image.image_id,
        a: image.structure_id === null ? 0 : 1,
        sel: selected.has(image.image_id) ? 1 : 0,
      },
      geometry: { type: 'Point', coordinates: [image.longitude, image.latitude] },
    });
  }
  return { type: 'FeatureCollection', features };
}

export const selectedImageSource = (): GeoJSONSourceSpecification => ({
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
});

export function uploadLayers(): LayerSpecification[] {
  return [
    {
      id: STRUCTURE_CLUSTERS,
      type: 'circle',
      source: STRUCTURE_SOURCE,
      filter: isCluster,
      paint: {
        'circle-color': UPLOAD_COLORS.structureWithout,
        'circle-radius': ['step', ['get', 'point_count'], 13, 50, 17, 500, 22],
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
        'circle-opacity': 0.9,
      },
    },
    clusterCountLayer({ id: STRUCTURE_CLUSTER_COUNT, source: STRUCTURE_SOURCE }),
    {
      id: STRUCTURE_POINTS,
      type: 'circle',
      source: STRUCTURE_SOURCE,
      filter: isSinglePoint,
      paint: {
        'circle-color': [
          'case',
          ['==', ['get', 'sel'], 1],
          UPLOAD_COLORS.structureSelected,
          ['==', ['get', 'p'], 1],
          UPLOAD_COLORS.structureWithImages,
          UPLOAD_COLORS.structureWithout,
        ],
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 6, 18, 11],
        'circle-stroke-width': ['case', ['==', ['get', 'sel'], 1], 3, 2],
        'circle-stroke-color': '#ffffff',
      },
    },
    {
      id: STRUCTURE_LABELS,
      type: 'symbol',
      source: STRUCTURE_SOURCE,
      filter: isSinglePoint,
      minzoom: 15,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [LABEL_FONT],
        'text-size': 11,
        'text-offset': [0, 1.3],
        'text-anchor': 'top',
        'text-optional': true,
      },
      paint: { 'text-color': '#343a40', 'text-halo-color': '#ffffff', 'text-halo-width': 1.4 },
    },
    {
      id: IMAGE_CLUSTERS,
      type: 'circle',
      source: IMAGE_SOURCE,
      filter: isCluster,
      paint: {
        'circle-color': UPLOAD_COLORS.imageAssigned,
        'circle-radius': ['step', ['get', 'point_count'], 12, 50, 16, 500, 21],
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
        'circle-opacity': 0.85,
      },
    },
    clusterCountLayer({ id: IMAGE_CLUSTER_COUNT, source: IMAGE_SOURCE, textSize: 11 }),
    {
      id: IMAGE_POINTS,
      type: 'circle',
      source: IMAGE_SOURCE,
      filter: isSinglePoint,
      paint: {
        'circle-color': [
          'case',
          ['==', ['get', 'sel'], 1],
          UPLOAD_COLORS.imageSelected,
          ['==', ['get', 'a'], 1],
          UPLOAD_COLORS.imageAssigned,
          UPLOAD_COLORS.imageUnassigned,
        ],
        'circle-radius': ['case', ['==', ['get', 'sel'], 1], 6, 4.5],
        'circle-stroke-width': ['case', ['==', ['get', 'sel'], 1], 2.5, 1.2],
        'circle-stroke-color': ['case', ['==', ['get', 'sel'], 1], '#212529', '#ffffff'],
      },
    },
    {
      id: SELECTED_IMAGE_POINTS,
      type: 'circle',
      source: SELECTED_IMAGE_SOURCE,
      paint: {
        'circle-color': UPLOAD_COLORS.imageSelected,
        'circle-radius': 6.5,
        'circle-stroke-width': 2.5,
        'circle-stroke-color': '#212529',
      },
    },
  ];
}
