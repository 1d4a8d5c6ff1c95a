import { describe, expect, it } from 'vitest';
import { PointIndex } from './pointIndex.ts';
import type { PointSet } from './protocol.ts';

/** A 20 × 20 grid of points 0.001° apart near (-100, 45), categories cycling 0, 1, 2. */
function grid(): PointSet {
  const n = 400;
  const points: PointSet = {
    lng: new Float64Array(n),
    lat: new Float64Array(n),
    category: new Int32Array(n),
  };
  for (let i = 0; i < n; i++) {
    points.lng[i] = -100 + (i % 20) * 0.001;
    points.lat[i] = 45 + Math.floor(i / 20) * 0.001;
    points.category[i] = i % 3;
  }
  return points;
}

const settings = { radius: 75, maxZoom: 11, counted: [0, 2] };

describe('PointIndex', () => {
  it('gives the single points in the box above the clustering zooms', () => {
    const index = new PointIndex(grid(), settings);
    const view = index.view([-100.0005, 44.9995, -99.9975, 45.0005], 13);
    expect(view.clusters).toEqual([]);
    expect([...view.points].sort((a, b) => a - b)).toEqual([0, 1, 2]);
  });

  it('clusters at a clustering zoom, with the highest category and counts per counted category', () => {
    const index = new PointIndex(grid(), settings);
    const view = index.view([-101, 44, -99, 46], 8);
    expect(view.points).toHaveLength(0);
    expect(view.clusters).toHaveLength(1);
    const [cluster] = view.clusters;
    expect(cluster).toMatchObject({ count: 400, abbreviated: 400, max: 2 });
    // 134 points of category 0 (i % 3 == 0) and 133 of category 2.
    expect(cluster!.counts).toEqual([134, 133]);
  });

  it('clusters by whole zoom level, as MapLibre does', () => {
    const index = new PointIndex(grid(), settings);
    expect(index.view([-101, 44, -99, 46], 11.9).clusters.length).toBeGreaterThan(0);
    expect(index.view([-101, 44, -99, 46], 12).clusters).toEqual([]);
  });

  it('tells the zoom at which a cluster splits', () => {
    const index = new PointIndex(grid(), settings);
    const [cluster] = index.view([-101, 44, -99, 46], 5).clusters;
    const zoom = index.expansionZoom(cluster!.id);
    expect(zoom).toBeGreaterThan(5);
    const split = index.view([-101, 44, -99, 46], zoom);
    expect(split.clusters.length + split.points.length).toBeGreaterThan(1);
  });

  it('finds points across the antimeridian side of a padded box', () => {
    const points: PointSet = {
      lng: Float64Array.of(179.9, -179.9),
      lat: Float64Array.of(0, 0),
      category: Int32Array.of(0, 0),
    };
    const index = new PointIndex(points, settings);
    expect([...index.view([179.5, -1, 180.5, 1], 14).points].sort()).toEqual([0, 1]);
  });
});
