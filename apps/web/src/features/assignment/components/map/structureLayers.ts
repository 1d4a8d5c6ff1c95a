import { ASSIGNMENT_MAP, crewTextColor, UNASSIGNED_COLOR } from '@linewalker/domain';
import type {
  ExpressionSpecification,
  FilterSpecification,
  GeoJSONSourceSpecification,
  LayerSpecification,
} from 'maplibre-gl';
import {
  clusterCountLayer,
  clusteredSource,
  isCluster,
  isSinglePoint,
} from '../../../../components/map/clusters.ts';
import { largePointSource } from '../../../../components/map/largePoints/useLargePointLayer.ts';
import { clusterRadius, crewMixImage } from './crewMix.ts';

export const STRUCTURE_SOURCE = 'structures';
export const SELECTION_SOURCE = 'selection';
export const CLUSTER_LAYER = 'structure-clusters';
export const CLUSTER_COUNT_LAYER = 'structure-cluster-count';
/** The pie ring around a cluster that mixes crews or unassigned structures (see crewMix.ts). */
export const CLUSTER_MIX_LAYER = 'structure-cluster-mix';
export const POINT_LAYER = 'structure-points';
export const SELECTION_LAYER = 'structure-selection';
/** The layers drawn from STRUCTURE_SOURCE, bottom to top. */
export const STRUCTURE_LAYERS = [CLUSTER_LAYER, CLUSTER_MIX_LAYER, CLUSTER_COUNT_LAYER, POINT_LAYER];

// The expression types cannot follow arrays built with map/flatMap; each builder checks its shape by hand.
const expr = (value: unknown[]) => value as unknown as ExpressionSpecification;
const slotCount = (n: number) => expr(['get', `c${n}`]);
const mostInCluster = (slots: readonly number[]) => expr(['max', ...slots.map(slotCount)]);

/**
 * Structures as a large point layer (spec 1 §9: radius 75, max zoom 16), clustered in our own worker: the
 * source holds only the view's clusters and markers. Each point carries `n`, its crew number (0 unassigned);
 * every cluster counts its points per crew in `c<n>`, so a cluster can take the colour of the crew most of its
 * structures belong to. Only the crew numbers in `slots` (0 and the project's crews) are counted.
 */
export const structureSource = (): GeoJSONSourceSpecification => largePointSource();

/** How the worker clusters the markers, and the counts (`c<n>`) it gives each cluster. */
export const structureClusters = (slots: readonly number[]) => ({
  radius: ASSIGNMENT_MAP.clusterRadius,
  maxZoom: ASSIGNMENT_MAP.clusterMaxZoom,
  counted: slots,
  countProperty: (n: number) => `c${n}`,
});

/** The crew numbers a project's markers can have: 0 (unassigned) and those of its crews, ascending. */
export function crewSlots(crewNumbers: Iterable<number>): number[] {
  return [...new Set([0, ...crewNumbers])].sort((a, b) => a - b);
}

/**
 * The selected structures, clustered like the markers so a 50,000-point selection costs as little
 * to draw as the markers themselves: each cluster or point under the selection gets a ring.
 */
export const selectionSource = (): GeoJSONSourceSpecification =>
  clusteredSource({ radius: ASSIGNMENT_MAP.clusterRadius, maxZoom: ASSIGNMENT_MAP.clusterMaxZoom });

/** Per crew slot, a value picked for the crew with the most structures in the cluster (ties: lower number). */
const byClusterMajority = (slots: readonly number[], pick: (n: number) => string) =>
  expr([
    'let',
    'most',
    mostInCluster(slots),
    ['case', ...slots.flatMap((n) => [['==', slotCount(n), ['var', 'most']], pick(n)]), pick(0)],
  ]);

/** Paint values that depend on the crew colours; re-applied whenever the crew list changes. */
export function crewPaint(palette: readonly string[], slots: readonly number[]) {
  const colorOf = (n: number) => palette[n] ?? UNASSIGNED_COLOR;
  return {
    clusterColor: byClusterMajority(slots, colorOf),
    clusterText: byClusterMajority(slots, (n) => crewTextColor(colorOf(n))),
    pointColor: expr(['match', ['get', 'n'], ...slots.flatMap((n) => [n, colorOf(n)]), UNASSIGNED_COLOR]),
  };
}

const ringAroundCluster = expr(['step', ['get', 'point_count'], 18, 50, 22, 500, 27, 5000, 33]);

/**
 * Whether the cluster mixes crews (or crews and unassigned structures): it gets a ring showing the mix, so
 * "mostly crew 3" is not read as "all crew 3".
 */
const mixed = (slots: readonly number[]) => expr(['<', mostInCluster(slots), ['get', 'point_count']]);

/** The markers' layers (STRUCTURE_LAYERS), for a source made with the same `slots`. */
export function structureLayers(palette: readonly string[], slots: readonly number[]): LayerSpecification[] {
  const paint = crewPaint(palette, slots);
  return [
    {
      id: CLUSTER_LAYER,
      type: 'circle',
      source: STRUCTURE_SOURCE,
      filter: isCluster,
      paint: {
        'circle-color': paint.clusterColor,
        'circle-radius': clusterRadius,
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
        'circle-opacity': 0.92,
      },
    },
    {
      id: CLUSTER_MIX_LAYER,
      type: 'symbol',
      source: STRUCTURE_SOURCE,
      filter: expr(['all', isCluster, mixed(slots)]) as FilterSpecification,
      layout: {
        'icon-image': crewMixImage(slots, palette),
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
    clusterCountLayer({ id: CLUSTER_COUNT_LAYER, source: STRUCTURE_SOURCE, textColor: paint.clusterText }),
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
  ];
}

/** Rings around the selected structures, above the markers. */
export const selectionLayer = (): LayerSpecification => ({
  id: SELECTION_LAYER,
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
});
