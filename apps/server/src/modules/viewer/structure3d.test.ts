import type { Check3DResponse, Process3DResponse } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let inspector: Record<string, string>;
let manager: Record<string, string>;
let ownCustomer: Record<string, string>;
let otherCustomer: Record<string, string>;
/** Inspections of the own company's structures (S-1 with photos, S-2 without) and another company's. */
let withPhotos: number;
let withoutPhotos: number;
let otherCompanys: number;
let structureId: number;
let projectId: number;
let photoSeq = 0;

const db = () => ctx.database.db;
const check = (inspectionId: number | string, headers = inspector) =>
  ctx.app.inject({ url: `/api/v1/structures/check3D?inspectionId=${inspectionId}`, headers });
const process3D = (payload: unknown, headers = inspector) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/structures/process3D',
    headers,
    payload: payload as object,
  });

/** A DJI-like photo of the structure near Salina, KS (the structure stands at 38.8, -97.6). */
async function addPhoto(o: {
  lat?: number;
  lon?: number;
  relative?: number;
  altitude?: number;
  yaw?: number;
  pitch?: number;
  rejected?: boolean;
}): Promise<number> {
  photoSeq++;
  const [row] = await db()
    .insert(images)
    .values({
      projectId,
      structureId,
      md5: `m3d-${photoSeq}`,
      imageName: `DJI_${String(photoSeq).padStart(4, '0')}.JPG`,
      storageKey: `photos/model3d/${photoSeq}.jpg`,
      location: o.lat !== undefined && o.lon !== undefined ? { x: o.lon, y: o.lat } : null,
      relativeAltitude: o.relative ?? null,
      altitude: o.altitude ?? null,
      bearing: o.yaw ?? null,
      gimbalPitch: o.pitch ?? null,
      rejectDatetime: o.rejected ? new Date() : null,
    })
    .returning({ id: images.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const companyId = await createCompany(db(), 'Model Utility');
  const otherCompanyId = await createCompany(db(), 'Model Other Utility');
  inspector = bearer(await loginToken(ctx.app, await createUser(db(), 'inspector')));
  manager = bearer(await loginToken(ctx.app, await createUser(db(), 'project_manager')));
  ownCustomer = bearer(await loginToken(ctx.app, await createUser(db(), 'customer', { companyId })));
  otherCustomer = bearer(
    await loginToken(ctx.app, await createUser(db(), 'customer', { companyId: otherCompanyId })),
  );
  projectId = await createProject(db(), companyId);
  const line = await createLine(db(), companyId, projectId, 'Model Line');
  const own = await createStructures(db(), projectId, line, 2, { prefix: 'M-' });
  structureId = own.structureIds[0]!;
  [withPhotos, withoutPhotos] = own.inspectionIds as [number, number];
  const otherProject = await createProject(db(), otherCompanyId);
  const otherLine = await createLine(db(), otherCompanyId, otherProject, 'Other Line');
  otherCompanys = (await createStructures(db(), otherProject, otherLine, 1)).inspectionIds[0]!;

  // South, looking north 10° down from 22 m; east, looking west, level at 15 m; north, GPS altitude only.
  await addPhoto({ lat: 38.7999, lon: -97.6, relative: 22, altitude: 422, yaw: 0, pitch: -10 });
  await addPhoto({ lat: 38.8, lon: -97.5999, relative: 15, yaw: -90, pitch: 0 });
  await addPhoto({ lat: 38.8001, lon: -97.6, altitude: 418, yaw: 180, pitch: -5 });
  // No GPS: listed as unplaced. Rejected: left out.
  await addPhoto({ relative: 20 });
  await addPhoto({ lat: 38.8, lon: -97.6001, relative: 20, yaw: 90, pitch: 0, rejected: true });
});

afterAll(() => ctx?.close());

describe('check3D and process3D', () => {
  it('answers none before any build', async () => {
    const res = await check(withPhotos);
    expect(res.statusCode).toBe(200);
    expect(res.json<Check3DResponse>()).toMatchObject({
      inspection_id: withPhotos,
      structure_id: structureId,
      status: 'none',
      job_id: null,
      built_at: null,
      stale: false,
      model: null,
    });
  });

  it('queues a build, reports it processing, and after the job the model is ready', async () => {
    const started = await process3D({ inspectionId: withPhotos });
    expect(started.statusCode).toBe(200);
    const job = started.json<Process3DResponse>();
    expect(job.created).toBe(true);
    const processing = (await check(withPhotos)).json<Check3DResponse>();
    expect(processing).toMatchObject({ status: 'processing', job_id: job.job_id, model: null });

    expect(await runDueJobs(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    const ready = (await check(withPhotos)).json<Check3DResponse>();
    expect(ready.status).toBe('ready');
    expect(ready.stale).toBe(false);
    expect(ready.built_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const model = ready.model!;
    expect(model.origin).toEqual({ lat: 38.8, lon: -97.6 });
    expect(model.cameras.map((c) => c.image_name)).toEqual(['DJI_0001.JPG', 'DJI_0002.JPG', 'DJI_0003.JPG']);
    expect(model.unplaced.map((u) => u.image_name)).toEqual(['DJI_0004.JPG']);
    expect(model.sides).toEqual(['N', 'E', 'S']);
    const [south, east, north] = model.cameras;
    expect(south!.position.n).toBeCloseTo(-11.1, 1);
    expect(south!.position.u).toBe(22);
    expect(east!.direction.e).toBeCloseTo(-1, 5);
    expect(north!.position.u).toBeCloseTo(18, 5);
    expect(north!.height_source).toBe('gps');
    expect(model.structure.height_source).toBe('sightlines');
    expect(model.structure.height).toBeCloseTo(20.04, 1);
  });

  it('gives customers of the company the model too', async () => {
    const res = await check(withPhotos, ownCustomer);
    expect(res.statusCode).toBe(200);
    expect(res.json<Check3DResponse>().status).toBe('ready');
  });

  it('starts one build for two requests at once, and a new one once that finished', async () => {
    const [a, b] = await Promise.all([
      process3D({ inspectionId: withPhotos }),
      process3D({ inspectionId: withPhotos }, manager),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [ja, jb] = [a.json<Process3DResponse>(), b.json<Process3DResponse>()];
    expect(ja.job_id).toBe(jb.job_id);
    expect([ja.created, jb.created].sort()).toEqual([false, true]);
    const again = (await process3D({ inspectionId: withPhotos })).json<Process3DResponse>();
    expect(again).toEqual({ job_id: ja.job_id, created: false });
    const [{ n }] = (await sqlRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where name = 'structures.model3d' and state in ('queued', 'running')`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    // Meanwhile the previous model is still given.
    const during = (await check(withPhotos)).json<Check3DResponse>();
    expect(during.status).toBe('processing');
    expect(during.model?.cameras).toHaveLength(3);
    await runDueJobs(ctx.app.deps);
    const next = (await process3D({ inspectionId: withPhotos })).json<Process3DResponse>();
    expect(next.created).toBe(true);
    expect(next.job_id).not.toBe(ja.job_id);
    await runDueJobs(ctx.app.deps);
  });

  it('says stale once the photos changed, and a rebuild takes the new photo in', async () => {
    await addPhoto({ lat: 38.8, lon: -97.6001, relative: 12, yaw: 90, pitch: 5 });
    const stale = (await check(withPhotos)).json<Check3DResponse>();
    expect(stale).toMatchObject({ status: 'ready', stale: true });
    await process3D({ inspectionId: withPhotos });
    await runDueJobs(ctx.app.deps);
    const fresh = (await check(withPhotos)).json<Check3DResponse>();
    expect(fresh.stale).toBe(false);
    expect(fresh.model!.cameras).toHaveLength(4);
    expect(fresh.model!.sides).toEqual(['N', 'E', 'S', 'W']);
  });

  it('builds an empty model for a structure without photos', async () => {
    await process3D({ inspectionId: withoutPhotos });
    await runDueJobs(ctx.app.deps);
    const res = (await check(withoutPhotos)).json<Check3DResponse>();
    expect(res.status).toBe('ready');
    expect(res.model).toMatchObject({ cameras: [], unplaced: [], structure: { height: 12 } });
  });

  it('records who started a build', async () => {
    const rows = await sqlRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action = 'structure.model3d.process'`,
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(5);
  });
});

describe('authorization', () => {
  it('refuses builds to customers, and hides other companies inspections', async () => {
    expect((await process3D({ inspectionId: withPhotos }, ownCustomer)).statusCode).toBe(403);
    expect((await process3D({ inspectionId: otherCompanys }, otherCustomer)).statusCode).toBe(403);
    expect((await check(otherCompanys, ownCustomer)).statusCode).toBe(404);
    expect((await check(withPhotos, otherCustomer)).statusCode).toBe(404);
    expect((await check(withPhotos, {})).statusCode).toBe(401);
    expect((await process3D({ inspectionId: withPhotos }, {})).statusCode).toBe(401);
  });

  it('lets staff build any company structure', async () => {
    const res = await process3D({ inspectionId: otherCompanys });
    expect(res.statusCode).toBe(200);
    await runDueJobs(ctx.app.deps);
    expect((await check(otherCompanys)).json<Check3DResponse>().status).toBe('ready');
  });
});

describe('bad input', () => {
  it.each(['abc', '0', '-3', '1.5', '99999999999', ''])('check3D with inspectionId %j is 400', async (id) => {
    const res = await check(id);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('validation_failed');
  });

  it('answers 404 for an inspection that does not exist, and writes nothing', async () => {
    const before = await sqlRows<{ n: number }>(db(), sql`select count(*)::int as n from jobs`);
    expect((await check(2_000_000_000)).statusCode).toBe(404);
    const res = await process3D({ inspectionId: 2_000_000_000 });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string }>().code).toBe('not_found');
    const after = await sqlRows<{ n: number }>(db(), sql`select count(*)::int as n from jobs`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it.each([
    {},
    { inspectionId: '5' },
    { inspectionId: 0 },
    { inspectionId: 1.5 },
    { inspectionId: true },
    [],
  ])('process3D with body %j is 400', async (body) => {
    const res = await process3D(body);
    expect(res.statusCode).toBe(400);
  });
});
