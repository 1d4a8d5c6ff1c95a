/** Where the photo sits on the stage: `scale` = fit × zoom; (tx, ty) the screen position of its top-left corner. */
export interface StageView {
  zoom: number;
  tx: number;
  ty: number;
}

/** The scale at which the whole photo fits the stage (zoom 1). */
export const fitScale = (stageW: number, stageH: number, imageW: number, imageH: number): number =>
  imageW > 0 && imageH > 0 ? Math.min(stageW / imageW, stageH / imageH) : 1;

/** Zoom 1, centred. */
export function resetView(stageW: number, stageH: number, imageW: number, imageH: number): StageView {
  const fit = fitScale(stageW, stageH, imageW, imageH);
  return { zoom: 1, tx: (stageW - imageW * fit) / 2, ty: (stageH - imageH * fit) / 2 };
}

/** The view zoomed to `zoom` keeping the photo point under the stage point (px, py) where it is. */
export function zoomAround(view: StageView, fit: number, zoom: number, px: number, py: number): StageView {
  const scale = fit * view.zoom;
  const ix = (px - view.tx) / scale;
  const iy = (py - view.ty) / scale;
  const next = fit * zoom;
  return { zoom, tx: px - ix * next, ty: py - iy * next };
}

/**
 * The view after the stage changed size (a panel opened, the window resized): fitted stays fitted; a zoomed
 * view keeps its zoom and the photo point that was in the middle of the old stage in the middle of the new one,
 * so a layout change never throws away where the reviewer was looking.
 */
export function resizeView(
  view: StageView,
  before: { width: number; height: number },
  after: { width: number; height: number },
  image: { width: number; height: number },
): StageView {
  if (view.zoom === 1 || before.width <= 0 || before.height <= 0)
    return resetView(after.width, after.height, image.width, image.height);
  const oldScale = fitScale(before.width, before.height, image.width, image.height) * view.zoom;
  const ix = (before.width / 2 - view.tx) / oldScale;
  const iy = (before.height / 2 - view.ty) / oldScale;
  const scale = fitScale(after.width, after.height, image.width, image.height) * view.zoom;
  return { zoom: view.zoom, tx: after.width / 2 - ix * scale, ty: after.height / 2 - iy * scale };
}

/** A stage point in photo pixels. */
export const toImage = (view: StageView, fit: number, px: number, py: number): [number, number] => {
  const scale = fit * view.zoom;
  return [(px - view.tx) / scale, (py - view.ty) / scale];
};

export const clampToImage = (x: number, y: number, w: number, h: number): [number, number] => [
  Math.min(w, Math.max(0, x)),
  Math.min(h, Math.max(0, y)),
];
