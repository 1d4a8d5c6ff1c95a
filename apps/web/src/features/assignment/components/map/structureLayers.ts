import { ASSIGNMENT_MAP, crewTextColor, UNASSIGNED_COLOR } from '@linewalker/domain';
import type { ExpressionSpecification, GeoJSONSourceSpecification, LayerSpecification } from 'maplibre-gl';
import { clusteredSource, isCluster, isSinglePoint } from '../../../../components/map/clusters.ts';
import { LABEL_FONT } from '../../../../components/map/offlineStyle.ts';
import { CREW_SLOTS } from '../../model/assignmentModel.ts';

export const STRUCTURE_SOURCE = 'structures';
export const SELECTION_SOURCE = 'selection';
export const CLUSTER_LAYER = 'structure-clusters';
export const CLUSTER_COUNT_LAYER = 'structure-cluster-count';
export const POINT_LAYER = 'structure-points';

// The expression types cannot follow arrays built with map/flatMap; each builder checks its shape by hand.
const expr = (value: unknown[]) => value as unknown as ExpressionSpecification;
const slotCount = (n: number) => expr(['get', `c${n}`]);
const mostInCluster = expr(['max', ...CREW_SLOTS.map(slotCount)]);

/**
 * Structures as a clustered source (spec 1 §9: radius 75, max zoom 16). Each point carries `n`,
 * its crew number (0 unassigned); every cluster counts its points per crew in `c0`..`c10`, so a
 * cluster can take the colour of the crew most of its structures belong to.
 */
export const structureSource = (): GeoJSONSourceSpecification =>
  clusteredSource({
    radius: ASSIGNMENT_MAP.clusterRadius,
    maxZoom: ASSIGNMENT_MAP.clusterMaxZoom,
    properties: Object.fromEntries(
      CREW_SLOTS.map((n) => [`c${n}`, ['+', ['case', ['==', ['get', 'n'], n], 1, 0]]]),
    ) as GeoJSONSourceSpecification['clusterProperties'],
  });

/**
 * The selected structures, clustered like the markers so a 50,000-point selection costs as little
 * to draw as the markers themselves: each cluster or point under the selection gets a ring.
 */
export const selectionSource = (): GeoJSONSourceSpecification =>
  clusteredSource({ radius: ASSIGNMENT_MAP.clusterRadius, maxZoom: ASSIGNMENT_MAP.clusterMaxZoom });

/** Per crew slot, a value picked for the crew with the most structures in the cluster (ties: lower number). */
const byClusterMajority = (pick: (n: number) => string) =>
  expr([
    'let',
    'most',
    mostInCluster,
    ['case', ...CREW_SLOTS.flatMap((n) => [['==', slotCount(n), ['var', 'most']], pick(n)]), pick(0)],
  ]);

/** Paint values that depend on the crew colours; re-applied whenever the crew list changes. */
export function crewPaint(palette: readonly string[]) {
  const colorOf = (n: number) => palette[n] ?? UNASSIGNED_COLOR;
  return {
    clusterColor: byClusterMajority(colorOf),
    clusterText: byClusterMajority((n) => crewTextColor(colorOf(n))),
    pointColor: expr([
      'match',
      ['get', 'n'],
      ...CREW_SLOTS.flatMap((n) => [n, colorOf(n)]),
      UNASSIGNED_COLOR,
    ]),
  };
}

const ringAroundCluster = expr(['step', ['get', 'point_count'], 18, 50, 22, 500, 27, 5000, 33]);

/** Whether the cluster mixes crews: drawn with a dark ring so "mostly crew 3" is not read as "all crew 3". */
const mixed = expr(['<', mostInCluster, ['get', 'point_count']]);

export function structureLayers(palette: readonly string[]): LayerSpecification[] {
  const paint = crewPaint(palette);
  return [
    {
      id: CLUSTER_LAYER,
      type: 'circle',
      source: STRUCTURE_SOURCE,
      filter: isCluster,
      paint: {
        'circle-color': paint.clusterColor,
        'circle-radius': ['step', ['get', 'point_count'], 14, 50, 18, 500, 23, 5000, 29],
        'circle-stroke-width': ['case', mixed, 3, 2],
        'circle-stroke-color': ['case', mixed, '#37414b', '#ffffff'],
        'circle-opacity': 0.92,
      },
    },
    {
      id: CLUSTER_COUNT_LAYER,
      type: 'symbol',
      source: STRUCTURE_SOURCE,
      filter: isCluster,
      layout: {
        'text-field': ['get', 'point_count_abbreviated'],
        'text-font': [LABEL_FONT],
        'text-size': 12,
        'text-allow-overlap': true,
      },
      paint: { 'text-color': paint.clusterText },
    },
    {
      id: POINT_LAYER,
      type: 'circle',
      source: STRUCTURE_SOURCE,
      filter: isSinglePoint,
      paint: {
        'circle-color': paint.pointColor,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 5, 18, 9],
        'circle-stroke-width': 1.5,
        'circle-stroke-color': '#ffffff',
      },
    },
    {
      id: 'structure-selection',
      type: 'circle',
      source: SELECTION_SOURCE,
      paint: {
        'circle-color': 'rgba(0,0,0,0)',
        // Just outside the marker or cluster circle underneath.
        // (A zoom curve must be the outermost expression, so the cluster sizes repeat at both stops.)
        'circle-radius': [
          'interpolate',
          ['linear'],
          ['zoom'],
          10,
          ['case', ['has', 'point_count'], ringAroundCluster, 8],
          18,
          ['case', ['has', 'point_count'], ringAroundCluster, 12],
        ],
        'circle-stroke-width': 3,
        'circle-stroke-color': '#e8590c',
      },
    },
  ];
}
