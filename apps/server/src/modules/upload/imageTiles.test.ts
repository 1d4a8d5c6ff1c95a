import { DEEP_ZOOM_TILE_PX } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { uploadPhoto } from '../../testing/photoUploads.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { tileKey } from './imageKeys.ts';

// A 4600 × 2600 photo (12 MP): red, with a green square on exactly level-0 tile (2, 1) and a blue band
// along the bottom 40 rows (the last row of tiles). Its grid: level 0 is 9 × 6 tiles (the last column 504 px
// wide, the last row 40 px high); level 1 (2300 × 1300) is 5 × 3; there is no level 2 (1150 px is below the
// 2048 px medium).
const W = 4600;
const H = 2600;
const T = DEEP_ZOOM_TILE_PX;

let ctx: TestContext;
let pm: Record<string, string>;
let customer: Record<string, string>;
let otherCustomer: Record<string, string>;
let imageId: number;
let unprocessedId: number;
let storageKey: string;
let projectIdOf: number;

async function testPhoto(): Promise<Buffer> {
  const green = await sharp({ create: { width: T, height: T, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();
  const blue = await sharp({ create: { width: W, height: 40, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: W, height: H, channels: 3, background: '#ff0000' } })
    .composite([
      { input: green, left: 2 * T, top: T },
      { input: blue, left: 0, top: H - 40 },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'Tiles Utility');
  const otherCompanyId = await createCompany(db, 'Tiles Other Utility');
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  otherCustomer = bearer(
    await loginToken(ctx.app, await createUser(db, 'customer', { companyId: otherCompanyId })),
  );
  const projectId = await createProject(db, companyId, { timeZone: 'America/Chicago' });
  projectIdOf = projectId;
  const { res, token } = await uploadPhoto(ctx.app, pm, projectId, await testPhoto());
  expect(res!.statusCode).toBe(200);
  imageId = res!.json().imageId;
  storageKey = token.imageUrl!;
  // On a structure, so the customer is shown it (a customer sees accepted photos on structures only).
  const lineId = await createLine(db, companyId, projectId);
  const { structureIds } = await createStructures(db, projectId, lineId, 1);
  await db.execute(sql`update images set structure_id = ${structureIds[0]!} where id = ${imageId}`);
  await runDueJobs(ctx.app.deps);
  // A second photo whose size is not known yet (the test clears it).
  const small = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#777' } })
    .jpeg()
    .toBuffer();
  const second = await uploadPhoto(ctx.app, pm, projectId, small);
  unprocessedId = second.res!.json().imageId;
}, 180_000);
afterAll(() => ctx.close());

const tile = (path: string, headers = pm, id = imageId) =>
  ctx.app.inject({ url: `/api/v1/image/${id}/tiles/${path}`, headers });

/** The mean colour of a JPEG's pixels, 0..255 per channel. */
async function meanColour(
  bytes: Buffer,
  region?: { left: number; top: number; width: number; height: number },
) {
  // stats() reads its input, not the pipeline: cut the region into a buffer of its own first.
  const input = region ? await sharp(bytes).extract(region).png().toBuffer() : bytes;
  const { channels } = await sharp(input).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe('GET /image/{id}/tiles/{level}/{col}/{row}', () => {
  it('the photo is processed: its medium is 2048 px long', async () => {
    const res = await ctx.app.inject({ url: `/api/v1/image/${imageId}?size=MEDIUM_IMG`, headers: pm });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(2048);
  });

  it('cuts a level-0 tile of the original at its place, 512 × 512, and keeps it in storage', async () => {
    const green = await tile('0/2/1');
    expect(green.statusCode).toBe(200);
    expect(green.headers['content-type']).toBe('image/jpeg');
    expect(green.headers['x-tile-cache']).toBe('miss');
    expect(green.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(green.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([T, T]);
    const [r, g, b] = await meanColour(green.rawPayload);
    expect(g).toBeGreaterThan(240);
    expect(r).toBeLessThan(15);
    expect(b).toBeLessThan(15);
    expect(await ctx.app.deps.storage.exists(tileKey(storageKey, 0, 2, 1))).toBe(true);
    // Its neighbours are red.
    const [r2, g2] = await meanColour((await tile('0/1/1')).rawPayload);
    expect(r2).toBeGreaterThan(240);
    expect(g2).toBeLessThan(15);
  });

  it('answers the same bytes from storage the second time (and 304 to the same ETag)', async () => {
    const first = await tile('0/3/2');
    expect(first.headers['x-tile-cache']).toBe('miss');
    const second = await tile('0/3/2');
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-tile-cache']).toBe('hit');
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(second.headers.etag).toBe(first.headers.etag);
    const cached = await ctx.app.inject({
      url: `/api/v1/image/${imageId}/tiles/0/3/2`,
      headers: { ...pm, 'if-none-match': String(first.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    // Another reader (the customer of the photo's company) gets the same stored bytes.
    const theirs = await tile('0/3/2', customer);
    expect(theirs.statusCode).toBe(200);
    expect(Buffer.compare(theirs.rawPayload, first.rawPayload)).toBe(0);
  });

  it('two requests for a tile not cut yet both get the same bytes', async () => {
    const [a, b] = await Promise.all([tile('1/4/2'), tile('1/4/2')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    const again = await tile('1/4/2');
    expect(again.headers['x-tile-cache']).toBe('hit');
    expect(Buffer.compare(again.rawPayload, a.rawPayload)).toBe(0);
  });

  it('edge tiles are cut to the photo: the last column and row of level 0', async () => {
    const corner = await tile('0/8/5');
    expect(corner.statusCode).toBe(200);
    const meta = await sharp(corner.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([W - 8 * T, H - 5 * T]);
    const [r, , b] = await meanColour(corner.rawPayload);
    expect(b).toBeGreaterThan(230);
    expect(r).toBeLessThan(25);
  });

  it('a level-1 tile is the original at half size: the green square is a quarter of tile (1, 0)', async () => {
    const half = await tile('1/1/0');
    expect(half.statusCode).toBe(200);
    const meta = await sharp(half.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([T, T]);
    // Original (1024..1536, 512..1024) is level-1 (512..768, 256..512): tile (1, 0)'s (0..256, 256..512).
    const [, g] = await meanColour(half.rawPayload, { left: 8, top: 264, width: 240, height: 240 });
    expect(g).toBeGreaterThan(240);
    const [r] = await meanColour(half.rawPayload, { left: 264, top: 8, width: 240, height: 240 });
    expect(r).toBeGreaterThan(240);
    const last = await sharp((await tile('1/4/2')).rawPayload).metadata();
    expect([last.width, last.height]).toEqual([2300 - 4 * T, 1300 - 2 * T]);
  });

  it('cuts a tile without reading the original through the process (libvips reads the stored file)', async () => {
    // 8 MB of padding segments before the frame header: legal, and what made every tile cut hold the whole
    // file in a buffer (and a copy in the thread).
    const photo = await sharp({ create: { width: 2600, height: 1800, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const pad = Buffer.alloc(65_537, 0x20);
    pad.writeUInt16BE(0xffef, 0);
    pad.writeUInt16BE(65_535, 2);
    const padded = Buffer.concat([photo.subarray(0, 2), ...Array(128).fill(pad), photo.subarray(2)]);
    const { res, token } = await uploadPhoto(ctx.app, pm, projectIdOf, padded);
    expect(res!.statusCode, res!.body).toBe(200);
    await runDueJobs(ctx.app.deps);
    const storage = ctx.app.deps.storage;
    const reads: string[] = [];
    const { read, readWhole } = storage;
    // Instrumented, not replaced: each read is noted and then done by the real driver.
    storage.read = (key) => {
      reads.push(key);
      return read.call(storage, key);
    };
    storage.readWhole = (key) => {
      reads.push(key);
      return readWhole.call(storage, key);
    };
    try {
      const cut = await tile('0/5/3', pm, res!.json().imageId);
      expect(cut.statusCode, cut.body).toBe(200);
      expect(await sharp(cut.rawPayload).metadata()).toMatchObject({
        width: 2600 - 5 * T,
        height: 1800 - 3 * T,
      });
    } finally {
      storage.read = read;
      storage.readWhole = readWhole;
    }
    expect(reads).not.toContain(token.imageUrl);
  });

  it('answers 400 to a tile outside the grid or a malformed path, writing nothing', async () => {
    for (const path of ['2/0/0', '0/9/0', '0/0/6', '1/5/0', '1/0/3', 'x/0/0', '0/-1/0', '0/0/1.5', '9/0/0']) {
      const res = await tile(path);
      expect(res.statusCode, path).toBe(400);
      expect(['bad_request', 'validation_failed']).toContain(res.json().code);
    }
    expect(await ctx.app.deps.storage.exists(tileKey(storageKey, 0, 9, 0))).toBe(false);
  });

  it("answers 404 to another company's customer, a photo that does not exist, or one not processed yet", async () => {
    const foreign = await tile('0/0/0', otherCustomer);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not_found');
    expect((await tile('0/0/0', pm, 999_999)).statusCode).toBe(404);
    await ctx.database.db.execute(
      sql`update images set width = null, height = null where id = ${unprocessedId}`,
    );
    expect((await tile('0/0/0', pm, unprocessedId)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ url: `/api/v1/image/${imageId}/tiles/0/0/0` });
    expect(anonymous.statusCode).toBe(401);
  });
});
