import type { CreateDeliveryResponse, DeliveryPackage, DeliveryStructurePage } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPackages, images, structures } from '../../platform/db/schema/index.ts';
import { eachPhotoInOnePackage } from '../../testing/deliveries.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createImage, createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let manager: Record<string, string>;
let userRole: Record<string, string>;
let inspector: Record<string, string>;
let ownCustomer: Record<string, string>;
let otherCustomer: Record<string, string>;
let managerId: number;
let projectId: number;
let otherProjectId: number;
let lineA: number;
let lineB: number;
/** Structures by name: T-1 … T-12 on line A, U-1 … U-3 on line B. */
const structureId: Record<string, number> = {};
/** Photos by structure name. */
const photos: Record<string, number[]> = {};
let rejectedPhoto: number;
let otherProjectPhoto: number;

const db = () => ctx.database.db;
const get = <T>(url: string, headers = manager) =>
  ctx.app.inject({ url, headers }).then((res) => ({ res, body: res.json<T>() }));
const deliver = (payload: Record<string, unknown>, headers = manager) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers, payload });

/** Adds `n` photos on a structure. */
async function addPhotos(name: string, n: number): Promise<void> {
  const list = photos[name] ?? [];
  photos[name] = list;
  for (let i = 0; i < n; i++) list.push(await createImage(db(), projectId, structureId[name]!));
}

beforeAll(async () => {
  ctx = await createTestApp();
  const companyId = await createCompany(db(), 'Delivery Utility');
  const otherCompanyId = await createCompany(db(), 'Delivery Other Utility');
  const pm = await createUser(db(), 'project_manager');
  managerId = pm.id;
  manager = bearer(await loginToken(ctx.app, pm));
  userRole = bearer(await loginToken(ctx.app, await createUser(db(), 'user')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db(), 'inspector')));
  ownCustomer = bearer(await loginToken(ctx.app, await createUser(db(), 'customer', { companyId })));
  otherCustomer = bearer(
    await loginToken(ctx.app, await createUser(db(), 'customer', { companyId: otherCompanyId })),
  );

  projectId = await createProject(db(), companyId);
  otherProjectId = await createProject(db(), otherCompanyId);
  lineA = await createLine(db(), companyId, projectId, 'Alpha Line');
  lineB = await createLine(db(), companyId, projectId, 'beta line');
  const a = await createStructures(db(), projectId, lineA, 12, { prefix: 'T-' });
  const b = await createStructures(db(), projectId, lineB, 3, { prefix: 'U-' });
  a.structureIds.forEach((id, i) => {
    structureId[`T-${i + 1}`] = id;
  });
  b.structureIds.forEach((id, i) => {
    structureId[`U-${i + 1}`] = id;
  });
  // T-1: 5 photos, T-2: 3, T-3: 1, T-10: 2, U-1: 2; the rest none.
  await addPhotos('T-1', 5);
  await addPhotos('T-2', 3);
  await addPhotos('T-3', 1);
  await addPhotos('T-10', 2);
  await addPhotos('U-1', 2);
  // A rejected photo on T-3: never counted or delivered.
  rejectedPhoto = await createImage(db(), projectId, structureId['T-3']!);
  await db().execute(sql`update images set reject_datetime = now() where id = ${rejectedPhoto}`);
  // U-1 was delivered before (both photos): delivered.
  await db().execute(
    sql`update images set archived_date = now(), archive_name = 'Earlier' where id = any(${`{${photos['U-1']!.join(',')}}`}::int[])`,
  );
  const [otherStructure] = await db()
    .insert(structures)
    .values({
      projectId: otherProjectId,
      lineId: await createLine(db(), otherCompanyId, otherProjectId),
      structNum: 'X-1',
      location: { x: -97, y: 38 },
    })
    .returning({ id: structures.id });
  otherProjectPhoto = await createImage(db(), otherProjectId, otherStructure!.id);
});
afterAll(() => ctx.close());

describe('GET /api/v1/structures/deliveryCounts/:id', () => {
  it('counts all, delivered (photos, every one delivered) and undelivered structures', async () => {
    const { res, body } = await get(`/api/v1/structures/deliveryCounts/${projectId}`);
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({ all_count: 15, delivered: 1, undelivered: 14 });
  });

  it('applies the line filter (lineId, lineId[] or comma-separated) and the search', async () => {
    const url = `/api/v1/structures/deliveryCounts/${projectId}`;
    expect((await get(`${url}?lineId=${lineB}`)).body).toEqual({
      all_count: 3,
      delivered: 1,
      undelivered: 2,
    });
    expect((await get(`${url}?lineId[]=${lineA}`)).body).toMatchObject({ all_count: 12, delivered: 0 });
    expect((await get(`${url}?lineId=${lineA},${lineB}`)).body).toMatchObject({ all_count: 15 });
    expect((await get(`${url}?lineId=${lineA}&lineId=${lineB}`)).body).toMatchObject({ all_count: 15 });
    expect((await get(`${url}?q=t-1`)).body).toMatchObject({ all_count: 4 }); // T-1, T-10, T-11, T-12
    expect((await get(`${url}?q=BETA`)).body).toMatchObject({ all_count: 3 });
    expect((await get(`${url}?q=%25`)).body).toMatchObject({ all_count: 0 }); // '%' matches itself only
  });

  it('refuses a malformed line filter', async () => {
    const { res } = await get(`/api/v1/structures/deliveryCounts/${projectId}?lineId=abc`);
    expect(res.statusCode).toBe(400);
  });

  it("is the customer's for their own company only; inspectors have no Delivery page", async () => {
    const url = `/api/v1/structures/deliveryCounts/${projectId}`;
    expect((await get(url, ownCustomer)).res.statusCode).toBe(200);
    expect((await get(url, userRole)).res.statusCode).toBe(200);
    expect((await get(url, otherCustomer)).res.statusCode).toBe(404);
    expect((await get(url, inspector)).res.statusCode).toBe(403);
    expect((await get('/api/v1/structures/deliveryCounts/2000000000')).res.statusCode).toBe(404);
  });
});

describe('GET /api/v1/structures/archive', () => {
  const page = (query: string, headers = manager) =>
    get<DeliveryStructurePage>(`/api/v1/structures/archive?projectId=${projectId}${query}`, headers);

  it('answers structures with their photo counts, in natural name order by default', async () => {
    const { res, body } = await page('');
    expect(res.statusCode).toBe(200);
    expect(body.total).toBe(15);
    expect(body.rows.map((r) => r.struct_num)).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `T-${i + 1}`),
      'U-1',
      'U-2',
      'U-3',
    ]);
    const t3 = body.rows.find((r) => r.struct_num === 'T-3')!;
    expect(t3).toMatchObject({
      structure_id: structureId['T-3'],
      line_id: lineA,
      line_name: 'Alpha Line',
      image_count: 1,
      archived_count: 0,
      uploaded_image_count: 2,
      image_ids: photos['T-3'],
      undelivered_image_ids: photos['T-3'],
    });
    const u1 = body.rows.find((r) => r.struct_num === 'U-1')!;
    expect(u1).toMatchObject({ image_count: 2, archived_count: 2, undelivered_image_ids: [] });
  });

  it('pages by limit and offset without overlap, sorted in either direction', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 15; offset += 4) {
      const { body } = await page(`&limit=4&offset=${offset}&orderBy=struct_num&order=DESC`);
      expect(body.total).toBe(15);
      seen.push(...body.rows.map((r) => r.struct_num));
    }
    expect(seen).toHaveLength(15);
    expect(new Set(seen).size).toBe(15);
    expect(seen.slice(0, 4)).toEqual(['U-3', 'U-2', 'U-1', 'T-12']);
    expect(seen.at(-1)).toBe('T-1');
  });

  it('sorts by photo count and by line', async () => {
    const byCount = (await page('&orderBy=image_count&order=DESC&limit=3')).body.rows;
    expect(byCount.map((r) => [r.struct_num, r.image_count])).toEqual([
      ['T-1', 5],
      ['T-2', 3],
      ['T-10', 2],
    ]);
    const byLine = (await page('&orderBy=line_name&order=DESC&limit=1')).body.rows;
    expect(byLine[0]!.line_name).toBe('beta line');
  });

  it('filters by delivery, line and search', async () => {
    expect((await page('&delivery=delivered')).body.rows.map((r) => r.struct_num)).toEqual(['U-1']);
    const undelivered = await page('&delivery=undelivered');
    expect(undelivered.body.total).toBe(14);
    expect((await page(`&lineId=${lineB}&delivery=undelivered`)).body.rows.map((r) => r.struct_num)).toEqual([
      'U-2',
      'U-3',
    ]);
    expect((await page('&q=t-1')).body.rows.map((r) => r.struct_num)).toEqual([
      'T-1',
      'T-10',
      'T-11',
      'T-12',
    ]);
  });

  it('refuses bad paging and sorting', async () => {
    for (const query of ['&limit=0', '&limit=201', '&offset=-1', '&orderBy=secret', '&delivery=some']) {
      expect((await page(query)).res.statusCode, query).toBe(400);
    }
  });

  it('is 404 for another company and 403 for inspectors', async () => {
    expect((await page('', ownCustomer)).res.statusCode).toBe(200);
    expect((await page('', otherCustomer)).res.statusCode).toBe(404);
    expect((await page('', inspector)).res.statusCode).toBe(403);
  });
});

describe('GET /api/v1/structures/getArchivedImages', () => {
  const list = (structure: string, query = '', headers = manager) =>
    get<Array<{ id: number; image_name: string; archived_date: string | null; archive_name: string | null }>>(
      `/api/v1/structures/getArchivedImages?structureId=${structureId[structure]}&projectId=${projectId}${query}`,
      headers,
    );

  it("lists a structure's deliverable photos (not rejected), sorted", async () => {
    const asc = await list('T-3');
    expect(asc.res.statusCode).toBe(200);
    expect(asc.body.map((i) => i.id)).toEqual(photos['T-3']);
    const names = (await list('T-1', '&orderBy=image_name&order=DESC')).body.map((i) => i.image_name);
    expect(names).toEqual([...names].sort().reverse());
    const delivered = (await list('U-1')).body;
    expect(delivered.every((i) => i.archived_date !== null && i.archive_name === 'Earlier')).toBe(true);
  });

  it('with componentId, lists only photos with an annotation of that component', async () => {
    const [component] = await sqlRows<{ id: number }>(
      db(),
      sql`insert into components (display_text) values ('Delivery Crossarm') returning id`,
    );
    await db().execute(sql`insert into annotations (image_id, annotation_number, shape, risk_level, category_id)
      values (${photos['T-1']![1]!}, 1, 'rect', 3, ${component!.id})`);
    const only = await list('T-1', `&componentId=${component!.id}`);
    expect(only.body.map((i) => i.id)).toEqual([photos['T-1']![1]]);
    expect((await list('T-1', '&componentId=null')).body).toHaveLength(5);
  });

  it('is 404 for a structure of another project and for another company', async () => {
    const res = await ctx.app.inject({
      url: `/api/v1/structures/getArchivedImages?structureId=${structureId['T-1']}&projectId=${otherProjectId}`,
      headers: manager,
    });
    expect(res.statusCode).toBe(404);
    expect((await list('T-1', '', otherCustomer)).res.statusCode).toBe(404);
    expect((await list('T-1', '', ownCustomer)).res.statusCode).toBe(200);
  });
});

describe('POST /api/v1/deliveries', () => {
  const imageState = (ids: readonly number[]) =>
    sqlRows<{
      id: number;
      archived_date: string | null;
      archive_name: string | null;
      archived_by: number | null;
    }>(
      db(),
      sql`select id, archived_date::text, archive_name, archived_by from images
        where id = any(${`{${ids.join(',')}}`}::int[]) order by id`,
    );

  it('marks the photos delivered and queues the build of their package, in one step', async () => {
    const ids = photos['T-2']!;
    const res = await deliver({ projectId, imageIds: [...ids].reverse(), archiveName: 'Spring delivery' });
    expect(res.statusCode).toBe(200);
    const body = res.json<CreateDeliveryResponse>();
    expect(body).toMatchObject({
      created: true,
      delivered: 3,
      already_delivered: 0,
      skipped_rejected: 0,
      package: {
        number: 1,
        archive_name: 'Spring delivery',
        status: 'queued',
        image_count: 3,
        files_done: 0,
      },
    });
    const state = await imageState(ids);
    expect(state.every((i) => i.archived_date !== null && i.archive_name === 'Spring delivery')).toBe(true);
    expect(state.every((i) => i.archived_by === managerId)).toBe(true);
    const [job] = await sqlRows<{ name: string; payload: { packageId: number } }>(
      db(),
      sql`select j.name, j.payload from jobs j join delivery_packages d on d.job_id = j.id where d.id = ${body.package!.id}`,
    );
    expect(job).toEqual({ name: 'delivery.build-package', payload: { packageId: body.package!.id } });
    const [audit] = await sqlRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action = 'delivery.create' and object_id = ${String(body.package!.id)}`,
    );
    expect(audit!.n).toBe(1);
    // A small delivery's audit names its photos, in id order.
    const [details] = await sqlRows<{ image_ids: number[]; delivered: number }>(
      db(),
      sql`select details->'imageIds' as image_ids, (details->>'delivered')::int as delivered from audit_log
        where action = 'delivery.create' and object_id = ${String(body.package!.id)}`,
    );
    expect(details).toEqual({ image_ids: [...ids].sort((a, b) => a - b), delivered: 3 });
    // The counts follow: T-2 is delivered now.
    expect((await get(`/api/v1/structures/deliveryCounts/${projectId}`)).body).toMatchObject({
      delivered: 2,
    });
  });

  it('is idempotent: the same request again creates nothing and answers the same package', async () => {
    const ids = photos['T-2']!;
    const before = await imageState(ids);
    const res = await deliver({ projectId, imageIds: ids, archiveName: 'Another name' });
    expect(res.statusCode).toBe(200);
    const body = res.json<CreateDeliveryResponse>();
    expect(body).toMatchObject({ created: false, delivered: 0, already_delivered: 3 });
    expect(body.package).toMatchObject({ number: 1, archive_name: 'Spring delivery' });
    expect(await imageState(ids)).toEqual(before);
    const [count] = await sqlRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from delivery_packages where project_id = ${projectId}`,
    );
    expect(count!.n).toBe(1);
  });

  it('delivers only the new photos of a mixed selection, skips rejected ones, and names it by default', async () => {
    const ids = [...photos['T-2']!, ...photos['T-3']!, rejectedPhoto];
    const res = await deliver({ projectId, imageIds: ids });
    const body = res.json<CreateDeliveryResponse>();
    expect(body).toMatchObject({ created: true, delivered: 1, already_delivered: 3, skipped_rejected: 1 });
    expect(body.package!.number).toBe(2);
    expect(body.package!.archive_name).toMatch(/^Delivery 2 \(\d{4}-\d{2}-\d{2}\)$/);
    const [rejected] = await imageState([rejectedPhoto]);
    expect(rejected!.archived_date).toBeNull();
  });

  it('changes nothing when a photo is not of the project (400), or the body is bad', async () => {
    const ids = [photos['T-1']![0]!, otherProjectPhoto];
    const res = await deliver({ projectId, imageIds: ids });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'images_not_in_project' });
    expect((await imageState([photos['T-1']![0]!]))[0]!.archived_date).toBeNull();
    for (const payload of [
      { projectId, imageIds: [] },
      { projectId, imageIds: ['x'] },
      { projectId, imageIds: [1], archiveName: '   ' },
      { projectId, imageIds: [1], archiveName: 'x'.repeat(101) },
      { imageIds: [1] },
    ]) {
      expect((await deliver(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('is for the staff who see the Delivery page: customers and inspectors 403, unknown project 404', async () => {
    const payload = { projectId, imageIds: [photos['T-1']![0]!] };
    expect((await deliver(payload, ownCustomer)).statusCode).toBe(403);
    expect((await deliver(payload, otherCustomer)).statusCode).toBe(403);
    expect((await deliver(payload, inspector)).statusCode).toBe(403);
    expect((await deliver({ ...payload, projectId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await imageState([photos['T-1']![0]!]))[0]!.archived_date).toBeNull();
  });

  it('two users delivering overlapping photos at once: all answers sensible, every photo in one package', async () => {
    const t1 = photos['T-1']!;
    const t10 = photos['T-10']!;
    const selections = [
      t1,
      t1,
      [...t1, ...t10],
      [...t10].reverse(),
      [t1[4]!, t10[0]!],
      [...t10, ...t1].reverse(),
      t1.slice(0, 2),
      t10,
    ];
    const answers = await Promise.all(
      selections.map((imageIds, i) => deliver({ projectId, imageIds }, i % 2 ? userRole : manager)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(selections.map(() => 200));
    const bodies = answers.map((r) => r.json<CreateDeliveryResponse>());
    // Each photo was delivered by exactly one request, and is in exactly one package.
    expect(bodies.reduce((sum, b) => sum + b.delivered, 0)).toBe(t1.length + t10.length);
    expect(await eachPhotoInOnePackage(db(), projectId, [...t1, ...t10])).toBe(true);
    // Package numbers stay one after the other.
    const numbers = await db()
      .select({ number: deliveryPackages.number })
      .from(deliveryPackages)
      .where(sql`project_id = ${projectId}`);
    const sorted = numbers.map((n) => n.number).sort((a, b) => a - b);
    expect(sorted).toEqual(sorted.map((_, i) => i + 1));
    // Every request that created nothing still names a package holding its photos.
    expect(bodies.filter((b) => !b.created).every((b) => b.package !== null)).toBe(true);
    const archived = await db()
      .select({ archivedDate: images.archivedDate })
      .from(images)
      .where(sql`
      id = any(${`{${[...t1, ...t10].join(',')}}`}::int[])`);
    expect(archived.every((i) => i.archivedDate !== null)).toBe(true);
  });
});

describe('delivery packages', () => {
  it("lists a project's packages, newest first, for the project's readers", async () => {
    const { res, body } = await get<DeliveryPackage[]>(`/api/v1/deliveries?projectId=${projectId}`);
    expect(res.statusCode).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(3);
    expect(body.map((p) => p.number)).toEqual([...body.map((p) => p.number)].sort((a, b) => b - a));
    expect(body.at(-1)).toMatchObject({
      number: 1,
      archive_name: 'Spring delivery',
      created_by_name: 'Test project_manager',
    });
    expect((await get(`/api/v1/deliveries?projectId=${projectId}`, ownCustomer)).body).toEqual(body);
    expect((await get(`/api/v1/deliveries?projectId=${projectId}`, otherCustomer)).res.statusCode).toBe(404);
    expect((await get(`/api/v1/deliveries?projectId=${projectId}`, inspector)).res.statusCode).toBe(403);
  });

  it("answers one package's status, and refuses the download until it is built (409)", async () => {
    const [first] = (await get<DeliveryPackage[]>(`/api/v1/deliveries?projectId=${projectId}`)).body.slice(
      -1,
    );
    const status = await get<DeliveryPackage>(`/api/v1/deliveries/${first!.id}`, ownCustomer);
    expect(status.res.statusCode).toBe(200);
    expect(status.body).toMatchObject({ id: first!.id, status: 'queued' });
    expect((await get(`/api/v1/deliveries/${first!.id}`, otherCustomer)).res.statusCode).toBe(404);
    const download = await ctx.app.inject({
      url: `/api/v1/deliveries/${first!.id}/download`,
      headers: ownCustomer,
    });
    expect(download.statusCode).toBe(409);
    expect(download.json()).toMatchObject({ code: 'delivery_not_ready' });
    expect(
      (await ctx.app.inject({ url: `/api/v1/deliveries/${first!.id}/download`, headers: otherCustomer }))
        .statusCode,
    ).toBe(404);
    expect((await get('/api/v1/deliveries/2000000000')).res.statusCode).toBe(404);
  });
});
