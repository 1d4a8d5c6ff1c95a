import { DEEP_ZOOM_TILE_PX, levelForScale, tilesCovering, type VisibleTile } from '@linewalker/domain';
import type { StageView } from './stageGeometry.ts';

/** Tiles fetched beyond each edge of the screen, in tiles, so a short pan finds them ready. */
const MARGIN_TILES = 0.5;

export interface TileChoice {
  /** null: the medium is sharp enough at this zoom, no tile is needed. */
  level: number | null;
  tiles: VisibleTile[];
}

/**
 * Which deep-zoom tiles the stage needs: the level whose pixels match the screen's (`fit × zoom` screen pixels
 * per original pixel, times the device pixel ratio), and its tiles over the part of the photo on screen plus
 * a margin, middle first. No tiles while the medium is as sharp as the screen.
 */
export function chooseTiles(
  view: StageView,
  fit: number,
  stage: { width: number; height: number },
  image: { width: number; height: number },
  devicePixelRatio = 1,
): TileChoice {
  const scale = fit * view.zoom;
  if (!(scale > 0) || image.width <= 0 || image.height <= 0) return { level: null, tiles: [] };
  const level = levelForScale(scale * devicePixelRatio, image.width, image.height);
  if (level === null) return { level, tiles: [] };
  const margin = MARGIN_TILES * DEEP_ZOOM_TILE_PX * 2 ** level;
  const region = {
    x0: -view.tx / scale - margin,
    y0: -view.ty / scale - margin,
    x1: (stage.width - view.tx) / scale + margin,
    y1: (stage.height - view.ty) / scale + margin,
  };
  return { level, tiles: tilesCovering(image.width, image.height, level, region) };
}

/** The tile's URL: the session cookie authorises it, like the photo's. */
export const tileUrl = (imageId: number, t: Pick<VisibleTile, 'level' | 'col' | 'row'>) =>
  `/api/v1/image/${imageId}/tiles/${t.level}/${t.col}/${t.row}`;
