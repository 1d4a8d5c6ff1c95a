import { describe, expect, it } from 'vitest';
import { annotationPoints, cropRegion } from './crop.ts';

describe('annotationPoints', () => {
  it('gives a rectangle’s corners and a polygon’s points', () => {
    expect(
      annotationPoints({ shape: 'rect', rectangle: { x: 1, y: 2, width: 3, height: 4 }, polygon: null }),
    ).toEqual([
      [1, 2],
      [4, 2],
      [4, 6],
      [1, 6],
    ]);
    expect(annotationPoints({ shape: 'polygon', rectangle: null, polygon: [[5, 6]] })).toEqual([[5, 6]]);
    expect(annotationPoints({ shape: 'rect', rectangle: null, polygon: null })).toEqual([]);
  });
});

describe('cropRegion', () => {
  it('grows the bounding box by 30 % of its longer side on each side', () => {
    expect(
      cropRegion(
        [
          [200, 200],
          [400, 300],
        ],
        1000,
        1000,
      ),
    ).toEqual({ left: 140, top: 140, width: 320, height: 220 });
  });

  it('keeps at least the minimum margin and stays inside the photo', () => {
    expect(
      cropRegion(
        [
          [5, 5],
          [15, 10],
        ],
        100,
        100,
      ),
    ).toEqual({ left: 0, top: 0, width: 39, height: 34 });
    expect(
      cropRegion(
        [
          [90, 90],
          [120, 130],
        ],
        100,
        100,
      ),
    ).toEqual({ left: 66, top: 66, width: 34, height: 34 });
  });

  it('is null without points or without a photo size', () => {
    expect(cropRegion([], 100, 100)).toBeNull();
    expect(cropRegion([[1, 1]], 0, 100)).toBeNull();
  });
});
