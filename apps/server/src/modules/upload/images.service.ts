import type { Readable } from 'node:stream';
import { type ExifResponse, type ImageSize, type TileParams, tileRect } from '@linewalker/domain';
import type { Actor } from '../../platform/auth/actor.ts';
import { requireFound } from '../../platform/auth/require.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { decoderInput } from '../../platform/storage/decoderInput.ts';
import { derivedKey, tileKey } from './imageKeys.ts';
import { findImage, imageExif } from './images.repository.ts';
import { RENDITIONS_MODULE } from './imageThreads.ts';
import type { TileCut } from './renditions.task.ts';
import { tileThreads } from './tileThreads.ts';

export interface ImageBytes {
  body: Readable;
  contentType: string;
  sizeBytes: number | null;
  /** Quoted: the original's md5 and the size actually served. */
  etag: string;
  /** The size asked for is the one served: its bytes never change. False when a bigger size stands in. */
  exact: boolean;
}

/** Bigger sizes to fall back on, in order, while a derived size is not made yet. */
const SERVE_ORDER: Record<ImageSize, ImageSize[]> = {
  THUMBNAIL_IMG: ['THUMBNAIL_IMG', 'MEDIUM_IMG', 'FULL_IMG'],
  MEDIUM_IMG: ['MEDIUM_IMG', 'FULL_IMG'],
  FULL_IMG: ['FULL_IMG'],
};

const etagOf = (md5: string, size: ImageSize) =>
  `"${Buffer.from(md5, 'base64').toString('base64url')}-${size.replace('_IMG', '').toLowerCase()}"`;

/** The photo's ETag for a size, without touching storage (for If-None-Match). */
const visibleImage = async (deps: Deps, actor: Actor, imageId: number) =>
  requireFound(actor, 'image.read', 'Image', await findImage(deps.database.db, actor, imageId));

/**
 * The bytes of a photo in a size, for a reader who may see its project (another company's photo: 404). A
 * derived size not made yet is answered with the next bigger one; nothing stored at all is 404.
 * `ifNoneMatch` short-cuts to `notModified` when the reader has the very bytes already.
 */
export async function imageBytes(
  deps: Deps,
  actor: Actor,
  imageId: number,
  size: ImageSize,
  ifNoneMatch: string | undefined,
): Promise<ImageBytes | { notModified: true; etag: string; exact: boolean }> {
  const image = await visibleImage(deps, actor, imageId);
  const available = (s: ImageSize) =>
    s === 'FULL_IMG' || (s === 'THUMBNAIL_IMG' ? image.has_thumb : image.has_medium);
  for (const served of SERVE_ORDER[size].filter(available)) {
    const etag = etagOf(image.md5, served);
    const exact = served === size;
    if (ifNoneMatch?.split(',').some((t) => t.trim() === etag)) return { notModified: true, etag, exact };
    const key = served === 'FULL_IMG' ? image.storage_key : derivedKey(image.storage_key, served);
    const sizeBytes = await deps.storage.size(key);
    if (sizeBytes === null) continue;
    const contentType = served === 'FULL_IMG' ? (image.content_type ?? 'image/jpeg') : 'image/jpeg';
    return { body: await deps.storage.read(key), contentType, sizeBytes, etag, exact };
  }
  throw notFound('Image');
}

/** The stored photo's metadata entries (numbers and strings), its verified md5 and size. */
export async function exifOf(deps: Deps, actor: Actor, imageId: number): Promise<ExifResponse> {
  const row = requireFound(actor, 'image.read', 'Image', await imageExif(deps.database.db, actor, imageId));
  const exif: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(row.exif ?? {})) {
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) exif[k] = v;
  }
  return { exif, md5: row.md5, size_bytes: row.size_bytes };
}

export interface TileBytes {
  body: Buffer | Readable;
  sizeBytes: number;
  etag: string;
  /** Whether the tile was already in storage (`x-tile-cache: hit`) or cut for this request (`miss`). */
  cache: 'hit' | 'miss';
}

/** Tiles being cut in this process, so two requests for one tile cut it once (an optimisation only). */
const cutting = new Map<string, Promise<Buffer>>();

/**
 * One deep-zoom tile of a photo (see the domain's deepZoom.ts), for a reader who may see its project (another
 * company's photo: 404). Cut from the original on the first request, in a thread, and kept in storage next to
 * it, so every later request, on any server, reads the same bytes. A photo not processed yet (size unknown) is
 * 404; a level, column or row outside the photo's grid is 400.
 */
export async function imageTile(
  deps: Deps,
  actor: Actor,
  params: TileParams,
  ifNoneMatch: string | undefined,
): Promise<TileBytes | { notModified: true; etag: string }> {
  const image = await visibleImage(deps, actor, params.id);
  if (!image.width || !image.height) throw notFound('Image');
  const { level, col, row } = params;
  const rect = tileRect(image.width, image.height, level, col, row);
  if (!rect) throw badRequest('The photo has no such tile');
  const etag = `"${Buffer.from(image.md5, 'base64').toString('base64url')}-tile-${level}-${col}-${row}"`;
  if (ifNoneMatch?.split(',').some((t) => t.trim() === etag)) return { notModified: true, etag };
  const key = tileKey(image.storage_key, level, col, row);
  const stored = await deps.storage.size(key);
  if (stored !== null) return { body: await deps.storage.read(key), sizeBytes: stored, etag, cache: 'hit' };
  let job = cutting.get(key);
  if (!job) {
    const cut: TileCut = {
      left: rect.left,
      top: rect.top,
      width: rect.width,
      height: rect.height,
      levelWidth: rect.levelWidth,
      levelHeight: rect.levelHeight,
      full: level === 0,
    };
    job = (async () => {
      // From its path on the local driver: a buffer per tile, copied again to the thread, took one 400 MB
      // photo's tile to RSS +1.3 GB, not given back.
      const original = await decoderInput(deps.storage, image.storage_key);
      const bytes = Buffer.from(
        await tileThreads().run<Uint8Array>(RENDITIONS_MODULE, 'makeTile', original, cut),
      );
      await deps.storage.write(key, bytes, 'image/jpeg');
      return bytes;
    })().finally(() => cutting.delete(key));
    cutting.set(key, job);
  }
  const bytes = await job;
  return { body: bytes, sizeBytes: bytes.length, etag, cache: 'miss' };
}
