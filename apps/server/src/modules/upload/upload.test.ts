import type { UploadImage, UploadStructure } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import {
  createAnnotation,
  createLine,
  createPlacedImage,
  createProject,
  createStructures,
  reviewInspections,
} from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { boxesOf, MAX_BOUNDS_IMAGES } from './upload.service.ts';

let ctx: TestContext;
let db: Db;
let staff: Record<string, string>;
let ownCustomer: Record<string, string>;
let otherCustomer: Record<string, string>;
let staffUserId: number;
let companyId: number;
let projectId: number;
let otherProjectId: number;
let lineA: number;
let lineB: number;
let s1: number;
let s2: number;
let s3: number;
const img: Record<string, number> = {};

const CAPTURED = new Date('2026-11-20T15:04:05.123Z');
const UPLOADED = new Date('2026-11-21T08:00:00.000Z');

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  companyId = await createCompany(db, 'Upload Page Utility');
  const otherCompanyId = await createCompany(db, 'Upload Page Other Utility');
  const staffUser = await createUser(db, 'inspector');
  staffUserId = staffUser.id;
  staff = bearer(await loginToken(ctx.app, staffUser));
  ownCustomer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  otherCustomer = bearer(
    await loginToken(ctx.app, await createUser(db, 'customer', { companyId: otherCompanyId })),
  );

  projectId = await createProject(db, companyId);
  otherProjectId = await createProject(db, companyId);
  lineA = await createLine(db, companyId, projectId, 'Line A');
  lineB = await createLine(db, companyId, projectId, 'Line B');
  // s1 at (-97.6, 38.8), s2 at (-97.599, 38.8) on line A (KMZ); s3 at (-97.6, 38.8) on line B (manual).
  const kmz = await createStructures(db, projectId, lineA, 2, { prefix: 'A-' });
  [s1, s2] = kmz.structureIds as [number, number];
  [s3] = (await createStructures(db, projectId, lineB, 1, { prefix: 'B-', sourceTypeId: 1 }))
    .structureIds as [number];
  await reviewInspections(db, kmz.inspectionIds.slice(0, 1));

  img.i1 = await createPlacedImage(db, projectId, s1, {
    name: 'DJI_0002.JPG',
    lat: 38.8001,
    lon: -97.6,
    uploadedBy: staffUserId,
    uploadedAt: UPLOADED,
    captureTime: CAPTURED,
    assignedAt: UPLOADED,
    metersFromStruct: 11.1,
    assignmentConfidence: 0.93,
    cameraMake: 'DJI',
    cameraModel: 'M3E',
    bearing: 271.5,
  });
  await createAnnotation(db, img.i1, 3);
  await createAnnotation(db, img.i1, 4);
  img.i2 = await createPlacedImage(db, projectId, s1, {
    name: 'DJI_0003.JPG',
    lat: 38.8,
    lon: -97.6,
    rejected: { at: new Date(), reason: 'Blurred', by: staffUserId },
  });
  img.i3 = await createPlacedImage(db, projectId, s1, {
    name: 'DJI_0001.JPG',
    lat: 38.8002,
    lon: -97.6001,
    archivedAt: new Date(),
  });
  img.i4 = await createPlacedImage(db, projectId, null, { name: 'DJI_0010.JPG', lat: 38.801, lon: -97.6 });
  img.i5 = await createPlacedImage(db, projectId, null, { name: 'DJI_0009.JPG', uploadedBy: staffUserId });
  img.i6 = await createPlacedImage(db, projectId, null, {
    name: 'DJI_0008.JPG',
    lat: 38.801,
    lon: -97.6,
    rejected: { at: new Date(), reason: 'Dark' },
  });
  img.i7 = await createPlacedImage(db, projectId, s2, { name: 'DJI_0004.JPG', lat: 38.8, lon: -97.5 });
}, 60_000);
afterAll(() => ctx.close());

const get = (url: string, headers = staff) => ctx.app.inject({ url: `/api/v1${url}`, headers });

describe('GET /api/v1/inspections/structures', () => {
  it('lists every structure with its photos (rejected left out), archived photos and inspected flag', async () => {
    const res = await get(`/inspections/structures?projectId=${projectId}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as UploadStructure[];
    expect(rows).toEqual([
      {
        structure_id: s1,
        struct_num: 'A-1',
        line_id: lineA,
        line_name: 'Line A',
        latitude: 38.8,
        longitude: -97.6,
        structure_source_type_id: 2,
        image_count: 2,
        archived_count: 1,
        inspected: true,
      },
      expect.objectContaining({ structure_id: s2, image_count: 1, archived_count: 0, inspected: false }),
      expect.objectContaining({
        structure_id: s3,
        line_name: 'Line B',
        structure_source_type_id: 1,
        image_count: 0,
        inspected: false,
      }),
    ]);
  });

  it('answers an empty list for a project without structures', async () => {
    const res = await get(`/inspections/structures?projectId=${otherProjectId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('counts a component project structure as inspected only when every inspection is reviewed', async () => {
    const id = await createProject(db, companyId, { inspectionType: '1' });
    const line = await createLine(db, companyId, id);
    const { structureIds } = await createStructures(db, id, line, 1, { withInspections: false });
    const inspections = await db.execute(sql`
      insert into inspections (project_id, structure_id, component_id)
      select ${id}::int, ${structureIds[0]!}::int, c.id from components c order by c.id limit 2
      returning id`);
    const ids = (inspections as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
    await reviewInspections(db, ids.slice(0, 1));
    const one = await get(`/inspections/structures?projectId=${id}`);
    expect(one.json()[0].inspected).toBe(false);
    await reviewInspections(db, ids);
    const all = await get(`/inspections/structures?projectId=${id}`);
    expect(all.json()[0].inspected).toBe(true);
  });
});

describe('GET /api/v1/inspections/getStructureWithImages', () => {
  it('answers the structure and its photos by name with every Upload page field', async () => {
    const res = await get(`/inspections/getStructureWithImages?structureId=${s1}&projectId=${projectId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { structure: UploadStructure; images: UploadImage[] };
    expect(body.structure.structure_id).toBe(s1);
    expect(body.images.map((i) => i.image_id)).toEqual([img.i3, img.i1]);
    expect(body.images[1]).toEqual({
      image_id: img.i1,
      image_name: 'DJI_0002.JPG',
      has_thumb: false,
      has_medium: false,
      meters_from_struct: 11.1,
      assignment_confidence: 0.93,
      uploaded_by_name: 'Test inspector',
      upload_date: UPLOADED.toISOString(),
      capture_date: CAPTURED.toISOString(),
      capture_offset: null,
      assigned_date: UPLOADED.toISOString(),
      camera_make: 'DJI',
      camera_model: 'M3E',
      latitude: 38.8001,
      longitude: -97.6,
      bearing: 271.5,
      structure_id: s1,
      anno_count: 2,
      max_risk_level: 4,
      first_viewed: null,
      rejected: false,
      archived: false,
    });
    expect(body.images[0]).toMatchObject({ archived: true, anno_count: 0, max_risk_level: null });
  });

  it('answers 404 for a structure of another project and a structure that does not exist', async () => {
    const other = await get(
      `/inspections/getStructureWithImages?structureId=${s1}&projectId=${otherProjectId}`,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Structure not found');
    const missing = await get(
      `/inspections/getStructureWithImages?structureId=999999&projectId=${projectId}`,
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/v1/inspections/getUnassignedImages', () => {
  it('lists the photos without a structure by name, rejected ones left out', async () => {
    const res = await get(`/inspections/getUnassignedImages?projectId=${projectId}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as UploadImage[];
    expect(rows.map((r) => r.image_id)).toEqual([img.i5, img.i4]);
    expect(rows[0]).toMatchObject({ latitude: null, longitude: null, structure_id: null });
  });
});

describe('GET /api/v1/inspections/images/byBounds', () => {
  const bounds = '-97.601,38.799,-97.598,38.802';

  it('answers the structures and the photos inside the view, rejected and GPS-less photos left out', async () => {
    const res = await get(`/inspections/images/byBounds?projectId=${projectId}&bounds=${bounds}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { structures: UploadStructure[]; images: UploadImage[]; truncated: boolean };
    expect(body.structures.map((s) => s.structure_id).sort()).toEqual([s1, s2, s3].sort());
    expect(body.structures.find((s) => s.structure_id === s1)).toMatchObject({
      image_count: 2,
      archived_count: 1,
      inspected: true,
    });
    expect(body.images.map((i) => i.image_id)).toEqual([img.i1, img.i3, img.i4]);
    expect(body.truncated).toBe(false);
  });

  it('answers nothing for a view beside the project', async () => {
    const res = await get(`/inspections/images/byBounds?projectId=${projectId}&bounds=10,10,11,11`);
    expect(res.json()).toEqual({ structures: [], images: [], truncated: false });
  });

  it('reads a view across the antimeridian', async () => {
    const id = await createProject(db, companyId);
    const line = await createLine(db, companyId, id);
    const { structureIds } = await createStructures(db, id, line, 1);
    await db.execute(sql`update structures set location = point(179.9, 0.5) where id = ${structureIds[0]!}`);
    const east = await createPlacedImage(db, id, null, { lat: 0.5, lon: -179.9 });
    await createPlacedImage(db, id, null, { lat: 0.5, lon: 170 });
    const res = await get(`/inspections/images/byBounds?projectId=${id}&bounds=179.5,0,-179.5,1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().structures.map((s: UploadStructure) => s.structure_id)).toEqual(structureIds);
    expect(res.json().images.map((i: UploadImage) => i.image_id)).toEqual([east]);
  });

  it(`answers at most ${MAX_BOUNDS_IMAGES} photos and says truncated past them`, async () => {
    const id = await createProject(db, companyId);
    const insert = (n: number, tag: string) =>
      db.execute(sql`
        insert into images (project_id, md5, image_name, storage_key, location)
        select ${id}::int, ${tag} || g, 'T_' || g || '.JPG', ${`trunc/${id}/${tag}/`} || g,
          point(-97.6 + (g % 100) * 0.00001, 38.8 + (g / 100) * 0.00001)
        from generate_series(1, ${n}::int) g`);
    await insert(MAX_BOUNDS_IMAGES, 'a');
    const full = await get(`/inspections/images/byBounds?projectId=${id}&bounds=${bounds}`);
    expect(full.json().images).toHaveLength(MAX_BOUNDS_IMAGES);
    expect(full.json().truncated).toBe(false);
    await insert(1, 'b');
    const over = await get(`/inspections/images/byBounds?projectId=${id}&bounds=${bounds}`);
    expect(over.json().images).toHaveLength(MAX_BOUNDS_IMAGES);
    expect(over.json().truncated).toBe(true);
  }, 60_000);

  it('refuses bounds that are not four numbers or have south above north', async () => {
    for (const bad of ['1,2,3', 'a,b,c,d', '0,10,1,5', '0,-91,1,0', '']) {
      const res = await get(`/inspections/images/byBounds?projectId=${projectId}&bounds=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('turns views past ±180 and across the antimeridian into boxes inside the world', () => {
    expect(boxesOf({ west: -10, south: 0, east: 10, north: 1 })).toEqual([
      { west: -10, south: 0, east: 10, north: 1 },
    ]);
    expect(boxesOf({ west: 170, south: 0, east: -170, north: 1 })).toEqual([
      { west: 170, south: 0, east: 180, north: 1 },
      { west: -180, south: 0, east: -170, north: 1 },
    ]);
    expect(boxesOf({ west: 530, south: 0, east: 550, north: 1 })).toEqual([
      { west: 170, south: 0, east: 180, north: 1 },
      { west: -180, south: 0, east: -170, north: 1 },
    ]);
    expect(boxesOf({ west: -200, south: 0, east: -190, north: 1 })).toEqual([
      { west: 160, south: 0, east: 170, north: 1 },
    ]);
    expect(boxesOf({ west: -300, south: -5, east: 300, north: 5 })).toEqual([
      { west: -180, south: -5, east: 180, north: 5 },
    ]);
  });
});

describe('GET /api/v1/inspections/uploadStats', () => {
  it('counts photos (rejected left out), unassigned photos and structures by source', async () => {
    const res = await get(`/inspections/uploadStats?projectId=${projectId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      img_count: 5,
      unassigned_img_count: 2,
      kmz_struct_count: 2,
      nadir_struct_count: 0,
      manual_struct_count: 1,
    });
  });
});

describe('GET /api/v1/inspections/images', () => {
  const list = async (query: string) => {
    const res = await get(`/inspections/images?projectId=${projectId}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { rows: UploadImage[]; total: number };
  };

  it('pages every photo of the project by name, rejected ones flagged', async () => {
    const first = await list('&limit=3');
    expect(first.total).toBe(7);
    expect(first.rows.map((r) => r.image_name)).toEqual(['DJI_0001.JPG', 'DJI_0002.JPG', 'DJI_0003.JPG']);
    expect(first.rows[2]!.rejected).toBe(true);
    const next = await list('&limit=3&offset=3');
    expect(next.rows.map((r) => r.image_name)).toEqual(['DJI_0004.JPG', 'DJI_0008.JPG', 'DJI_0009.JPG']);
    const beyond = await list('&limit=3&offset=30');
    expect(beyond).toEqual({ rows: [], total: 7 });
  });

  it('sorts by a column in either direction with empty values last', async () => {
    const desc = await list('&orderBy=capture_date&order=DESC&limit=2');
    expect(desc.rows[0]!.image_id).toBe(img.i1);
    const asc = await list('&orderBy=meters_from_struct&order=ASC');
    expect(asc.rows[0]!.image_id).toBe(img.i1);
    expect(asc.rows.slice(1).every((r) => r.meters_from_struct === null)).toBe(true);
    const names = await list('&orderBy=image_name&order=DESC&limit=1');
    expect(names.rows[0]!.image_name).toBe('DJI_0010.JPG');
  });

  it('filters by uploader and by line', async () => {
    const mine = await list(`&uploaded_by=${staffUserId}`);
    expect(mine.total).toBe(2);
    expect(mine.rows.map((r) => r.image_id)).toEqual([img.i1, img.i5]);
    const lineRows = await list(`&lineId=${lineA}`);
    expect(lineRows.total).toBe(4);
    const empty = await list(`&lineId=${lineB}`);
    expect(empty).toEqual({ rows: [], total: 0 });
  });

  it('refuses an unknown sort column, a bad direction and a limit past 1000', async () => {
    for (const q of ['&orderBy=md5', '&order=UP', '&limit=1001', '&offset=-1']) {
      expect((await get(`/inspections/images?projectId=${projectId}${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('who may read', () => {
  const reads = () => [
    `/inspections/structures?projectId=${projectId}`,
    `/inspections/getStructureWithImages?structureId=${s1}&projectId=${projectId}`,
    `/inspections/getUnassignedImages?projectId=${projectId}`,
    `/inspections/images/byBounds?projectId=${projectId}&bounds=-98,38,-97,39`,
    `/inspections/uploadStats?projectId=${projectId}`,
    `/inspections/images?projectId=${projectId}`,
  ];

  it("lets a customer read their own company's project and answers 404 to another company's customer", async () => {
    // The unassigned photo list is staff's (the inspection company's quality work): 403 to every customer.
    const unassigned = `/inspections/getUnassignedImages?projectId=${projectId}`;
    expect((await get(unassigned, ownCustomer)).statusCode).toBe(403);
    expect((await get(unassigned, otherCustomer)).statusCode).toBe(403);
    for (const url of reads().filter((u) => u !== unassigned)) {
      expect((await get(url, ownCustomer)).statusCode, url).toBe(200);
      const other = await get(url, otherCustomer);
      expect(other.statusCode, url).toBe(404);
      expect(other.json().message, url).toBe('Project not found');
    }
  });

  it('answers 404 for a project that does not exist, 400 without projectId and 401 without a session', async () => {
    for (const url of reads()) {
      const missing = url.replace(`projectId=${projectId}`, 'projectId=999999');
      expect((await get(missing)).statusCode, missing).toBe(404);
      const without = url.replace(`projectId=${projectId}`, '');
      expect((await get(without)).statusCode, without).toBe(400);
      expect((await ctx.app.inject({ url: `/api/v1${url}` })).statusCode, url).toBe(401);
    }
  });
});
