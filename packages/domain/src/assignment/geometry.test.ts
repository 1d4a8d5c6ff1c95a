import { describe, expect, it } from 'vitest';
import { flattenCoordinates, pointsInBounds, pointsInPolygon, ringsBounds } from './geometry.ts';

const square = [
  [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
    [0, 0],
  ],
];

const flat = (...points: Array<[number, number]>) => new Float64Array(points.flat());

/** The textbook scan the fast version must agree with: every point against every edge. */
function naive(coords: Float64Array, ring: number[][]): number[] {
  const out: number[] = [];
  for (let p = 0; p < coords.length / 2; p++) {
    const x = coords[p * 2]!;
    const y = coords[p * 2 + 1]!;
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    if (inside) out.push(p);
  }
  return out;
}

describe('pointsInPolygon', () => {
  it('returns the indices of the points inside, in order', () => {
    const coords = flat([5, 5], [15, 5], [1, 9], [-1, 5], [5, 11], [9.9, 0.1]);
    expect([...pointsInPolygon(coords, square)]).toEqual([0, 2, 5]);
  });

  it('accepts a ring that does not repeat its first position', () => {
    const open = [square[0]!.slice(0, 4)];
    expect([...pointsInPolygon(flat([5, 5], [11, 5]), open)]).toEqual([0]);
  });

  it('excludes points inside a hole', () => {
    const withHole = [
      square[0]!,
      [
        [4, 4],
        [6, 4],
        [6, 6],
        [4, 6],
        [4, 4],
      ],
    ];
    expect([...pointsInPolygon(flat([5, 5], [2, 2], [8, 8]), withHole)]).toEqual([1, 2]);
  });

  it('handles a concave polygon', () => {
    // A "U": the notch between x 3..7 above y 3 is outside.
    const u = [
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [7, 10],
        [7, 3],
        [3, 3],
        [3, 10],
        [0, 10],
      ],
    ];
    expect([...pointsInPolygon(flat([5, 5], [1, 8], [8, 8], [5, 1]), u)]).toEqual([1, 2, 3]);
  });

  it('works with real longitudes and latitudes west of Greenwich', () => {
    const ring = [
      [-98.6, 39.7],
      [-98.4, 39.7],
      [-98.4, 39.9],
      [-98.6, 39.9],
    ];
    expect([...pointsInPolygon(flat([-98.5, 39.8], [-98.7, 39.8]), [ring])]).toEqual([0]);
  });

  it('returns nothing for an empty or degenerate polygon or no points', () => {
    expect(pointsInPolygon(flat([1, 1]), [])).toHaveLength(0);
    expect(
      pointsInPolygon(flat([1, 1]), [
        [
          [0, 0],
          [1, 1],
        ],
      ]),
    ).toHaveLength(0);
    expect(pointsInPolygon(new Float64Array(0), square)).toHaveLength(0);
  });

  it.each([3, 24, 400])(
    'agrees with a plain scan on 20,000 random points and a %i-vertex star',
    (vertices) => {
      let seed = 7 + vertices;
      const random = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed / 2_147_483_648;
      };
      const coords = new Float64Array(40_000);
      for (let i = 0; i < coords.length; i++) coords[i] = random() * 20 - 10;
      const ring: number[][] = [];
      for (let k = 0; k < vertices; k++) {
        const angle = (k / vertices) * Math.PI * 2;
        const radius = 2 + random() * 6;
        ring.push([Math.cos(angle) * radius, Math.sin(angle) * radius]);
      }
      const expected = naive(coords, ring);
      expect(expected.length).toBeGreaterThan(500);
      expect([...pointsInPolygon(coords, [ring])]).toEqual(expected);
    },
  );
});

describe('pointsInBounds', () => {
  it('includes points on the edges', () => {
    const coords = flat([0, 0], [10, 10], [5, 11], [-0.1, 5]);
    expect([...pointsInBounds(coords, { minLon: 0, minLat: 0, maxLon: 10, maxLat: 10 })]).toEqual([0, 1]);
  });
});

describe('ringsBounds and flattenCoordinates', () => {
  it('bounds every ring, null for none', () => {
    expect(ringsBounds(square)).toEqual({ minLon: 0, minLat: 0, maxLon: 10, maxLat: 10 });
    expect(ringsBounds([])).toBeNull();
  });

  it('interleaves longitude then latitude', () => {
    expect([
      ...flattenCoordinates([
        { longitude: -98, latitude: 39 },
        { longitude: 1, latitude: 2 },
      ]),
    ]).toEqual([-98, 39, 1, 2]);
  });
});
