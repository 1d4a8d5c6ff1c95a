import { describe, expect, it } from 'vitest';
import type { PointSet } from './protocol.ts';
import { viewFeatures } from './viewFeatures.ts';

const points: PointSet = {
  lng: Float64Array.of(-100, -101, -102),
  lat: Float64Array.of(45, 46, 47),
  category: Int32Array.of(0, 3, 1),
};

describe('viewFeatures', () => {
  it("gives clusters MapLibre's cluster properties and the caller's aggregates, points the caller's properties", () => {
    const collection = viewFeatures(
      {
        points: Uint32Array.of(2),
        clusters: [{ id: 7, lng: -100.5, lat: 45.5, count: 2, abbreviated: 2, max: 3, counts: [1, 1] }],
      },
      points,
      {
        maxProperty: 'worst',
        counted: [0, 3],
        countProperty: (n) => `c${n}`,
        pointProperties: (i) => ({ i, n: points.category[i] }),
      },
    );
    expect(collection.features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-100.5, 45.5] },
        properties: {
          cluster: true,
          cluster_id: 7,
          point_count: 2,
          point_count_abbreviated: 2,
          worst: 3,
          c0: 1,
          c3: 1,
        },
      },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [-102, 47] }, properties: { i: 2, n: 1 } },
    ]);
  });
});
