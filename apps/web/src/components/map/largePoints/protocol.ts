/**
 * Messages between a large point layer (`useLargePointLayer`) and its worker (`pointIndex.worker.ts`).
 * Positions and categories travel as transferred typed arrays, never as 50,000 cloned objects.
 */

/** The whole point set: point i is at (lng[i], lat[i]) and has the small integer `category[i]`. */
export interface PointSet {
  lng: Float64Array;
  lat: Float64Array;
  /** What colours a point and is aggregated in clusters (e.g. a risk level, a crew number). */
  category: Int32Array;
}

export interface ClusterSettings {
  /** Pixels within which points merge into a cluster (MapLibre's `clusterRadius`). */
  radius: number;
  /** Above this zoom every point is drawn on its own (MapLibre's `clusterMaxZoom`). */
  maxZoom: number;
  /** Categories whose points each cluster counts (as `counts[k]`, in this order). */
  counted: readonly number[];
}

/** [west, south, east, north] in degrees. */
export type Box = [number, number, number, number];

export type IndexRequest =
  | { type: 'load'; generation: number; points: PointSet; cluster: ClusterSettings }
  | { type: 'view'; id: number; generation: number; box: Box; zoom: number }
  | { type: 'expansion'; id: number; generation: number; clusterId: number }
  /** The first view is drawn: build the cluster levels now, before anyone zooms out. */
  | { type: 'warm'; generation: number };

/** A cluster as the map draws it. */
export interface ClusterSummary {
  id: number;
  lng: number;
  lat: number;
  count: number;
  /** `point_count_abbreviated`: the count, or e.g. '1.3k' past 1000. */
  abbreviated: string | number;
  /** The highest category among its points (e.g. the worst risk). */
  max: number;
  /** Points per counted category (ClusterSettings.counted order). */
  counts: number[];
}

export type IndexAnswer =
  | {
      type: 'view';
      id: number;
      generation: number;
      /** Indices of the single points in the box. */
      points: Uint32Array;
      clusters: ClusterSummary[];
    }
  | { type: 'expansion'; id: number; generation: number; zoom: number }
  | { type: 'error'; id: number; message: string };
