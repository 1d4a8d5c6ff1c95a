import { z } from 'zod';
import { IMAGE_SIZE_PX } from '../api/images.ts';
import { PositiveId } from '../common.ts';

/**
 * Deep zoom of large photos: tiles of the original, cut lazily on the first request and kept in storage.
 * Level 0 is the original's own pixels; level L is the original scaled by 2^-L. Only levels sharper than
 * the medium exist (the medium serves every view below them). A tile covers TILE_PX × TILE_PX of its
 * level's pixels (less at the right and bottom edges), so `TILE_PX · 2^L` original pixels a side.
 */
export const DEEP_ZOOM_TILE_PX = 512;
/** The most levels a photo can have (2^5 × 2048 px = 65,536 px a side). */
export const DEEP_ZOOM_MAX_LEVEL = 5;

/** `GET /image/{id}/tiles/{level}/{col}/{row}` */
export const TileParams = z.object({
  id: PositiveId,
  level: z.coerce.number().int().min(0).max(DEEP_ZOOM_MAX_LEVEL),
  col: z.coerce.number().int().min(0).max(1_000),
  row: z.coerce.number().int().min(0).max(1_000),
});
export type TileParams = z.infer<typeof TileParams>;

/** The coarsest tile level of a photo of this size: levels 0..this are sharper than the medium. */
export function deepestLevel(width: number, height: number): number {
  const long = Math.max(width, height);
  let level = 0;
  while (level < DEEP_ZOOM_MAX_LEVEL && long / 2 ** (level + 1) > IMAGE_SIZE_PX.MEDIUM_IMG) level++;
  return level;
}

/** True when the photo is bigger than its medium, so zooming past the medium needs tiles. */
export const hasDeepZoom = (width: number, height: number): boolean =>
  Math.max(width, height) > IMAGE_SIZE_PX.MEDIUM_IMG;

/** A level's size in its own pixels, and its tile grid. */
export function levelGrid(width: number, height: number, level: number) {
  const w = Math.max(1, Math.ceil(width / 2 ** level));
  const h = Math.max(1, Math.ceil(height / 2 ** level));
  return {
    width: w,
    height: h,
    cols: Math.ceil(w / DEEP_ZOOM_TILE_PX),
    rows: Math.ceil(h / DEEP_ZOOM_TILE_PX),
  };
}

/** A tile's rectangle in its level's pixels (what the server cuts), or null when it is off the grid. */
export function tileRect(width: number, height: number, level: number, col: number, row: number) {
  if (level < 0 || level > deepestLevel(width, height)) return null;
  const grid = levelGrid(width, height, level);
  if (col >= grid.cols || row >= grid.rows) return null;
  const left = col * DEEP_ZOOM_TILE_PX;
  const top = row * DEEP_ZOOM_TILE_PX;
  return {
    left,
    top,
    width: Math.min(DEEP_ZOOM_TILE_PX, grid.width - left),
    height: Math.min(DEEP_ZOOM_TILE_PX, grid.height - top),
    levelWidth: grid.width,
    levelHeight: grid.height,
  };
}

/**
 * The level to draw at `scale` screen pixels per original pixel (device pixels included), or null when the
 * medium is sharp enough. The coarsest level still at least as sharp as the screen is chosen.
 */
export function levelForScale(scale: number, width: number, height: number): number | null {
  if (!hasDeepZoom(width, height)) return null;
  const mediumScale = IMAGE_SIZE_PX.MEDIUM_IMG / Math.max(width, height);
  if (scale <= mediumScale) return null;
  const deepest = deepestLevel(width, height);
  let level = 0;
  while (level < deepest && 2 ** -(level + 1) >= scale) level++;
  return level;
}

export interface VisibleTile {
  level: number;
  col: number;
  row: number;
  /** Where the tile lies in original pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The tiles of `level` that cover the original-pixel rectangle [x0, x1) × [y0, y1) (clipped to the photo),
 * nearest the rectangle's middle first, so the middle of the screen sharpens first.
 */
export function tilesCovering(
  width: number,
  height: number,
  level: number,
  region: { x0: number; y0: number; x1: number; y1: number },
): VisibleTile[] {
  const span = DEEP_ZOOM_TILE_PX * 2 ** level;
  const grid = levelGrid(width, height, level);
  const c0 = Math.max(0, Math.floor(Math.max(0, region.x0) / span));
  const r0 = Math.max(0, Math.floor(Math.max(0, region.y0) / span));
  const c1 = Math.min(grid.cols - 1, Math.floor((Math.min(width, region.x1) - 1e-9) / span));
  const r1 = Math.min(grid.rows - 1, Math.floor((Math.min(height, region.y1) - 1e-9) / span));
  const tiles: VisibleTile[] = [];
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const x = col * span;
      const y = row * span;
      tiles.push({ level, col, row, x, y, w: Math.min(span, width - x), h: Math.min(span, height - y) });
    }
  }
  const mx = (region.x0 + region.x1) / 2;
  const my = (region.y0 + region.y1) / 2;
  const distance = (t: VisibleTile) => Math.hypot(t.x + t.w / 2 - mx, t.y + t.h / 2 - my);
  return tiles.sort((a, b) => distance(a) - distance(b));
}
