/** An annotation's shape as stored: a rectangle (top-left corner and size) or a polygon. */
export interface AnnotationShape {
  shape: 'rect' | 'polygon';
  rectangle: { x: number; y: number; width: number; height: number } | null;
  polygon: ReadonlyArray<readonly [number, number]> | null;
}

/** The shape's points (a rectangle's four corners), in the pixels of the photo it was drawn on. */
export function annotationPoints(a: AnnotationShape): Array<[number, number]> {
  if (a.shape === 'polygon') return (a.polygon ?? []).map(([x, y]) => [x, y]);
  if (!a.rectangle) return [];
  const { x, y, width, height } = a.rectangle;
  return [
    [x, y],
    [x + width, y],
    [x + width, y + height],
    [x, y + height],
  ];
}

/** Context kept around a shape in a report crop: this share of its longer side, at least `minPad`. */
export const CROP_PAD_SHARE = 0.3;

export interface CropRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The whole-pixel region of a `imageWidth` × `imageHeight` photo that a report shows around the points: their
 * bounding box grown by 30 % of its longer side (at least `minPad` pixels) on each side, kept inside the
 * photo. Null without points.
 */
export function cropRegion(
  points: ReadonlyArray<readonly [number, number]>,
  imageWidth: number,
  imageHeight: number,
  minPad = 24,
): CropRegion | null {
  if (points.length === 0 || imageWidth < 1 || imageHeight < 1) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = Math.max(minPad, CROP_PAD_SHARE * Math.max(x1 - x0, y1 - y0));
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const left = Math.floor(clamp(x0 - pad, 0, imageWidth - 1));
  const top = Math.floor(clamp(y0 - pad, 0, imageHeight - 1));
  const right = Math.ceil(clamp(x1 + pad, left + 1, imageWidth));
  const bottom = Math.ceil(clamp(y1 + pad, top + 1, imageHeight));
  return { left, top, width: right - left, height: bottom - top };
}
