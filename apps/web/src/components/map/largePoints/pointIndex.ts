import KDBush from 'kdbush';
import Supercluster from 'supercluster';
import type { Box, ClusterSettings, ClusterSummary, PointSet } from './protocol.ts';

/**
 * A point's or cluster's properties in the cluster levels: its index (points only), its highest category and
 * its points per counted category (`n0`, `n1`, … in ClusterSettings.counted order). Points carry theirs from
 * the start, so supercluster's `map` is its identity (no object per point per level) and only `reduce` runs.
 */
type LevelProps = Record<string, number>;

const countKeys = (counted: readonly number[]) => counted.map((_, k) => `n${k}`);

/**
 * The point set of a large point layer, indexed for the map's current view: a k-d tree of the single points
 * (built at once, a few milliseconds for 50,000) and the cluster levels (supercluster, built only when a view
 * at a clustering zoom asks for them, or when told the first view is drawn). Pure: runs in the layer's worker
 * and in tests.
 */
export class PointIndex {
  private readonly tree: KDBush;
  private clusters: Supercluster<LevelProps, LevelProps> | null = null;

  constructor(
    private readonly points: PointSet,
    private readonly settings: ClusterSettings,
  ) {
    const { lng, lat } = points;
    this.tree = new KDBush(lng.length, 64, Float64Array);
    for (let i = 0; i < lng.length; i++) this.tree.add(lng[i]!, lat[i]!);
    this.tree.finish();
  }

  /** Whether `zoom` draws clusters (MapLibre clusters by the whole zoom level, as its tiles do). */
  clustersAt(zoom: number): boolean {
    return Math.floor(zoom) <= this.settings.maxZoom;
  }

  /** The single points and clusters in `box` at `zoom`. */
  view(box: Box, zoom: number): { points: Uint32Array; clusters: ClusterSummary[] } {
    if (!this.clustersAt(zoom)) return { points: this.pointsIn(box), clusters: [] };
    const points: number[] = [];
    const clusters: ClusterSummary[] = [];
    for (const feature of this.clusterLevels().getClusters(box, Math.floor(zoom))) {
      const p = feature.properties;
      if (!('cluster' in p)) {
        points.push(p.i!);
        continue;
      }
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      clusters.push({
        id: p.cluster_id,
        lng,
        lat,
        count: p.point_count,
        abbreviated: p.point_count_abbreviated,
        max: p.max!,
        counts: countKeys(this.settings.counted).map((key) => p[key]!),
      });
    }
    return { points: Uint32Array.from(points), clusters };
  }

  /** The zoom at which cluster `clusterId` splits (for a click that zooms in). */
  expansionZoom(clusterId: number): number {
    return this.clusterLevels().getClusterExpansionZoom(clusterId);
  }

  /** Builds the cluster levels now if they are not built yet. */
  warm(): void {
    this.clusterLevels();
  }

  private pointsIn([west, south, east, north]: Box): Uint32Array {
    const ids =
      east - west >= 360
        ? this.tree.range(-180, south, 180, north)
        : west < -180
          ? [...this.tree.range(west + 360, south, 180, north), ...this.tree.range(-180, south, east, north)]
          : east > 180
            ? [
                ...this.tree.range(west, south, 180, north),
                ...this.tree.range(-180, south, east - 360, north),
              ]
            : this.tree.range(west, south, east, north);
    return Uint32Array.from(ids);
  }

  private clusterLevels(): Supercluster<LevelProps, LevelProps> {
    if (this.clusters) return this.clusters;
    const { lng, lat, category } = this.points;
    const counted = this.settings.counted;
    const keys = countKeys(counted);
    const index = new Supercluster<LevelProps, LevelProps>({
      radius: this.settings.radius,
      maxZoom: this.settings.maxZoom,
      // MapLibre's geojson tiles are 512 px: the same radius in pixels as its own clustering.
      extent: 512,
      reduce: (acc, props) => {
        if (props.max! > acc.max!) acc.max = props.max!;
        for (const key of keys) acc[key] = acc[key]! + props[key]!;
      },
    });
    const features = new Array(lng.length);
    for (let i = 0; i < lng.length; i++) {
      const c = category[i]!;
      const properties: LevelProps = { i, max: c };
      for (let k = 0; k < keys.length; k++) properties[keys[k]!] = counted[k] === c ? 1 : 0;
      features[i] = {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [lng[i], lat[i]] },
        properties,
      };
    }
    this.clusters = index.load(features);
    return this.clusters;
  }
}
