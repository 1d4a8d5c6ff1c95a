import type { CreateDeliveryResponse, DeliveryStructurePage } from '@linewalker/domain';
import { DELIVERY_PAGE_SIZE } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachPhotoInOnePackage } from '../../testing/deliveries.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createImage, createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

/**
 * 'Archive Selected' after a select-all (issue 10): the request names the table's filters minus the photos
 * unticked after it, and the server resolves them over every page, loaded or not.
 */

let ctx: TestContext;
let manager: Record<string, string>;
let colleague: Record<string, string>;
let inspector: Record<string, string>;
let ownCustomer: Record<string, string>;
let otherCustomer: Record<string, string>;
let projectId: number;
let otherProjectId: number;
let lineA: number;
let lineB: number;
/** Photos by structure name: A-1 … A-70 on line A (one each), B-1 … B-4 on line B (two each). */
const photos: Record<string, number[]> = {};
let rejectedPhoto: number;
let otherProjectPhoto: number;

const db = () => ctx.database.db;
const deliver = (payload: Record<string, unknown>, headers = manager) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers, payload });
const idsOf = (...names: string[]) => names.flatMap((n) => photos[n]!);
const lineAPhotos = () => Array.from({ length: 70 }, (_, i) => photos[`A-${i + 1}`]![0]!);

/** Delivered photos among `ids`. */
const deliveredAmong = async (ids: readonly number[]) =>
  (
    await sqlRows<{ id: number }>(
      db(),
      sql`select id from images where id = any(${`{${ids.join(',')}}`}::int[]) and archived_date is not null
        order by id`,
    )
  ).map((r) => r.id);
const countOf = async (table: 'delivery_packages' | 'audit_log' | 'jobs') =>
  (await sqlRows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
const packageImages = async (packageId: number) =>
  (
    await sqlRows<{ image_id: number }>(
      db(),
      sql`select id as image_id from images where delivery_package_id = ${packageId} order by id`,
    )
  ).map((r) => r.image_id);

beforeAll(async () => {
  ctx = await createTestApp();
  const companyId = await createCompany(db(), 'Select All Utility');
  const otherCompanyId = await createCompany(db(), 'Select All Other Utility');
  manager = bearer(await loginToken(ctx.app, await createUser(db(), 'project_manager')));
  colleague = bearer(await loginToken(ctx.app, await createUser(db(), 'project_manager')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db(), 'inspector')));
  ownCustomer = bearer(await loginToken(ctx.app, await createUser(db(), 'customer', { companyId })));
  otherCustomer = bearer(
    await loginToken(ctx.app, await createUser(db(), 'customer', { companyId: otherCompanyId })),
  );
  projectId = await createProject(db(), companyId);
  lineA = await createLine(db(), companyId, projectId, 'Alpha Line');
  lineB = await createLine(db(), companyId, projectId, 'Beta Line');
  // 74 structures: more than one page of the table (50).
  const a = await createStructures(db(), projectId, lineA, 70, { prefix: 'A-' });
  const b = await createStructures(db(), projectId, lineB, 4, { prefix: 'B-' });
  for (const [i, id] of a.structureIds.entries())
    photos[`A-${i + 1}`] = [await createImage(db(), projectId, id)];
  for (const [i, id] of b.structureIds.entries()) {
    photos[`B-${i + 1}`] = [await createImage(db(), projectId, id), await createImage(db(), projectId, id)];
  }
  rejectedPhoto = await createImage(db(), projectId, a.structureIds[60]!);
  await db().execute(sql`update images set reject_datetime = now() where id = ${rejectedPhoto}`);
  // B-4 was delivered before.
  await db().execute(
    sql`update images set archived_date = now(), archive_name = 'Earlier' where id = any(${`{${photos['B-4']!.join(',')}}`}::int[])`,
  );
  otherProjectId = await createProject(db(), otherCompanyId);
  const otherLine = await createLine(db(), otherCompanyId, otherProjectId, 'Alpha Line');
  const other = await createStructures(db(), otherProjectId, otherLine, 1, { prefix: 'A-' });
  otherProjectPhoto = await createImage(db(), otherProjectId, other.structureIds[0]!);
}, 120_000);
afterAll(() => ctx.close());

describe('the archive table answers what a select-all covers', () => {
  it('counts the photos not delivered of every matching structure, beyond the first page', async () => {
    const res = await ctx.app.inject({
      url: `/api/v1/structures/archive?projectId=${projectId}`,
      headers: manager,
    });
    const body = res.json<DeliveryStructurePage>();
    expect(body.rows).toHaveLength(DELIVERY_PAGE_SIZE);
    expect(body.total).toBe(74);
    // 70 on line A + 6 on B-1 … B-3; B-4 is delivered and the rejected photo never counts.
    expect(body.selectable).toEqual({ images: 76, structures: 73 });
    const lineOnly = await ctx.app.inject({
      url: `/api/v1/structures/archive?projectId=${projectId}&lineId=${lineB}&q=b-`,
      headers: manager,
    });
    expect(lineOnly.json<DeliveryStructurePage>().selectable).toEqual({ images: 6, structures: 3 });
  });
});

describe('POST /api/v1/deliveries with a select-all', () => {
  it('refuses a body naming both or neither of imageIds and filter, or exclude without filter', async () => {
    for (const payload of [
      { projectId },
      { projectId, imageIds: [photos['A-1']![0]], filter: {} },
      { projectId, imageIds: [photos['A-1']![0]], exclude: [1] },
      { projectId, filter: { delivery: 'some' } },
      { projectId, filter: { lineIds: ['x'] } },
      { projectId, filter: {}, exclude: Array.from({ length: 10_001 }, (_, i) => i + 1) },
    ]) {
      expect((await deliver(payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
  });

  it('is for the staff who deliver: customers and inspectors 403, an unknown project 404', async () => {
    const payload = { projectId, filter: {} };
    expect((await deliver(payload, ownCustomer)).statusCode).toBe(403);
    expect((await deliver(payload, otherCustomer)).statusCode).toBe(403);
    expect((await deliver({ projectId: otherProjectId, filter: {} }, otherCustomer)).statusCode).toBe(403);
    expect((await deliver(payload, inspector)).statusCode).toBe(403);
    expect((await deliver({ projectId: 2_000_000_000, filter: {} })).statusCode).toBe(404);
    expect(await deliveredAmong([...lineAPhotos(), otherProjectPhoto])).toEqual([]);
  });

  it('a select-all that matches no photo is 400 nothing_to_deliver and writes nothing', async () => {
    const before = await Promise.all([countOf('delivery_packages'), countOf('audit_log'), countOf('jobs')]);
    const nothing = [
      { projectId, filter: { q: 'no such structure' } },
      // Every photo of B-1 unticked after selecting it with the search.
      { projectId, filter: { q: 'B-1' }, exclude: photos['B-1'] },
      // Only rejected photos: A-61's one photo unticked, its rejected one never counts.
      { projectId, filter: { q: 'A-61' }, exclude: photos['A-61'] },
    ];
    for (const payload of nothing) {
      const res = await deliver(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'nothing_to_deliver' });
    }
    expect(await Promise.all([countOf('delivery_packages'), countOf('audit_log'), countOf('jobs')])).toEqual(
      before,
    );
  });

  it("delivers every photo of the filtered lines over every page, minus the unticked ones, never another project's", async () => {
    const unticked = [photos['A-3']![0]!, photos['A-64']![0]!, otherProjectPhoto];
    const res = await deliver({
      projectId,
      filter: { lineIds: [lineA], delivery: 'undelivered' },
      exclude: unticked,
      archiveName: 'Line A',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CreateDeliveryResponse>();
    expect(body).toMatchObject({
      created: true,
      delivered: 68,
      already_delivered: 0,
      skipped_rejected: 0,
      package: { archive_name: 'Line A', image_count: 68, status: 'queued' },
    });
    const expected = lineAPhotos()
      .filter((id) => !unticked.includes(id))
      .sort((x, y) => x - y);
    expect(await packageImages(body.package!.id)).toEqual(expected);
    expect(await deliveredAmong(lineAPhotos())).toEqual(expected);
    // Line B, the rejected photo and the other project's photo are untouched.
    expect(await deliveredAmong([...idsOf('B-1', 'B-2', 'B-3'), rejectedPhoto, otherProjectPhoto])).toEqual(
      [],
    );
  });

  it('is idempotent: the same select-all again creates nothing and answers the same package', async () => {
    const payload = {
      projectId,
      filter: { lineIds: [lineA], delivery: 'undelivered' },
      exclude: [photos['A-3']![0]!, photos['A-64']![0]!],
    };
    const packagesBefore = await countOf('delivery_packages');
    const res = await deliver(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json<CreateDeliveryResponse>()).toMatchObject({
      created: false,
      delivered: 0,
      already_delivered: 68,
      package: { archive_name: 'Line A' },
    });
    expect(await countOf('delivery_packages')).toBe(packagesBefore);
  });

  it('respects the search and the Delivered button', async () => {
    const search = await deliver({ projectId, filter: { q: 'a-6' } });
    // A-6 and A-60 … A-69 matched; of them only A-64 (unticked before) was still undelivered.
    expect(search.json<CreateDeliveryResponse>()).toMatchObject({
      created: true,
      delivered: 1,
      already_delivered: 10,
    });
    expect(await deliveredAmong(photos['A-64']!)).toEqual(photos['A-64']);
    // Delivered structures hold nothing new: the earlier package of B-4 is answered.
    const delivered = await deliver({ projectId, filter: { lineIds: [lineB], delivery: 'delivered' } });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json<CreateDeliveryResponse>()).toMatchObject({
      created: false,
      delivered: 0,
      already_delivered: 2,
      package: null,
    });
    expect(await deliveredAmong(idsOf('B-1', 'B-2', 'B-3'))).toEqual([]);
  });

  it('two managers delivering overlapping select-alls at once: every answer sensible, every photo once', async () => {
    const open = [...idsOf('B-1', 'B-2', 'B-3'), photos['A-3']![0]!];
    const requests = [
      { projectId, filter: {} },
      { projectId, filter: { lineIds: [lineB] } },
      { projectId, filter: { q: 'B-' }, exclude: photos['B-2'] },
      { projectId, imageIds: [photos['B-1']![0], photos['A-3']![0]] },
      { projectId, filter: {} },
      { projectId, filter: { lineIds: [lineA, lineB], delivery: 'undelivered' } },
    ];
    const answers = await Promise.all(
      requests.map((payload, i) => deliver(payload, i % 2 ? colleague : manager)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(requests.map(() => 200));
    const bodies = answers.map((r) => r.json<CreateDeliveryResponse>());
    expect(bodies.reduce((sum, b) => sum + b.delivered, 0)).toBe(open.length);
    expect(bodies.filter((b) => !b.created).every((b) => b.package !== null)).toBe(true);
    expect(await eachPhotoInOnePackage(db(), projectId, open)).toBe(true);
    const numbers = (
      await sqlRows<{ number: number }>(
        db(),
        sql`select number from delivery_packages where project_id = ${projectId} order by number`,
      )
    ).map((r) => r.number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    // Now nothing is left: the page says so, and a select-all answers the latest package.
    const page = await ctx.app.inject({
      url: `/api/v1/structures/archive?projectId=${projectId}`,
      headers: manager,
    });
    expect(page.json<DeliveryStructurePage>().selectable).toEqual({ images: 0, structures: 0 });
    const again = await deliver({ projectId, filter: {} });
    expect(again.json<CreateDeliveryResponse>()).toMatchObject({ created: false, delivered: 0 });
    expect(await deliveredAmong([rejectedPhoto, otherProjectPhoto])).toEqual([]);
  });
});
