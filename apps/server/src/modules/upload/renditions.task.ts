import { IMAGE_SIZE_PX } from '@linewalker/domain';
import sharp from 'sharp';

/** What one decode of a photo yields: its thumbnail and medium JPEGs and its displayed pixel size. */
export type Renditions =
  | { ok: true; thumbnail: Uint8Array; medium: Uint8Array; width: number; height: number }
  /** sharp cannot decode the file: retrying will not help. */
  | { ok: false; reason: string };

const JPEG = { quality: 82, mozjpeg: false } as const;

/**
 * Called by the processing job (sharp works on libuv's thread pool, off the event loop): decodes the original once, turns it upright
 * by its EXIF orientation (`original`: the file's bytes, or its path for libvips to read), makes the medium from it and the thumbnail from the medium. Sizes are the
 * longest side; a photo smaller than a size is not enlarged.
 */
export async function makeRenditions(original: Uint8Array | string): Promise<Renditions> {
  const fit = { fit: 'inside', withoutEnlargement: true } as const;
  const failed = (err: unknown) => ({
    ok: false as const,
    reason: err instanceof Error ? err.message : String(err),
  });
  // The header (the displayed size) is read alongside the decode, not before it: both run on libuv's pool.
  // The medium is the one decode of the full original; the thumbnail is made from the medium (a 2048 px
  // JPEG decodes in a few ms), so the original is never decoded twice, as sharp's clone() would.
  const [oriented, decoded] = await Promise.allSettled([
    (async () => {
      const meta = await sharp(original, { failOn: 'error' }).metadata();
      return meta.autoOrient ?? meta;
    })(),
    (async () =>
      sharp(original, { failOn: 'error' })
        .autoOrient()
        .resize(IMAGE_SIZE_PX.MEDIUM_IMG, IMAGE_SIZE_PX.MEDIUM_IMG, fit)
        .jpeg(JPEG)
        .toBuffer())(),
  ]);
  if (oriented.status === 'rejected') return failed(oriented.reason);
  const { width, height } = oriented.value;
  if (!width || !height) return { ok: false, reason: 'the file has no pixel size' };
  if (decoded.status === 'rejected') return failed(decoded.reason);
  try {
    const thumbnail = await sharp(decoded.value)
      .resize(IMAGE_SIZE_PX.THUMBNAIL_IMG, IMAGE_SIZE_PX.THUMBNAIL_IMG, fit)
      .jpeg(JPEG)
      .toBuffer();
    return { ok: true, thumbnail, medium: decoded.value, width, height };
  } catch (err) {
    return failed(err);
  }
}

/** One deep-zoom tile to cut: its rectangle in its level's pixels, and the level's whole size. */
export interface TileCut {
  left: number;
  top: number;
  width: number;
  height: number;
  levelWidth: number;
  levelHeight: number;
  /** True at level 0 (the original's own pixels): no resize. */
  full: boolean;
}

/**
 * Runs in a ThreadPool thread: one deep-zoom tile of the original (its bytes, or its path for libvips to
 * read), upright by its EXIF orientation, scaled to its level and cut to its rectangle, as JPEG. libjpeg
 * decodes only the rows down to the tile's bottom edge.
 * The same original and cut always give the same bytes, so two servers cutting one tile at once agree.
 */
export async function makeTile(original: Uint8Array | string, cut: TileCut): Promise<Uint8Array> {
  let image = sharp(original, { failOn: 'error' }).autoOrient();
  if (!cut.full) image = image.resize(cut.levelWidth, cut.levelHeight, { fit: 'fill' });
  return image
    .extract({ left: cut.left, top: cut.top, width: cut.width, height: cut.height })
    .jpeg(JPEG)
    .toBuffer();
}
