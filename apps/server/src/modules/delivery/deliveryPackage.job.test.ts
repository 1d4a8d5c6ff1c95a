import { createHash } from 'node:crypto';
import type { CreateDeliveryResponse, DeliveryPackage } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, structures } from '../../platform/db/schema/index.ts';
import { dronePhoto } from '../../testing/dronePhotos.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { md5Base64 } from '../../testing/photoUploads.ts';
import { createLine, createProject } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { readZip, simpleCsvRows } from '../../testing/zip.ts';
import { INDEX_HEADER } from './packageContents.ts';

let ctx: TestContext;
let manager: Record<string, string>;
let customer: Record<string, string>;
let otherCustomer: Record<string, string>;
/** Who a ready package is announced to (the company's active customers) and who not. */
const told: string[] = [];
const notTold: string[] = [];
let projectId: number;
let plainStructure: number;
let formulaStructure: number;
const originals = new Map<number, Buffer>();

const db = () => ctx.database.db;
const md5Hex = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** A real JPEG stored as an original of the project, as the ingestion pipeline leaves it. */
async function storedPhoto(
  structureId: number,
  name: string,
  label: string,
  capture: string,
): Promise<number> {
  const bytes = await dronePhoto({ label, latitude: 38.8001, longitude: -97.6002 });
  const key = `images/${projectId}/${label}.jpg`;
  await ctx.app.deps.storage.write(key, bytes);
  const [row] = await db()
    .insert(images)
    .values({
      projectId,
      structureId,
      md5: md5Base64(bytes),
      imageName: name,
      storageKey: key,
      sizeBytes: bytes.length,
      captureTime: new Date(capture),
      location: { x: -97.6002, y: 38.8001 },
    })
    .returning({ id: images.id });
  originals.set(row!.id, bytes);
  return row!.id;
}

async function deliver(imageIds: number[]): Promise<CreateDeliveryResponse> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/deliveries',
    headers: manager,
    payload: { projectId, imageIds },
  });
  expect(res.statusCode).toBe(200);
  return res.json<CreateDeliveryResponse>();
}

/** The 'ready' e-mails of a package, by recipient. */
const readyMails = (packageNumber: number) =>
  sqlRows<{ recipient: string; subject: string; body: string; status: string }>(
    db(),
    sql`select recipient, subject, body, status from outbox
        where subject = 'Your inspection photos are ready: North Feeder / 2026'
          and body like ${`%(package ${packageNumber}, %`} order by recipient`,
  );

const status = async (packageId: number, headers = manager) =>
  (await ctx.app.inject({ url: `/api/v1/deliveries/${packageId}`, headers })).json<DeliveryPackage>();

/** Follows the download route's redirect to the signed URL, as a browser does. */
async function download(packageId: number, headers: Record<string, string>) {
  const first = await ctx.app.inject({ url: `/api/v1/deliveries/${packageId}/download`, headers });
  if (first.statusCode !== 302) return { statusCode: first.statusCode, first };
  const file = await ctx.app.inject({ url: String(first.headers.location) });
  return { statusCode: file.statusCode, first, file };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const companyId = await createCompany(db(), 'Package Utility');
  manager = bearer(await loginToken(ctx.app, await createUser(db(), 'project_manager')));
  const customerUser = await createUser(db(), 'customer', { companyId });
  customer = bearer(await loginToken(ctx.app, customerUser));
  const otherCustomerUser = await createUser(db(), 'customer', { companyId: await createCompany(db()) });
  otherCustomer = bearer(await loginToken(ctx.app, otherCustomerUser));
  told.push(customerUser.email, (await createUser(db(), 'customer', { companyId })).email);
  notTold.push(
    otherCustomerUser.email,
    (await createUser(db(), 'customer', { companyId, status: 0 })).email,
    (await createUser(db(), 'project_manager')).email,
  );
  projectId = await createProject(db(), companyId, { projectName: 'North Feeder / 2026' });
  const lineId = await createLine(db(), companyId, projectId, 'North Feeder');
  const rows = await db()
    .insert(structures)
    .values([
      { projectId, lineId, structNum: 'T-1', location: { x: -97.6, y: 38.8 } },
      // A name a spreadsheet would run as a formula.
      { projectId, lineId, structNum: '=SUM(1)', location: { x: -97.61, y: 38.81 } },
    ])
    .returning({ id: structures.id });
  plainStructure = rows[0]!.id;
  formulaStructure = rows[1]!.id;
});
afterAll(() => ctx.close());

describe('delivery.build-package', () => {
  let packageId: number;
  let photoIds: number[];

  it('builds a ZIP of the originals, index.csv and annotations.geojson, and stores it', async () => {
    photoIds = [
      await storedPhoto(plainStructure, 'DJI_0001.JPG', 'pkg-a', '2026-05-01T14:00:00Z'),
      // The same name on the same structure: kept apart in the ZIP.
      await storedPhoto(plainStructure, 'DJI_0001.JPG', 'pkg-b', '2026-05-01T14:01:00Z'),
      await storedPhoto(formulaStructure, 'DJI_0003.JPG', 'pkg-c', '2026-05-01T14:02:00Z'),
    ];
    const [component] = await sqlRows<{ id: number }>(
      db(),
      sql`insert into components (display_text) values ('Package Crossarm') returning id`,
    );
    const [deficiency] = await sqlRows<{ id: number }>(
      db(),
      sql`insert into deficiencies (category_id, sub_category_text) values (${component!.id}, 'Cracked') returning id`,
    );
    await db().execute(sql`
      insert into annotations (image_id, annotation_number, shape, rect_top_left_x, rect_top_left_y, rect_width,
        rect_height, risk_level, category_id, sub_category_id, note, image_width, image_height)
      values (${photoIds[0]!}, 1, 'rect', 10, 20, 30, 40, 4, ${component!.id}, ${deficiency!.id}, 'Split, replace', 640, 480)`);
    await db().execute(sql`
      insert into annotations (image_id, annotation_number, shape, polygon, risk_level)
      values (${photoIds[2]!}, 1, 'polygon', '[[1,2],[3,4],[5,6]]'::jsonb, 2)`);

    const created = await deliver(photoIds);
    expect(created).toMatchObject({ created: true, delivered: 3 });
    packageId = created.package!.id;
    expect((await status(packageId)).status).toBe('queued');

    expect(await runDueJobs(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    const built = await status(packageId, customer);
    expect(built).toMatchObject({ status: 'ready', files_done: 3, image_count: 3, error: null });
    expect(built.completed_at).not.toBeNull();

    // The customer company's active users are e-mailed a link to the Delivery page at this package, once each.
    const mails = await readyMails(built.number);
    expect(mails.map((m) => m.recipient)).toEqual([...told].sort());
    for (const email of notTold) expect(mails.map((m) => m.recipient)).not.toContain(email);
    expect(mails[0]!.body).toContain(`${built.archive_name} (package ${built.number}, 3 photos)`);
    expect(mails[0]!.body).toContain(
      `${ctx.app.deps.config.publicUrl}/projects/north-feeder-%2F-2026/archive?package=${packageId}\n`,
    );
    expect(mails[0]!.body).toContain('Hello Test');

    const { statusCode, first, file } = await download(packageId, customer);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(String(first.headers.location)).toMatch(/North-Feeder-2026-delivery-1\.zip\?/);
    expect(statusCode).toBe(200);
    expect(file!.headers['content-disposition']).toMatch(/^attachment/);
    expect(file!.rawPayload.length).toBe(built.size_bytes);

    const zip = await readZip(file!.rawPayload);
    expect([...zip.keys()].sort()).toEqual(
      [
        'annotations.geojson',
        'index.csv',
        'photos/North Feeder/=SUM(1)/DJI_0003.JPG',
        'photos/North Feeder/T-1/DJI_0001.JPG',
        `photos/North Feeder/T-1/DJI_0001_${photoIds[1]}.JPG`,
      ].sort(),
    );

    // The index: BOM, header, one row per photo; the md5 is that of the bytes in the ZIP and of the original.
    const csv = zip.get('index.csv')!.toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = simpleCsvRows(csv);
    expect(header).toEqual([...INDEX_HEADER]);
    expect(rows).toHaveLength(3);
    const col = (name: (typeof INDEX_HEADER)[number]) => header!.indexOf(name);
    for (const row of rows) {
      const bytes = zip.get(row[col('File')]!)!;
      expect(bytes, row[col('File')]).toBeDefined();
      expect(row[col('MD5')]).toBe(md5Hex(bytes));
      expect(row[col('Size (bytes)')]).toBe(String(bytes.length));
      expect(row[col('Line')]).toBe('North Feeder');
      expect(Number(row[col('Latitude')])).toBeCloseTo(38.8001, 6);
      expect(Number(row[col('Longitude')])).toBeCloseTo(-97.6002, 6);
    }
    const originalsMd5 = [...originals.values()].map(md5Hex).sort();
    expect(rows.map((r) => r[col('MD5')]).sort()).toEqual(originalsMd5);
    // The formula-looking structure name is text in a spreadsheet.
    const formulaRow = rows.find((r) => r[col('Image')] === 'DJI_0003.JPG')!;
    expect(formulaRow[col('Structure')]).toBe("'=SUM(1)");
    expect(formulaRow[col('Capture Time (UTC)')]).toBe('2026-05-01T14:02:00.000Z');

    // The annotations: points at their structures, with the marked shape in pixels.
    const geo = JSON.parse(zip.get('annotations.geojson')!.toString('utf8'));
    expect(geo.type).toBe('FeatureCollection');
    expect(geo.features).toHaveLength(2);
    const rect = geo.features.find((f: { properties: { shape: string } }) => f.properties.shape === 'rect');
    expect(rect.geometry).toEqual({ type: 'Point', coordinates: [-97.6, 38.8] });
    expect(rect.properties).toMatchObject({
      image: 'DJI_0001.JPG',
      file: 'photos/North Feeder/T-1/DJI_0001.JPG',
      structure: 'T-1',
      line: 'North Feeder',
      risk_level: 4,
      risk: 'Urgent',
      component: 'Package Crossarm',
      deficiency: 'Cracked',
      note: 'Split, replace',
      rectangle: { x: 10, y: 20, width: 30, height: 40 },
    });
    const polygon = geo.features.find(
      (f: { properties: { shape: string } }) => f.properties.shape === 'polygon',
    );
    expect(polygon.geometry.coordinates).toEqual([-97.61, 38.81]);
    expect(polygon.properties).toMatchObject({
      polygon: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      risk: 'Minor',
    });
  });

  it('is not built twice: a rerun of a ready package leaves it alone', async () => {
    const before = await status(packageId);
    await ctx.database.db.execute(sql`
      insert into jobs (name, payload, max_attempts) values ('delivery.build-package', ${JSON.stringify({ packageId })}::jsonb, 5)`);
    await runDueJobs(ctx.app.deps);
    const [job] = await sqlRows<{ state: string; result: unknown }>(
      db(),
      sql`select state, result from jobs where name = 'delivery.build-package' order by id desc limit 1`,
    );
    expect(job).toEqual({ state: 'succeeded', result: { skipped: 'ready' } });
    expect(await status(packageId)).toEqual(before);
    expect(await readyMails(before.number)).toHaveLength(told.length);
  });

  it('is announced once even when its file is lost and the package is built again', async () => {
    const before = await status(packageId);
    const [row] = await sqlRows<{ key: string }>(
      db(),
      sql`select storage_key as key from delivery_packages where id = ${packageId}`,
    );
    await ctx.app.deps.storage.delete(row!.key);
    await ctx.database.db.execute(sql`
      insert into jobs (name, payload, max_attempts) values ('delivery.build-package', ${JSON.stringify({ packageId })}::jsonb, 5)`);
    await runDueJobs(ctx.app.deps);
    expect(await status(packageId)).toMatchObject({ status: 'ready', files_done: 3 });
    expect(await readyMails(before.number)).toHaveLength(told.length);
  });

  it('fails for good, visibly, when an original no longer matches its md5', async () => {
    const id = await storedPhoto(plainStructure, 'DJI_0009.JPG', 'pkg-tampered', '2026-05-01T15:00:00Z');
    const [row] = await db().select({ key: images.storageKey }).from(images).where(sql`id = ${id}`);
    await ctx.app.deps.storage.write(row!.key, Buffer.from('not the photo that was uploaded'));
    const created = await deliver([id]);
    await runDueJobs(ctx.app.deps);
    const failed = await status(created.package!.id);
    expect(failed.status).toBe('failed');
    expect(await readyMails(failed.number)).toEqual([]);
    expect(failed.error).toMatch(/DJI_0009\.JPG does not match its md5/);
    expect((await download(created.package!.id, manager)).statusCode).toBe(409);
    const [job] = await sqlRows<{ state: string }>(
      db(),
      sql`select j.state from jobs j join delivery_packages d on d.job_id = j.id where d.id = ${created.package!.id}`,
    );
    expect(job!.state).toBe('failed');
  });

  it('waits for a retry when the store fails for a moment, then succeeds', async () => {
    const id = await storedPhoto(formulaStructure, 'DJI_0010.JPG', 'pkg-retry', '2026-05-01T16:00:00Z');
    const created = await deliver([id]);
    const storage = ctx.app.deps.storage;
    const write = storage.write.bind(storage);
    let refused = 0;
    storage.write = async (key, body, type) => {
      if (key.endsWith('.zip') && refused++ === 0) throw new Error('store unavailable');
      return write(key, body, type);
    };
    try {
      await runDueJobs(ctx.app.deps);
      const waiting = await status(created.package!.id);
      expect(waiting).toMatchObject({ status: 'queued', error: 'store unavailable' });
      // The retry is due after the backoff; bring it forward.
      await db().execute(
        sql`update jobs set run_at = now() where name = 'delivery.build-package' and state = 'queued'`,
      );
      await runDueJobs(ctx.app.deps);
    } finally {
      storage.write = write;
    }
    const ready = await status(created.package!.id);
    expect(ready).toMatchObject({ status: 'ready', error: null, files_done: 1 });
    // Announced by the attempt that succeeded, once; '1 photo'.
    const mails = await readyMails(ready.number);
    expect(mails.map((m) => m.recipient)).toEqual([...told].sort());
    expect(mails[0]!.body).toContain('1 photo)');
  });

  it("another company's customer reaches nothing of it", async () => {
    expect((await download(packageId, otherCustomer)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/v1/deliveries/${packageId}`, headers: otherCustomer })).statusCode,
    ).toBe(404);
  });
});
