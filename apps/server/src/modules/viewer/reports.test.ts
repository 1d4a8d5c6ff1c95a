import type { InspectionReport, ProjectReport } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, structures } from '../../platform/db/schema/index.ts';
import { dronePhoto } from '../../testing/dronePhotos.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { pdfImageCount, pdfText } from '../../testing/pdf.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { annotationCrop } from './annotationCrop.ts';
import { refreshMaxRisk } from './annotations.repository.ts';

let ctx: TestContext;
let manager: Record<string, string>;
let inspector: Record<string, string>;
let ownCustomer: Record<string, string>;
let otherCustomer: Record<string, string>;
let projectId: number;
let otherProjectId: number;
/** Structures and their inspections by name: R-1 … R-4. */
const structureId: Record<string, number> = {};
const inspectionId: Record<string, number> = {};
let otherInspection: number;
let crossarm: number;
let split: number;
let insulator: number;

const db = () => ctx.database.db;

/** A photo of a structure; `stored` puts a real JPEG (640 × 480) into storage as its original. */
async function photo(structure: string, name: string, stored = true): Promise<number> {
  const key = `images/${projectId}/${name}`;
  if (stored) await ctx.app.deps.storage.write(key, await dronePhoto({ label: name }));
  const [row] = await db()
    .insert(images)
    .values({
      projectId,
      structureId: structureId[structure]!,
      md5: `md5-${name}`,
      imageName: name,
      storageKey: key,
    })
    .returning({ id: images.id });
  return row!.id;
}

async function annotate(
  imageId: number,
  a: {
    risk: number;
    rect?: [number, number, number, number];
    polygon?: Array<[number, number]>;
    component: number;
    deficiency?: number;
    note?: string;
  },
): Promise<void> {
  const [x, y, w, h] = a.rect ?? [null, null, null, null];
  await db().execute(sql`
    insert into annotations (image_id, annotation_number, shape, rect_top_left_x, rect_top_left_y, rect_width,
      rect_height, polygon, risk_level, category_id, sub_category_id, note, image_width, image_height)
    select ${imageId}::int, coalesce(max(annotation_number), 0) + 1, ${a.rect ? 'rect' : 'polygon'},
      ${x}::float8, ${y}::float8, ${w}::float8, ${h}::float8,
      ${a.polygon ? JSON.stringify(a.polygon) : null}::jsonb, ${a.risk}::int, ${a.component}::int,
      ${a.deficiency ?? null}::int, ${a.note ?? null}, 640, 480
    from annotations where image_id = ${imageId}`);
}

async function complete(name: string, reviewerId: number, extra = sql``): Promise<void> {
  await db().execute(sql`
    update inspections set review_status = 'Complete', date_reviewed = '2026-05-06T07:08:09Z',
      reviewed_by = ${reviewerId} ${extra}
    where id = ${inspectionId[name]!}`);
}

const get = (url: string, headers: Record<string, string> = manager) => ctx.app.inject({ url, headers });

beforeAll(async () => {
  ctx = await createTestApp();
  const companyId = await createCompany(db(), 'Report Utility');
  const otherCompanyId = await createCompany(db(), 'Report Other Utility');
  const pm = await createUser(db(), 'project_manager');
  await db().execute(sql`update users set first_name = 'Rita', last_name = 'Reviewer' where id = ${pm.id}`);
  manager = bearer(await loginToken(ctx.app, pm));
  inspector = bearer(await loginToken(ctx.app, await createUser(db(), 'inspector')));
  ownCustomer = bearer(await loginToken(ctx.app, await createUser(db(), 'customer', { companyId })));
  otherCustomer = bearer(
    await loginToken(ctx.app, await createUser(db(), 'customer', { companyId: otherCompanyId })),
  );
  projectId = await createProject(db(), companyId, { projectName: 'Risk Report Project' });
  otherProjectId = await createProject(db(), otherCompanyId);
  const lineId = await createLine(db(), companyId, projectId, 'Report Line');
  const created = await createStructures(db(), projectId, lineId, 4, { prefix: 'R-' });
  created.structureIds.forEach((id, i) => {
    structureId[`R-${i + 1}`] = id;
    inspectionId[`R-${i + 1}`] = created.inspectionIds[i]!;
  });
  const [c1, c2] = await sqlRows<{ id: number }>(
    db(),
    sql`insert into components (display_text) values ('Report Crossarm'), ('Report Insulator') returning id`,
  );
  crossarm = c1!.id;
  insulator = c2!.id;
  const [d1] = await sqlRows<{ id: number }>(
    db(),
    sql`insert into deficiencies (category_id, sub_category_text) values (${crossarm}, 'Split Crossarm') returning id`,
  );
  split = d1!.id;

  // two annotations on one photo (risk 4 and 3) and one on a rejected photo (left out).
  const r1 = await photo('R-1', 'R1_A.JPG');
  await annotate(r1, {
    risk: 4,
    rect: [100, 80, 120, 90],
    component: crossarm,
    deficiency: split,
    note: 'Split along the top',
  });
  await annotate(r1, {
    risk: 3,
    polygon: [
      [400, 300],
      [480, 320],
      [440, 400],
    ],
    component: insulator,
    note: 'Chipped bell',
  });
  const rejected = await photo('R-1', 'R1_REJECTED.JPG');
  await annotate(rejected, {
    risk: 5,
    rect: [1, 1, 20, 20],
    component: crossarm,
    note: 'Rejected photo note',
  });
  await db().execute(sql`update images set reject_datetime = now() where id = ${rejected}`);
  await complete('R-1', pm.id, sql`, str_type = 'Tangent', comments = 'Checked from both sides'`);
  // complete at risk 2 (not in the project report).
  await annotate(await photo('R-2', 'R2_A.JPG'), {
    risk: 2,
    rect: [10, 10, 50, 50],
    component: crossarm,
    note: 'Minor only',
  });
  await complete('R-2', pm.id);
  // complete at risk 5, its photo missing from storage (the report prints a placeholder).
  await annotate(await photo('R-3', 'R3_A.JPG', false), {
    risk: 5,
    rect: [200, 100, 100, 100],
    component: insulator,
    note: 'Broken insulator string',
  });
  await complete('R-3', pm.id);
  // risk 4 but not completed (not in the project report).
  await annotate(await photo('R-4', 'R4_A.JPG'), {
    risk: 4,
    rect: [5, 5, 40, 40],
    component: crossarm,
    note: 'Pending one',
  });
  for (const name of ['R-1', 'R-2', 'R-3', 'R-4']) await refreshMaxRisk(db(), structureId[name]!);

  const [otherStructure] = await db()
    .insert(structures)
    .values({
      projectId: otherProjectId,
      lineId: await createLine(db(), otherCompanyId, otherProjectId),
      structNum: 'X-1',
      location: { x: -97, y: 38 },
    })
    .returning({ id: structures.id });
  const [oi] = await sqlRows<{ id: number }>(
    db(),
    sql`insert into inspections (project_id, structure_id) values (${otherProjectId}, ${otherStructure!.id}) returning id`,
  );
  otherInspection = oi!.id;
});
afterAll(() => ctx.close());

describe('GET /api/v1/inspections/:id/report', () => {
  it('reports the structure, line, location, reviewer, date, risk, completion and every annotation', async () => {
    const res = await get(`/api/v1/inspections/${inspectionId['R-1']}/report`);
    expect(res.statusCode).toBe(200);
    const report = res.json<InspectionReport>();
    expect(report).toMatchObject({
      structure: 'R-1',
      line_name: 'Report Line',
      project_name: 'Risk Report Project',
      reviewer: 'Rita Reviewer',
      date_reviewed: '2026-05-06T07:08:09.000Z',
      review_status: 'Complete',
      risk: { key: 'urgent', label: 'Urgent', level: 4 },
    });
    expect(Number.isFinite(report.latitude) && Number.isFinite(report.longitude)).toBe(true);
    expect(report.completion).toEqual([
      { label: 'STR Type', value: 'Tangent' },
      { label: 'Comments', value: 'Checked from both sides' },
    ]);
    // The rejected photo's annotation is left out.
    expect(report.annotations.map((a) => [a.component, a.deficiency, a.severity, a.note, a.shape])).toEqual([
      ['Report Crossarm', 'Split Crossarm', 'Urgent', 'Split along the top', 'rect'],
      ['Report Insulator', null, 'Significant', 'Chipped bell', 'polygon'],
    ]);
    expect(report.annotations[0]!.rectangle).toEqual({ x: 100, y: 80, width: 120, height: 90 });
    expect(report.annotations[1]!.polygon).toHaveLength(3);
  });

  it('is read by staff and customers of the company; another company’s is 404, anonymous 401', async () => {
    const url = `/api/v1/inspections/${inspectionId['R-1']}/report`;
    expect((await get(url, inspector)).statusCode).toBe(200);
    expect((await get(url, ownCustomer)).statusCode).toBe(200);
    expect((await get(url, otherCustomer)).statusCode).toBe(404);
    expect((await get(url, {})).statusCode).toBe(401);
    expect((await get(`/api/v1/inspections/${otherInspection}/report`, ownCustomer)).statusCode).toBe(404);
    expect((await get(`/api/v1/inspections/${otherInspection}/report`, manager)).statusCode).toBe(200);
  });

  it('answers 400 for a malformed id and 404 for one that does not exist', async () => {
    expect((await get('/api/v1/inspections/abc/report')).statusCode).toBe(400);
    expect((await get('/api/v1/inspections/0/report')).statusCode).toBe(400);
    expect((await get('/api/v1/inspections/99999999/report')).statusCode).toBe(404);
    expect((await get('/api/v1/inspections/99999999/report.pdf')).statusCode).toBe(404);
    expect((await get('/api/v1/inspections/-1/report.pdf')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/inspections/:id/report.pdf', () => {
  it('is a PDF with the structure, every annotation’s texts and a crop per annotation', async () => {
    const res = await get(`/api/v1/inspections/${inspectionId['R-1']}/report.pdf`, ownCustomer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="R-1-inspection-report.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Inspection Report',
      'R-1',
      'Report Line',
      'Rita Reviewer',
      '2026-05-06 07:08 UTC',
      'Urgent',
      'Report Crossarm',
      'Split Crossarm',
      'Split along the top',
      'Report Insulator',
      'Chipped bell',
      'Significant (3)',
      'Tangent',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Rejected photo note');
    expect(pdfImageCount(pdf)).toBe(2);
  });

  it('prints a placeholder when the photo is missing from storage', async () => {
    const res = await get(`/api/v1/inspections/${inspectionId['R-3']}/report.pdf`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Broken insulator string');
    expect(text).toContain('Photo not available');
    expect(pdfImageCount(res.rawPayload)).toBe(0);
  });

  it('refuses another company’s customer (404) and anonymous callers (401)', async () => {
    const url = `/api/v1/inspections/${inspectionId['R-1']}/report.pdf`;
    expect((await get(url, otherCustomer)).statusCode).toBe(404);
    expect((await get(url, {})).statusCode).toBe(401);
  });
});

describe('annotationCrop', () => {
  it('crops around the shape with a margin and outlines it in red', async () => {
    const source = await dronePhoto({ label: 'crop', width: 1280, height: 960 });
    // Drawn on a 640 × 480 display of the same photo: scaled ×2 onto the source.
    const crop = await annotationCrop(source, {
      shape: 'rect',
      rectangle: { x: 100, y: 100, width: 100, height: 50 },
      polygon: null,
      image_width: 640,
      image_height: 480,
    });
    expect(crop).not.toBeNull();
    // 200 × 100 source pixels plus 60 on each side → 320 × 220, enlarged to fit 480 × 360.
    expect(crop!.width / crop!.height).toBeCloseTo(320 / 220, 1);
    const { data, info } = await sharp(crop!.jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([crop!.width, crop!.height]);
    // The outline's left edge runs at x = 60 source px (× the scale), halfway down.
    const k = crop!.width / 320;
    const at = (x: number, y: number) => {
      const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    const [r, g, b] = at(60 * k, 110 * k);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(110);
    expect(b).toBeLessThan(110);
  });

  it('gives nothing for a shape without points', async () => {
    const source = await dronePhoto({ label: 'empty' });
    const shape = {
      shape: 'polygon' as const,
      rectangle: null,
      polygon: [],
      image_width: 640,
      image_height: 480,
    };
    expect(await annotationCrop(source, shape)).toBeNull();
  });
});

describe('project risk report', () => {
  const create = (headers: Record<string, string>, id = projectId) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/project-reports', headers, payload: { projectId: id } });

  it('is built in the background: every completed structure at risk ≥ 3, riskiest first, downloadable', async () => {
    const res = await create(ownCustomer);
    expect(res.statusCode).toBe(200);
    const queued = res.json<ProjectReport>();
    expect(queued).toMatchObject({ project_id: projectId, status: 'queued', structures_done: 0 });
    // Not ready yet: the download is refused.
    const early = await get(`/api/v1/project-reports/${queued.id}/download`, ownCustomer);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'report_not_ready' });

    await runDueJobs(ctx.app.deps);
    const status = await get(`/api/v1/project-reports/${queued.id}`, ownCustomer);
    expect(status.json<ProjectReport>()).toMatchObject({
      status: 'ready',
      structure_count: 2,
      structures_done: 2,
      error: null,
    });
    const list = await get(`/api/v1/project-reports?projectId=${projectId}`, ownCustomer);
    expect(list.json<ProjectReport[]>().map((r) => r.id)).toContain(queued.id);

    const first = await get(`/api/v1/project-reports/${queued.id}/download`, ownCustomer);
    expect(first.statusCode).toBe(302);
    expect(String(first.headers.location)).toMatch(/Risk-Report-Project-risk-report-\d+\.pdf\?/);
    const file = await ctx.app.inject({ url: String(first.headers.location) });
    expect(file.statusCode).toBe(200);
    const pdf = file.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Structures at Risk');
    expect(text).toContain('Broken insulator string');
    expect(text).toContain('Split along the top');
    expect(text).toContain('Chipped bell');
    // R-2 is at risk 2, R-4 is not complete.
    expect(text).not.toContain('Minor only');
    expect(text).not.toContain('Pending one');
    // Riskiest first: R-3 (Major) before R-1 (Urgent).
    expect(text.indexOf('Broken insulator string')).toBeLessThan(text.indexOf('Split along the top'));
    // R-1's two crops; R-3's photo is missing (placeholder).
    expect(pdfImageCount(pdf)).toBe(2);
  });

  it('is for the project’s company only: another company’s customer 404, anonymous 401', async () => {
    expect((await create(otherCustomer)).statusCode).toBe(404);
    expect((await create({})).statusCode).toBe(401);
    expect((await create(ownCustomer, otherProjectId)).statusCode).toBe(404);
    const mine = (await create(manager)).json<ProjectReport>();
    expect((await get(`/api/v1/project-reports/${mine.id}`, otherCustomer)).statusCode).toBe(404);
    expect((await get(`/api/v1/project-reports/${mine.id}/download`, otherCustomer)).statusCode).toBe(404);
    expect((await get(`/api/v1/project-reports?projectId=${projectId}`, otherCustomer)).statusCode).toBe(404);
    expect((await get(`/api/v1/project-reports/${mine.id}`, {})).statusCode).toBe(401);
  });

  it('refuses bad input: 400 for a malformed project or report id, 404 for one that does not exist', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/project-reports',
      headers: manager,
      payload: { projectId: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/project-reports',
          headers: manager,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    expect((await create(manager, 99999999)).statusCode).toBe(404);
    expect((await get('/api/v1/project-reports/abc')).statusCode).toBe(400);
    expect((await get('/api/v1/project-reports/99999999')).statusCode).toBe(404);
    expect((await get('/api/v1/project-reports/99999999/download')).statusCode).toBe(404);
    expect((await get('/api/v1/project-reports?projectId=0')).statusCode).toBe(400);
  });

  it('gives every one of two reports asked for at once its own build', async () => {
    const [a, b] = await Promise.all([create(manager), create(ownCustomer)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const ids = [a.json<ProjectReport>().id, b.json<ProjectReport>().id];
    expect(ids[0]).not.toBe(ids[1]);
    await runDueJobs(ctx.app.deps);
    for (const id of ids) {
      expect((await get(`/api/v1/project-reports/${id}`)).json<ProjectReport>().status).toBe('ready');
    }
  });
});
