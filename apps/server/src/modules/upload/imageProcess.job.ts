import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { images } from '../../platform/db/schema/index.ts';
import { defineJob, PermanentJobError } from '../../platform/jobs/define.ts';
import { decoderInput } from '../../platform/storage/decoderInput.ts';
import { derivedKey } from './imageKeys.ts';
import { makeRenditions } from './renditions.task.ts';

/** A view of the renditions as a Buffer, without copying them. */
const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const ProcessPayload = z.object({ imageId: z.number().int().positive() });

/**
 * Makes a photo's thumbnail and medium from one decode, writes them to storage next to
 * the original and sets has_thumb / has_medium (and the displayed pixel size). Idempotent: a photo already
 * processed, or deleted meanwhile, is left alone. A file sharp cannot decode fails for good (the photo keeps
 * has_thumb false and the web shows a placeholder); any other failure is retried by the queue.
 */
export const imageProcessJob = defineJob({
  name: 'images.process',
  payload: ProcessPayload,
  maxAttempts: 5,
  leaseMs: 120_000,
  async run(ctx, { imageId }) {
    const { database, storage } = ctx.deps;
    const db = database.db;
    const [image] = await db
      .select({ storageKey: images.storageKey, hasThumb: images.hasThumb, hasMedium: images.hasMedium })
      .from(images)
      .where(eq(images.id, imageId));
    if (!image || (image.hasThumb && image.hasMedium)) return { skipped: true };
    // The local driver's file is decoded straight from its path: libvips reads it on libuv's thread pool, so
    // the 6 MB original never becomes a JS buffer (one read less on the event loop, and no large external
    // allocation pushing V8 into a full GC per photo: bench photo-ingest). S3 objects are read into one
    // buffer. sharp decodes, resizes and encodes off the event loop, so no worker thread is needed: handing
    // the photo to one cost 30–80 ms per photo for nothing the event loop gains.
    const result = await makeRenditions(await decoderInput(storage, image.storageKey));
    if (!result.ok) throw new PermanentJobError(`The photo cannot be decoded: ${result.reason}`);
    await Promise.all([
      storage.write(derivedKey(image.storageKey, 'THUMBNAIL_IMG'), toBuffer(result.thumbnail), 'image/jpeg'),
      storage.write(derivedKey(image.storageKey, 'MEDIUM_IMG'), toBuffer(result.medium), 'image/jpeg'),
    ]);
    await db
      .update(images)
      .set({ hasThumb: true, hasMedium: true, width: result.width, height: result.height })
      .where(eq(images.id, imageId));
    return { width: result.width, height: result.height };
  },
});
