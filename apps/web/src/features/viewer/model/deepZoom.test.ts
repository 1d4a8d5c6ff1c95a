import { deepestLevel, levelForScale, tileRect, tilesCovering } from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import { chooseTiles, tileUrl } from './deepZoom.ts';
import { fitScale, resetView, zoomAround } from './stageGeometry.ts';

// A 20 MP photo (5472 × 3648) on a 1200 × 800 stage: fit = 800 / 3648 ≈ 0.219 screen px per photo px; the
// medium (2048 px long) is sharp up to 2048 / 5472 ≈ 0.374, i.e. zoom ≈ 1.7.
const photo = { width: 5472, height: 3648 };
const stage = { width: 1200, height: 800 };
const fit = fitScale(stage.width, stage.height, photo.width, photo.height);

describe('deep-zoom levels', () => {
  it('has levels only sharper than the medium', () => {
    expect(deepestLevel(5472, 3648)).toBe(1); // 5472, 2736 (1368 would be below 2048)
    expect(deepestLevel(4096, 3072)).toBe(0); // 2048 at level 1 is the medium itself
    expect(deepestLevel(1024, 768)).toBe(0);
    expect(deepestLevel(12_000, 9_000)).toBe(2);
  });

  it('picks no level while the medium is sharp enough, then the coarsest level at least as sharp as the screen', () => {
    expect(levelForScale(0.3, 5472, 3648)).toBeNull();
    expect(levelForScale(0.374, 5472, 3648)).toBeNull();
    expect(levelForScale(0.4, 5472, 3648)).toBe(1);
    expect(levelForScale(0.5, 5472, 3648)).toBe(1);
    expect(levelForScale(0.51, 5472, 3648)).toBe(0);
    expect(levelForScale(3.5, 5472, 3648)).toBe(0);
    // A photo no bigger than its medium never needs tiles.
    expect(levelForScale(8, 1024, 768)).toBeNull();
  });

  it("cuts the grid's last column and row to the photo, and knows no tile outside it", () => {
    expect(tileRect(5472, 3648, 0, 10, 7)).toMatchObject({ left: 5120, top: 3584, width: 352, height: 64 });
    expect(tileRect(5472, 3648, 1, 5, 3)).toMatchObject({ left: 2560, top: 1536, width: 176, height: 288 });
    expect(tileRect(5472, 3648, 0, 11, 0)).toBeNull();
    expect(tileRect(5472, 3648, 2, 0, 0)).toBeNull();
  });

  it('lists the tiles covering a region, clipped to the photo, middle first', () => {
    const tiles = tilesCovering(5472, 3648, 0, { x0: -100, y0: 1000, x1: 1100, y1: 1600 });
    expect(tiles.map((t) => `${t.col},${t.row}`).sort()).toEqual([
      '0,1',
      '0,2',
      '0,3',
      '1,1',
      '1,2',
      '1,3',
      '2,1',
      '2,2',
      '2,3',
    ]);
    expect(tiles[0]).toMatchObject({ col: 0, row: 2, x: 0, y: 1024, w: 512, h: 512 });
    const level1 = tilesCovering(5472, 3648, 1, { x0: 5200, y0: 3500, x1: 9000, y1: 9000 });
    expect(level1).toEqual([{ level: 1, col: 5, row: 3, x: 5120, y: 3072, w: 352, h: 576 }]);
  });
});

describe('chooseTiles (what the stage loads)', () => {
  it('loads nothing at the fitted view, nor at zoom 1.5', () => {
    const view = resetView(stage.width, stage.height, photo.width, photo.height);
    expect(chooseTiles(view, fit, stage, photo)).toEqual({ level: null, tiles: [] });
    const zoomed = zoomAround(view, fit, 1.5, 600, 400);
    expect(chooseTiles(zoomed, fit, stage, photo).tiles).toHaveLength(0);
  });

  it('loads level 1 past the medium and level 0 near 100 %, only where the screen shows the photo', () => {
    const view = resetView(stage.width, stage.height, photo.width, photo.height);
    const mid = chooseTiles(zoomAround(view, fit, 2, 600, 400), fit, stage, photo);
    expect(mid.level).toBe(1);
    // Zoom 2 around the middle shows photo x 1368..4104, y 912..2736: level-1 tiles of 1024 px, plus a margin.
    const cols = new Set(mid.tiles.map((t) => t.col));
    const rows = new Set(mid.tiles.map((t) => t.row));
    expect([...cols].sort()).toEqual([0, 1, 2, 3, 4]);
    expect([...rows].sort()).toEqual([0, 1, 2, 3]);

    // Zoom 16 (≈ 3.5 screen px per photo px) in the top-left corner: a handful of level-0 tiles there.
    const deep = zoomAround(view, fit, 16, 0, 0);
    const near = chooseTiles(deep, fit, stage, photo);
    expect(near.level).toBe(0);
    for (const t of near.tiles) {
      expect(t.x).toBeLessThan(1200 / (fit * 16) + 512);
      expect(t.y).toBeLessThan(800 / (fit * 16) + 512);
    }
    expect(near.tiles.length).toBeGreaterThan(0);
    expect(near.tiles.length).toBeLessThanOrEqual(4);
  });

  it('a 2× screen needs the sharper level sooner', () => {
    const view = zoomAround(
      resetView(stage.width, stage.height, photo.width, photo.height),
      fit,
      1.5,
      600,
      400,
    );
    expect(chooseTiles(view, fit, stage, photo, 1).level).toBeNull();
    // 0.33 screen px per photo px, twice that in device pixels: past level 1 (0.5), so level 0.
    expect(chooseTiles(view, fit, stage, photo, 2).level).toBe(0);
  });

  it('names the tile route', () => {
    expect(tileUrl(7, { level: 1, col: 2, row: 3 })).toBe('/api/v1/image/7/tiles/1/2/3');
  });
});
