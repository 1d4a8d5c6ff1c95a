import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { claimingSize } from '../../testing/jpegBytes.ts';
import { uploadPhoto } from '../../testing/photoUploads.ts';
import { createProject } from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { FRAME_SEARCH_MAX_BYTES, jpegFrameSize, MAX_PHOTO_PIXELS } from './jpegFrame.ts';
import { PIXEL_SIZE_UNREADABLE } from './photoIngest.service.ts';
import { METADATA_PREFIX_BYTES } from './photoMetadata.ts';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

/** An APP15 segment of `bytes` bytes of payload (up to 65,533). */
const appSegment = (bytes: number) => {
  const head = Buffer.from([0xff, 0xef, 0, 0]);
  head.writeUInt16BE(bytes + 2, 2);
  return Buffer.concat([head, Buffer.alloc(bytes, 0x20)]);
};

/** The JPEG with `total` bytes of padding segments between its start and its first segment. */
function padded(photo: Buffer, total: number): Buffer {
  const parts = [photo.subarray(0, 2)];
  for (let left = total; left > 0; left -= 65_000) parts.push(appSegment(Math.min(65_000, left)));
  parts.push(photo.subarray(2));
  return Buffer.concat(parts);
}

/** A stream of the bytes in small chunks, counting what was read. */
function counted(bytes: Buffer | (() => Generator<Buffer>), chunk = 4096) {
  const seen = { bytes: 0 };
  const source =
    typeof bytes === 'function'
      ? bytes()
      : (function* () {
          for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
        })();
  const stream = Readable.from(
    (function* () {
      for (const part of source) {
        seen.bytes += part.length;
        yield part;
      }
    })(),
  );
  return { stream, seen };
}

describe('the JPEG frame header, streaming', () => {
  it('is found after padding segments, read in chunks of any size', async () => {
    const photo = padded(await jpeg(640, 480), 900_000);
    for (const chunk of [1, 7, 4096, 1 << 20]) {
      expect(await jpegFrameSize(counted(photo, chunk).stream)).toEqual({ width: 640, height: 480 });
    }
  });

  it('reads no more than the cap, however long the padding goes on', async () => {
    const endless = function* () {
      yield Buffer.from([0xff, 0xd8]);
      for (;;) yield appSegment(65_000);
    };
    const { stream, seen } = counted(endless);
    expect(await jpegFrameSize(stream, 2_000_000)).toBeNull();
    expect(seen.bytes).toBeLessThan(2_000_000 + 2 * 65_004);
  });

  it('answers null for what is not a JPEG or has no frame before its scan', async () => {
    expect(await jpegFrameSize(Readable.from([Buffer.from('not a jpeg at all')]))).toBeNull();
    expect(await jpegFrameSize(Readable.from([Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2])]))).toBeNull();
  });
});

let ctx: TestContext;
let pm: Record<string, string>;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  pm = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'project_manager')));
  projectId = await createProject(ctx.database.db, await createCompany(ctx.database.db));
}, 60_000);
afterAll(() => ctx.close());

describe('completing a photo upload', () => {
  it('finds the pixel size of a JPEG whose frame header is far past the metadata prefix', async () => {
    const photo = padded(await jpeg(800, 600), 3 * METADATA_PREFIX_BYTES);
    const { res } = await uploadPhoto(ctx.app, pm, projectId, photo);
    expect(res!.statusCode, res!.body).toBe(200);
    const imageId = res!.json<{ imageId: number }>().imageId;
    const [row] = await ctx.database.db.select().from(images);
    expect(row).toMatchObject({ id: imageId, width: 800, height: 600 });
  });

  it(`refuses a photo past ${MAX_PHOTO_PIXELS / 1e6} megapixels with a clear error and keeps nothing`, async () => {
    const before = (await ctx.database.db.select().from(images)).length;
    for (const photo of [
      claimingSize(await jpeg(64, 64), 65_000, 65_000),
      padded(claimingSize(await jpeg(64, 64), 20_000, 10_001), 3 * METADATA_PREFIX_BYTES),
    ]) {
      const { token, res } = await uploadPhoto(ctx.app, pm, projectId, photo);
      expect(res!.statusCode, res!.body).toBe(400);
      expect(res!.json()).toMatchObject({ code: 'unsupported_file' });
      expect(res!.json<{ message: string }>().message).toMatch(
        /photos of at most 200 megapixels can be uploaded/,
      );
      expect(await ctx.app.deps.storage.exists(token.imageUrl!)).toBe(false);
    }
    expect(await ctx.database.db.select().from(images)).toHaveLength(before);
  });

  it('refuses a JPEG whose frame header lies past the bytes the metadata step reads (the pixel cap cannot be bypassed)', async () => {
    const before = (await ctx.database.db.select().from(images)).length;
    for (const photo of [
      padded(claimingSize(await jpeg(64, 64), 65_000, 65_000), FRAME_SEARCH_MAX_BYTES + 65_000),
      padded(await jpeg(64, 64), FRAME_SEARCH_MAX_BYTES + 65_000),
    ]) {
      const { token, res } = await uploadPhoto(ctx.app, pm, projectId, photo);
      expect(res!.statusCode, res!.body).toBe(400);
      expect(res!.json()).toMatchObject({ code: 'unsupported_file', message: PIXEL_SIZE_UNREADABLE });
      expect(await ctx.app.deps.storage.exists(token.imageUrl!)).toBe(false);
    }
    expect(await ctx.database.db.select().from(images)).toHaveLength(before);
  });
});
