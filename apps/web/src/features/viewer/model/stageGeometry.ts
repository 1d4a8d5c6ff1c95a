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

/** A stage point in photo pixels. */
export const toImage = (view: StageView, fit: number, px: number, py: number): [number, number] => {
  const scale = fit * view.zoom;
  return [(px - view.tx) / scale, (py - view.ty) / scale];
};

export const clampToImage = (x: number, y: number, w: number, h: number): [number, number] => [
  Math.min(w, Math.max(0, x)),
  Math.min(h, Math.max(0, y)),
];
