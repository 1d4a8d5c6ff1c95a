import { OVERVIEW_RISKS } from '@linewalker/domain';
import type { ExpressionSpecification, LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import {
  clusterCountLayer,
  clusteredSource,
  emptyCollection,
  isCluster,
  isSinglePoint,
} from '../../../components/map/clusters.ts';
import { OVERVIEW_MAP } from '../model/overviewMapConfig.ts';

export const STRUCTURE_SOURCE = 'overview-structures';
export const CLUSTER_LAYER = 'overview-clusters';
export const POINT_LAYER = 'overview-points';
export const SELECTED_SOURCE = 'overview-selected';
export const PATH_SOURCE = 'overview-flight-path';
export const UNCOVERED_SOURCE = 'overview-uncovered';

/** The colour of a risk index (`r`, or a cluster's worst `worst`), in the scale's colours. */
const riskColor = (value: ExpressionSpecification) =>
  [
    'match',
    value,
    ...OVERVIEW_RISKS.flatMap((risk, i) => [i, risk.color]),
    OVERVIEW_RISKS[0]!.color,
  ] as unknown as ExpressionSpecification;

/**
 * The overview's sources and layers. A cluster takes the colour of the worst risk among its structures, so
 * a major defect is never hidden inside a cluster of satisfactory ones.
 */
export function addOverviewLayers(map: MapLibreMap): void {
  map.addSource(
    STRUCTURE_SOURCE,
    clusteredSource({
      radius: OVERVIEW_MAP.clusterRadius,
      maxZoom: OVERVIEW_MAP.clusterMaxZoom,
      properties: { worst: ['max', ['get', 'r']] },
    }),
  );
  for (const id of [SELECTED_SOURCE, PATH_SOURCE, UNCOVERED_SOURCE]) {
    map.addSource(id, { type: 'geojson', data: emptyCollection() });
  }
  const layers: LayerSpecification[] = [
    {
      id: 'overview-path-line',
      type: 'line',
      source: PATH_SOURCE,
      filter: ['==', ['get', 'kind'], 'path'],
      paint: { 'line-color': '#1864ab', 'line-width': 3, 'line-dasharray': [2, 1] },
    },
    {
      id: CLUSTER_LAYER,
      type: 'circle',
      source: STRUCTURE_SOURCE,
      filter: isCluster,
      paint: {
        'circle-color': riskColor(['get', 'worst']),
        'circle-radius': ['step', ['get', 'point_count'], 14, 50, 18, 500, 23, 5000, 29],
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
        'circle-opacity': 0.9,
      },
    },
    clusterCountLayer({ id: 'overview-cluster-count', source: STRUCTURE_SOURCE, halo: true }),
    {
      id: POINT_LAYER,
      type: 'circle',
      source: STRUCTURE_SOURCE,
      filter: isSinglePoint,
      paint: {
        'circle-color': riskColor(['get', 'r']),
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 5, 18, 10],
        'circle-stroke-width': 1.5,
        'circle-stroke-color': '#ffffff',
      },
    },
    {
      id: 'overview-uncovered',
      type: 'circle',
      source: UNCOVERED_SOURCE,
      paint: {
        'circle-color': 'rgba(0,0,0,0)',
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 8, 18, 15],
        'circle-stroke-width': 2.5,
        'circle-stroke-color': '#c2255c',
      },
    },
    {
      id: 'overview-path-waypoints',
      type: 'circle',
      source: PATH_SOURCE,
      filter: ['==', ['get', 'kind'], 'waypoint'],
      paint: {
        'circle-color': '#1864ab',
        'circle-radius': 4,
        'circle-stroke-width': 1.5,
        'circle-stroke-color': '#ffffff',
      },
    },
    {
      id: 'overview-selected',
      type: 'circle',
      source: SELECTED_SOURCE,
      paint: {
        'circle-color': 'rgba(0,0,0,0)',
        'circle-radius': 16,
        'circle-stroke-width': 3,
        'circle-stroke-color': '#212529',
      },
    },
  ];
  for (const layer of layers) map.addLayer(layer);
}
