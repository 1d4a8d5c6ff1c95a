import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basemapExtracts, fileUploads, jobs, sourceFiles } from '../../platform/db/schema/index.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { createProject } from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { orphanSweepJob } from './orphanSweep.job.ts';

const LIMIT = 5;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_TOKENS_PER_HOUR: String(LIMIT), ORPHAN_UPLOAD_HOURS: '24' });
});
afterAll(() => ctx.close());

async function userHeaders() {
  return bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'project_manager')));
}
const sign = (headers: Record<string, string>) =>
  ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=csv', headers });
const signed = async (headers: Record<string, string>) => {
  const res = await sign(headers);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ key: string; signedRequest: string }>();
  return { key: body.key, put: body.signedRequest };
};
const uploadRows = () => ctx.database.db.select().from(fileUploads);

describe('upload tokens per user', () => {
  it('are limited per hour with a clear 429, and each user counts alone', async () => {
    const a = await userHeaders();
    const b = await userHeaders();
    for (let i = 0; i < LIMIT; i++) expect((await sign(a)).statusCode).toBe(200);
    const before = (await uploadRows()).length;
    const refused = await sign(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: `Too many uploads started: at most ${LIMIT} files per hour. Try again in 60 minutes.`,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Nothing was registered for the refused one; another user is not affected.
    expect(await uploadRows()).toHaveLength(before);
    expect((await sign(b)).statusCode).toBe(200);
  });

  it('hold when one user asks many times at once', async () => {
    const a = await userHeaders();
    const answers = await Promise.all(Array.from({ length: 12 }, () => sign(a)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - LIMIT);
  });
});

describe('the orphan sweep', () => {
  it('is a recurring job', () => {
    expect(orphanSweepJob.schedule).toEqual({ everyMs: 3_600_000 });
  });

  it('removes old uploads nothing uses (objects and rows) and stale .part files, and nothing else', async () => {
    const headers = await userHeaders();
    const { storage } = ctx.app.deps;
    // An old upload PUT but never used, an old one never PUT, an old one a project uses, a recent unused one.
    const putNeverUsed = await signed(headers);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: putNeverUsed.put,
      payload: 'Line,Structure\nL1,1\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(put.statusCode).toBe(200);
    const neverPut = await signed(headers);
    const used = await signed(headers);
    await storage.write(used.key, Buffer.from('Line,Structure\n'));
    const projectId = await createProject(ctx.database.db, await createCompany(ctx.database.db));
    await ctx.database.db.insert(sourceFiles).values({
      projectId,
      kind: 'csv',
      storageKey: used.key,
      url: used.key,
      name: 'used.csv',
    });
    const recent = await signed(headers);
    await storage.write(recent.key, Buffer.from('x'));
    const old = [putNeverUsed.key, neverPut.key, used.key];
    await ctx.database.db
      .update(fileUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(fileUploads.storageKey, old));

    // What kill -9 leaves: temporary files of a ZIP and a photo, one stale, one still being written.
    const dir = join(ctx.config.dataDir, 'files', 'deliveries', '7');
    mkdirSync(dir, { recursive: true });
    const stale = join(dir, 'package.zip.0b7d6a0e-9d0c-4a43-9a5e-8d7e51f4f0c1.part');
    const fresh = join(dir, 'photo.jpg.5f0e7b9c-3a41-4d8e-b0a2-6c1d2e3f4a5b.part');
    const notOurs = join(dir, 'notes.part');
    for (const f of [stale, fresh, notOurs]) writeFileSync(f, 'partial');
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    utimesSync(stale, dayAgo, dayAgo);
    utimesSync(notOurs, dayAgo, dayAgo);

    const { id } = await enqueue(ctx.database.db, orphanSweepJob, {});
    await runDueJobs(ctx.app.deps);
    const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ state: 'succeeded', result: { uploads: 2, temporary: 1 } });

    const keys = (await uploadRows()).map((r) => r.storageKey);
    expect(keys).not.toContain(putNeverUsed.key);
    expect(keys).not.toContain(neverPut.key);
    expect(keys).toEqual(expect.arrayContaining([used.key, recent.key]));
    expect(await storage.exists(putNeverUsed.key)).toBe(false);
    expect(await storage.exists(used.key)).toBe(true);
    expect(await storage.exists(recent.key)).toBe(true);
    expect([existsSync(stale), existsSync(fresh), existsSync(notOurs)]).toEqual([false, true, true]);

    // Run again: nothing left to do.
    const again = await enqueue(ctx.database.db, orphanSweepJob, {});
    await runDueJobs(ctx.app.deps);
    const [second] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, again.id));
    expect(second?.result).toEqual({ uploads: 0, temporary: 0 });
  });

  it("keeps the self-hosted basemap extract in use, however old its upload (the maps' Streets tiles)", async () => {
    const { storage } = ctx.app.deps;
    const admin = await createUser(ctx.database.db, 'super_admin');
    const sign = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/basemap/extracts/sign',
      headers: bearer(await loginToken(ctx.app, admin)),
    });
    expect(sign.statusCode, sign.body).toBe(200);
    const { key } = sign.json<{ key: string }>();
    await storage.write(key, Buffer.from('PMTiles archive bytes'));
    await ctx.database.db.insert(basemapExtracts).values({
      storageKey: key,
      name: 'region.pmtiles',
      sizeBytes: 21,
      tileType: 'vector',
      minZoom: 0,
      maxZoom: 14,
      minLon: -105,
      minLat: 39,
      maxLon: -104,
      maxLat: 40,
      uploadedBy: admin.id,
    });
    await ctx.database.db
      .update(fileUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(fileUploads.storageKey, key));

    await enqueue(ctx.database.db, orphanSweepJob, {});
    await runDueJobs(ctx.app.deps);
    expect(await storage.exists(key)).toBe(true);
    expect((await uploadRows()).map((r) => r.storageKey)).toContain(key);
  });
});
