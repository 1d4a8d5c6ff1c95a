import { type AnnotationShape, annotationPoints, cropRegion } from '@linewalker/domain';
import sharp from 'sharp';

/** An annotation's shape and the size of the photo it was drawn on (its coordinates are in these pixels). */
export type CropShape = AnnotationShape & { image_width: number | null; image_height: number | null };

export interface Crop {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** The longest the crop's sides may be (it is printed about 230 × 170 pt). */
const MAX_WIDTH = 480;
const MAX_HEIGHT = 360;
/** The least context kept around a shape, in source pixels. */
const MIN_PAD = 24;
const OUTLINE = '#e03131';

/**
 * The region of `source` (a rendition of the photo, any size) around an annotation, with the rectangle or
 * polygon outlined in red. Coordinates drawn on a photo of image_width × image_height are scaled to the
 * rendition's upright size. Null when the shape has no area inside the photo.
 */
export async function annotationCrop(source: Buffer, a: CropShape): Promise<Crop | null> {
  const meta = await sharp(source).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) return null;
  const sx = width / (a.image_width || width);
  const sy = height / (a.image_height || height);
  const points = annotationPoints(a).map(([x, y]) => [x * sx, y * sy] as [number, number]);
  const region = cropRegion(points, width, height, MIN_PAD);
  if (!region) return null;
  const { left, top, width: cw, height: ch } = region;
  const k = Math.min(4, MAX_WIDTH / cw, MAX_HEIGHT / ch);
  const outW = Math.max(1, Math.round(cw * k));
  const outH = Math.max(1, Math.round(ch * k));
  const drawn = points
    .map(([x, y]) => `${((x - left) * k).toFixed(1)},${((y - top) * k).toFixed(1)}`)
    .join(' ');
  const stroke = Math.max(2, Math.round(Math.min(outW, outH) / 120));
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}">` +
      `<polygon points="${drawn}" fill="none" stroke="${OUTLINE}" stroke-width="${stroke}" stroke-linejoin="round"/></svg>`,
  );
  const jpeg = await sharp(source)
    .rotate()
    .extract({ left, top, width: cw, height: ch })
    .resize(outW, outH, { fit: 'fill' })
    .composite([{ input: svg, top: 0, left: 0 }])
    .jpeg({ quality: 82 })
    .toBuffer();
  return { jpeg, width: outW, height: outH };
}
