import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClientConfig } from '@linewalker/domain';
import { buildPmtiles, solidPng } from '@linewalker/domain/testing/pmtiles';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, basemapExtracts } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { createReachabilityProbe } from './probe.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let pm: Record<string, string>;
let customer: Record<string, string>;
let tiles: Server;
let tilesUrl: string;
const requests: string[] = [];

const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return u.pathname + u.search;
};

/** A local tile server: a style document and PNG tiles (the public ones are out of reach here). */
function startTileServer(): Promise<Server> {
  const png = solidPng([40, 120, 60]);
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/style.json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ version: 8, sources: {}, layers: [] }));
    } else if (/^\/sat\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.setHeader('content-type', 'image/png');
      res.end(png);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  tiles = await startTileServer();
  tilesUrl = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
  ctx = await createTestApp({
    MAP_STYLE_URL: `${tilesUrl}/style.json`,
    MAP_SATELLITE_TILES_URL: `${tilesUrl}/sat/{z}/{x}/{y}.png`,
    UPLOAD_MAX_BYTES: String(4 * 1024 * 1024),
  });
  const db = ctx.database.db;
  admin = bearer(await loginToken(ctx.app, await createUser(db, 'super_admin')));
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  const companyId = await createCompany(db);
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => tiles.close(resolve));
});

const config = async () => (await ctx.app.inject({ url: '/api/v1/config' })).json<ClientConfig>();

/** sign → PUT → use, as the admin page does; answers the use call. */
async function uploadExtract(body: Buffer, headers = admin, name?: string) {
  const sign = await ctx.app.inject({ method: 'POST', url: '/api/v1/basemap/extracts/sign', headers });
  expect(sign.statusCode).toBe(200);
  const { signedRequest, url } = sign.json<{ signedRequest: string; url: string }>();
  const put = await ctx.app.inject({
    method: 'PUT',
    url: pathOf(signedRequest),
    payload: body,
    headers: { 'content-type': 'application/vnd.pmtiles' },
  });
  expect(put.statusCode).toBe(200);
  return ctx.app.inject({ method: 'POST', url: '/api/v1/basemap/extracts', payload: { url, name }, headers });
}

describe('GET /api/v1/config basemaps', () => {
  it('offers the configured Streets style and Satellite tiles as reachable when the server reached them', async () => {
    const before = requests.length;
    const { basemaps } = await config();
    expect(basemaps.streets).toEqual({
      kind: 'style',
      url: `${tilesUrl}/style.json`,
      available: true,
      attribution: '',
    });
    expect(basemaps.satellite).toMatchObject({
      kind: 'raster',
      url: `${tilesUrl}/sat/{z}/{x}/{y}.png`,
      available: true,
      maxZoom: 16,
    });
    expect(basemaps.satellite?.attribution).toContain('USGS The National Map');
    // One request per URL (the satellite layer's zoom-0 tile), and none again within the interval.
    expect(requests.slice(before).sort()).toEqual(['/sat/0/0/0.png', '/style.json']);
    await config();
    expect(requests.length).toBe(before + 2);
  });

  it('marks unreachable basemaps unavailable, and offers none when the settings are empty', async () => {
    const down = await createTestApp({
      MAP_STYLE_URL: 'http://127.0.0.1:9/style.json',
      MAP_SATELLITE_TILES_URL: `${tilesUrl}/missing/{z}/{x}/{y}.png`,
    });
    const off = await createTestApp({ MAP_STYLE_URL: '', MAP_SATELLITE_TILES_URL: '' });
    try {
      const downRes = (await down.app.inject({ url: '/api/v1/config' })).json<ClientConfig>();
      expect(downRes.basemaps.streets?.available).toBe(false);
      expect(downRes.basemaps.satellite?.available).toBe(false);
      const offRes = (await off.app.inject({ url: '/api/v1/config' })).json<ClientConfig>();
      expect(offRes.basemaps).toEqual({ streets: null, satellite: null });
    } finally {
      await down.close();
      await off.close();
    }
  });
});

describe('the reachability probe', () => {
  it('keeps an answer for its interval, then asks again (and learns the server went down)', async () => {
    let clock = 0;
    const server = await startTileServer();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/style.json`;
    const probe = createReachabilityProbe({ intervalMs: 1000, timeoutMs: 2000, now: () => clock });
    expect((await probe.reachable([url])).get(url)).toBe(true);
    await new Promise((resolve) => server.close(resolve));
    clock = 999;
    expect((await probe.reachable([url])).get(url)).toBe(true);
    clock = 1000;
    expect((await probe.reachable([url])).get(url)).toBe(false);
  });
});

describe('the self-hosted extract', () => {
  const archive = buildPmtiles(solidPng([200, 80, 40]), 2);
  let extractUrl: string;

  it('refuses a file that is not a PMTiles archive, keeping nothing', async () => {
    const res = await uploadExtract(Buffer.from('not a pmtiles file, just some text that is long enough'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unsupported_file' });
    // In words a super admin reads, not the reader's 'Wrong magic number for PMTiles archive'.
    expect(res.json().message).toBe(
      'The file cannot be used as a basemap: it is not a PMTiles archive (a .pmtiles file starts with the word PMTiles).',
    );
    const truncated = await uploadExtract(archive.subarray(0, 200));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toMatch(/^The file cannot be used as a basemap: the /);
    // Zoom 0–6 as one flat root directory: ~22 KiB of entries, past the 16 KiB the format allows.
    const flat = await uploadExtract(buildPmtiles(solidPng([1, 2, 3]), 6));
    expect(flat.statusCode).toBe(400);
    expect(flat.json().message).toMatch(/root directory ends past the first 16 KiB/);
    const [rows] = await ctx.database.db.select({ n: count() }).from(basemapExtracts);
    expect(rows!.n).toBe(0);
    expect((await config()).basemaps.streets?.kind).toBe('style');
  });

  it('is uploaded by a super admin and becomes the Streets basemap, audited', async () => {
    const res = await uploadExtract(archive);
    expect(res.statusCode).toBe(200);
    const extract = res.json();
    expect(extract).toMatchObject({ tileType: 'raster', minZoom: 0, maxZoom: 2, sizeBytes: archive.length });
    extractUrl = extract.url;
    expect(extractUrl).toMatch(/^\/api\/v1\/basemap\/extracts\/\d+$/);
    expect((await config()).basemaps.streets).toMatchObject({
      kind: 'pmtiles',
      url: extractUrl,
      available: true,
      tileType: 'raster',
      maxZoom: 2,
    });
    expect((await config()).basemaps.streets?.attribution).toContain('OpenStreetMap');
    const [audit] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'basemap.extract.use'));
    expect(audit!.n).toBe(1);
    const current = await ctx.app.inject({ url: '/api/v1/basemap/extracts/current', headers: admin });
    expect(current.json()).toMatchObject({ url: extractUrl });
  });

  it('is served to any signed-in user with HTTP range requests', async () => {
    const part = await ctx.app.inject({ url: extractUrl, headers: { ...customer, range: 'bytes=0-126' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-126/${archive.length}`);
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.rawPayload).toEqual(archive.subarray(0, 127));
    const open = await ctx.app.inject({ url: extractUrl, headers: { ...pm, range: 'bytes=100-' } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload).toEqual(archive.subarray(100));
    const suffix = await ctx.app.inject({ url: extractUrl, headers: { ...pm, range: 'bytes=-10' } });
    expect(suffix.rawPayload).toEqual(archive.subarray(archive.length - 10));
    const whole = await ctx.app.inject({ url: extractUrl, headers: pm });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(archive);
    const past = await ctx.app.inject({
      url: extractUrl,
      headers: { ...pm, range: `bytes=${archive.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.json()).toMatchObject({ code: 'range_not_satisfiable' });
    expect((await ctx.app.inject({ url: extractUrl })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/v1/basemap/extracts/999999', headers: pm })).statusCode).toBe(
      404,
    );
  });

  it('is managed by super admins only, and an upload is used only by who signed it', async () => {
    for (const headers of [pm, customer]) {
      const sign = await ctx.app.inject({ method: 'POST', url: '/api/v1/basemap/extracts/sign', headers });
      expect(sign.statusCode).toBe(403);
      const current = await ctx.app.inject({ url: '/api/v1/basemap/extracts/current', headers });
      expect(current.statusCode).toBe(403);
    }
    const otherAdmin = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'super_admin')));
    const sign = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/basemap/extracts/sign',
      headers: admin,
    });
    const { signedRequest, url } = sign.json<{ signedRequest: string; url: string }>();
    await ctx.app.inject({
      method: 'PUT',
      url: pathOf(signedRequest),
      payload: archive,
      headers: { 'content-type': 'application/vnd.pmtiles' },
    });
    const stolen = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/basemap/extracts',
      payload: { url },
      headers: otherAdmin,
    });
    expect(stolen.statusCode).toBe(404);
  });

  it('answers the same extract when two admins\u2019 tabs use one upload at once', async () => {
    const sign = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/basemap/extracts/sign',
      headers: admin,
    });
    const { signedRequest, url } = sign.json<{ signedRequest: string; url: string }>();
    await ctx.app.inject({
      method: 'PUT',
      url: pathOf(signedRequest),
      payload: archive,
      headers: { 'content-type': 'application/vnd.pmtiles' },
    });
    const use = () =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/basemap/extracts', payload: { url }, headers: admin });
    const [a, b] = await Promise.all([use(), use()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().id).toBe(b.json().id);
    expect((await config()).basemaps.streets?.url).toBe(a.json().url);
  });

  it('shows its name and uploader; a new one replaces it (the old file deleted); removing it brings back the style', async () => {
    const first = await uploadExtract(archive, admin, 'bremen.pmtiles');
    expect(first.json()).toMatchObject({ name: 'bremen.pmtiles', uploadedBy: expect.any(String) });
    const firstRow = (
      await ctx.database.db.select().from(basemapExtracts).where(eq(basemapExtracts.id, first.json().id))
    )[0]!;
    expect(await ctx.app.deps.storage.size(firstRow.storageKey)).toBe(archive.length);

    const second = await uploadExtract(buildPmtiles(solidPng([10, 20, 30]), 1), admin, 'leipzig.pmtiles');
    expect(second.statusCode).toBe(200);
    const current = await ctx.app.inject({ url: '/api/v1/basemap/extracts/current', headers: admin });
    expect(current.json()).toMatchObject({ id: second.json().id, name: 'leipzig.pmtiles', maxZoom: 1 });
    expect(await ctx.app.deps.storage.size(firstRow.storageKey)).toBeNull();
    expect((await ctx.app.inject({ url: first.json().url, headers: pm })).statusCode).toBe(404);

    for (const headers of [pm, customer]) {
      const refused = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/v1/basemap/extracts/current',
        headers,
      });
      expect(refused.statusCode).toBe(403);
    }
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/basemap/extracts/current',
      headers: admin,
    });
    expect(removed.json()).toEqual({ removed: true });
    expect(
      (await ctx.app.inject({ url: '/api/v1/basemap/extracts/current', headers: admin })).json(),
    ).toBeNull();
    expect((await config()).basemaps.streets?.kind).toBe('style');
    expect((await ctx.app.inject({ url: second.json().url, headers: pm })).statusCode).toBe(404);
    const [audit] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'basemap.extract.remove'));
    expect(audit!.n).toBeGreaterThanOrEqual(1);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/basemap/extracts/current',
      headers: admin,
    });
    expect(again.json()).toEqual({ removed: false });
  });
});
