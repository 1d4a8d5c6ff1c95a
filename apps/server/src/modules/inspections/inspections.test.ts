import type { InspectionRow } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { useApiCast } from '../../testing/apiCast.ts';
import {
  createImage,
  createLine,
  createProject,
  createStructures,
  reviewInspections,
} from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';

const cast = useApiCast('Inspection Utility');
let db: Db;
let companyId: number;
beforeAll(() => {
  ({ db, companyId } = cast);
});
const get = (url: string, who: string) => cast.ctx.app.inject({ url, headers: cast.headers(who) });
const complete = (id: number, payload: unknown, who = 'inspector') =>
  cast.ctx.app.inject({
    method: 'POST',
    url: `/api/v1/inspections/complete/${id}`,
    headers: cast.headers(who),
    payload: payload as object,
  });

async function rejectImage(imageId: number) {
  await db.execute(
    sql`update images set reject_datetime = now(), reject_reason = 'Blurred' where id = ${imageId}`,
  );
}

const structureForm = {
  strType: 'Tangent',
  armType: 'Wood crossarm',
  armQty: 2,
  anchorQty: 16,
  guyQty: 1,
  insulatorType: 'Polymer',
  condSleeveQty: 0,
  inspector: 'J. Rivera',
  comments: 'Cracked insulator on the east phase',
};

/**
 * A project with two lines: line "B Feeder" (line_num 7) with three structures and line "A Feeder" with one;
 * images on the first B structure (two, one rejected) and on the A structure (one).
 */
async function project(values: { useNewRiskRating?: boolean } = {}) {
  const projectId = await createProject(db, companyId, values);
  const [lineB] = await sqlRows<{ id: number }>(
    db,
    sql`insert into lines (company_id, line_name, line_num) values (${companyId}, ${`B Feeder ${projectId}`}, '7')
        returning id`,
  );
  await db.execute(sql`insert into project_lines (project_id, line_id) values (${projectId}, ${lineB!.id})`);
  const b = await createStructures(db, projectId, lineB!.id, 3, { prefix: 'B-' });
  const lineA = await createLine(db, companyId, projectId, `A Feeder ${projectId}`);
  const a = await createStructures(db, projectId, lineA, 1, { prefix: 'A-' });
  await createImage(db, projectId, b.structureIds[0]!);
  await rejectImage(await createImage(db, projectId, b.structureIds[0]!));
  await createImage(db, projectId, a.structureIds[0]!);
  await createImage(db, projectId, null);
  return { projectId, lineB: lineB!.id, lineA, b, a };
}

describe('GET /inspections/counts/:id', () => {
  it('counts all, pending, completed and rejected inspections of the project', async () => {
    const { projectId, b, a } = await project();
    await reviewInspections(db, [b.inspectionIds[1]!, a.inspectionIds[0]!]);
    // Another project's inspections and rejections do not count.
    const other = await project();
    await reviewInspections(db, other.b.inspectionIds);

    const res = await get(`/api/v1/inspections/counts/${projectId}`, 'inspector');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ all_count: 4, pending: 2, completed: 2, rejected: 1 }]);

    const empty = await createProject(db, companyId);
    expect((await get(`/api/v1/inspections/counts/${empty}`, 'user')).json()).toEqual([
      { all_count: 0, pending: 0, completed: 0, rejected: 0 },
    ]);
  });

  it("answers 404 for another company's project or an unknown one, 401 without a session", async () => {
    const { projectId } = await project();
    const res = await get(`/api/v1/inspections/counts/${projectId}`, 'customer_other');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      requestId: expect.any(String),
      code: 'not_found',
      message: 'Project not found',
    });
    expect((await get('/api/v1/inspections/counts/99999999', 'super_admin')).statusCode).toBe(404);
    expect((await cast.ctx.app.inject({ url: `/api/v1/inspections/counts/${projectId}` })).statusCode).toBe(
      401,
    );
    expect((await get('/api/v1/inspections/counts/abc', 'super_admin')).statusCode).toBe(400);
    // Beyond PostgreSQL's integer range: a validation error, not a database failure.
    expect((await get('/api/v1/inspections/counts/2147483648', 'super_admin')).statusCode).toBe(400);
  });
});

describe('GET /inspections/:id', () => {
  it('lists rows by line name and structure with reviewer, risk, notes and image counts', async () => {
    const { projectId, lineA, lineB, a, b } = await project({ useNewRiskRating: true });
    await db.execute(sql`
      update inspections set max_risk_level = 4, comments = 'Leaning pole', review_status = 'Complete',
        date_reviewed = '2026-03-04T15:30:00Z', reviewed_by = ${cast.people.inspector!.id}
      where id = ${b.inspectionIds[0]!}`);
    await db.execute(sql`
      insert into inspection_field_values (inspection_id, field_id, value_id)
      values (${b.inspectionIds[0]!}, 2, 7), (${b.inspectionIds[0]!}, 1, 3)`);

    const res = await get(`/api/v1/inspections/${projectId}`, 'inspector');
    expect(res.statusCode).toBe(200);
    const rows = res.json<InspectionRow[]>();
    expect(rows.map((r) => [r.line_id, r.structure])).toEqual([
      [lineA, 'A-1'],
      [lineB, 'B-1'],
      [lineB, 'B-2'],
      [lineB, 'B-3'],
    ]);
    expect(rows[1]).toEqual({
      id: b.inspectionIds[0],
      line_id: lineB,
      line_name: `B Feeder ${projectId}`,
      line: '7',
      structure: 'B-1',
      structure_id: b.structureIds[0],
      component: null,
      component_id: null,
      reviewed_by: 'Test inspector',
      reviewed_by_id: cast.people.inspector!.id,
      date_reviewed: '2026-03-04T15:30:00.000Z',
      review_status: 'Complete',
      risk: 4,
      max_risk_level: 4,
      use_new_risk_rating: true,
      notes: 'Leaning pole',
      count: 2,
      reject_count: 1,
      ai_markups: 0,
      uploaded_image_count: 1,
      latitude: 38.8,
      longitude: -97.6,
      str_type: null,
      arm_type: null,
      arm_qty: null,
      anchor_qty: null,
      guy_qty: null,
      insulator_type: null,
      insulator_qty: null,
      cond_sleeve_qty: null,
      inspector: null,
      comments: 'Leaning pole',
      field_values: [
        { field_id: 1, value_id: 3 },
        { field_id: 2, value_id: 7 },
      ],
      condition: null,
      completed_without_photos: false,
    });
    expect(rows[0]).toMatchObject({
      id: a.inspectionIds[0],
      line: null,
      reviewed_by: null,
      date_reviewed: null,
      review_status: null,
      risk: null,
      count: 1,
      reject_count: 0,
      uploaded_image_count: 1,
      field_values: [],
    });
    expect(rows[2]).toMatchObject({ count: 0, reject_count: 0, uploaded_image_count: 0 });
  });

  it('shows a customer the accepted images only: no reject_count, in the list, a page of it and the export', async () => {
    const { projectId, b } = await project();
    const urls = [
      `/api/v1/inspections/${projectId}`,
      `/api/v1/inspections/${projectId}?limit=10&sort=structure`,
      `/api/v1/inspections/export?projectId=${projectId}`,
      `/api/v1/inspections/export?ids=${b.inspectionIds[0]}`,
    ];
    for (const url of urls) {
      const customer = await get(url, 'customer_own');
      expect(customer.statusCode, url).toBe(200);
      const rows = customer.json<InspectionRow[]>();
      const first = rows.find((r) => r.id === b.inspectionIds[0])!;
      expect(first, url).toMatchObject({ count: 1, uploaded_image_count: 1 });
      expect(
        rows.some((r) => 'reject_count' in r),
        url,
      ).toBe(false);
      const staff = (await get(url, 'inspector')).json<InspectionRow[]>();
      expect(
        staff.find((r) => r.id === b.inspectionIds[0]),
        url,
      ).toMatchObject({ count: 2, reject_count: 1 });
    }
  });

  it('lists one row per component for component-level inspections, with the component name', async () => {
    const projectId = await createProject(db, companyId, { inspectionType: '1' });
    const lineId = await createLine(db, companyId, projectId);
    const { structureIds } = await createStructures(db, projectId, lineId, 1, { withInspections: false });
    const components = await sqlRows<{ id: number; display_text: string }>(
      db,
      sql`select id, display_text from components order by id limit 2`,
    );
    for (const c of components) {
      await db.execute(sql`insert into inspections (project_id, structure_id, component_id)
                           values (${projectId}, ${structureIds[0]!}, ${c.id})`);
    }
    const rows = (await get(`/api/v1/inspections/${projectId}`, 'user')).json<InspectionRow[]>();
    expect(rows.map((r) => [r.component_id, r.component])).toEqual(
      components.map((c) => [c.id, c.display_text]),
    );
  });

  it("answers 404 for another company's project and [] for a project without inspections", async () => {
    const { projectId } = await project();
    expect((await get(`/api/v1/inspections/${projectId}`, 'customer_other')).statusCode).toBe(404);
    expect((await get('/api/v1/inspections/99999999', 'inspector')).statusCode).toBe(404);
    const empty = await createProject(db, companyId);
    expect((await get(`/api/v1/inspections/${empty}`, 'customer_own')).json()).toEqual([]);
  });
});

describe('GET /inspections/fieldOptions', () => {
  it('answers Asset Material and Asset Type with their options', async () => {
    const res = await get('/api/v1/inspections/fieldOptions', 'customer_other');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        field_id: 1,
        field_name: 'Asset Material',
        options: [
          { value_id: 1, name: 'Steel' },
          { value_id: 2, name: 'Weathering Steel' },
          { value_id: 3, name: 'Wood' },
          { value_id: 4, name: 'Concrete' },
          { value_id: 5, name: 'SAE' },
        ],
      },
      {
        field_id: 2,
        field_name: 'Asset Type',
        options: [
          { value_id: 6, name: 'Monopole' },
          { value_id: 7, name: 'Lattice' },
          { value_id: 8, name: 'H Frame' },
          { value_id: 9, name: 'Guyed' },
        ],
      },
    ]);
    expect((await cast.ctx.app.inject({ url: '/api/v1/inspections/fieldOptions' })).statusCode).toBe(401);
  });
});

describe('POST /inspections/complete/:id', () => {
  it('completes with the structure form, then keeps the first date and reviewer on a later save', async () => {
    const { b } = await project();
    const id = b.inspectionIds[1]!;
    const before = Date.now();
    const res = await complete(id, { data: structureForm, component: null });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ ok: boolean; success: boolean; inspection: InspectionRow }>();
    expect(body).toMatchObject({
      ok: true,
      success: true,
      inspection: {
        id,
        review_status: 'Complete',
        reviewed_by: 'Test inspector',
        reviewed_by_id: cast.people.inspector!.id,
        str_type: 'Tangent',
        arm_type: 'Wood crossarm',
        arm_qty: 2,
        anchor_qty: 16,
        guy_qty: 1,
        insulator_type: 'Polymer',
        cond_sleeve_qty: 0,
        inspector: 'J. Rivera',
        comments: 'Cracked insulator on the east phase',
        notes: 'Cracked insulator on the east phase',
      },
    });
    const first = body.inspection.date_reviewed!;
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1000);

    const again = await complete(
      id,
      { data: { ...structureForm, armQty: 0, insulatorType: null } },
      'super_admin',
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().inspection).toMatchObject({
      date_reviewed: first,
      reviewed_by_id: cast.people.inspector!.id,
      arm_qty: 0,
      insulator_type: null,
    });
    const audit = await sqlRows<{ user_id: number; details: { data: { armQty: number } } }>(
      db,
      sql`select user_id, details from audit_log where action = 'inspection.complete' and object_id = ${String(id)}
          order by id`,
    );
    expect(audit.map((a) => [a.user_id, a.details.data.armQty])).toEqual([
      [cast.people.inspector!.id, 2],
      [cast.people.super_admin!.id, 0],
    ]);
  });

  it('completes with the dropdown form, replacing the field values', async () => {
    const { b } = await project();
    const id = b.inspectionIds[2]!;
    await db.execute(sql`insert into inspection_field_values values (${id}, 1, 1), (${id}, 2, 6)`);
    const fieldValues = [
      { field_id: 2, value_id: 9 },
      { field_id: 1, value_id: 4 },
    ];
    const res = await complete(id, { data: { field_values: fieldValues } }, 'project_manager');
    expect(res.statusCode).toBe(200);
    expect(res.json().inspection).toMatchObject({
      review_status: 'Complete',
      reviewed_by: 'Test project_manager',
      str_type: null,
      field_values: [
        { field_id: 1, value_id: 4 },
        { field_id: 2, value_id: 9 },
      ],
    });
  });

  it('refuses invalid forms with the field messages and changes nothing', async () => {
    const { b } = await project();
    const id = b.inspectionIds[0]!;
    const cases: Array<[unknown, string[]]> = [
      [
        { ...structureForm, armQty: 11, anchorQty: 17 },
        ['Arm Quantity must be between 0 and 10.', 'Anchor Quantity must be between 0 and 16.'],
      ],
      [
        { ...structureForm, inspector: '  ', strType: undefined },
        ['STR Type is required.', 'Inspector is required.'],
      ],
      [{ ...structureForm, insulatorType: 'Wood' }, ['Choose Ceramic, Glass or Polymer.']],
      [{ ...structureForm, guyQty: 1.5 }, ['Guy Quantity must be a whole number.']],
      [
        { field_values: [{ field_id: 1, value_id: 7 }] },
        ['Asset Material is required.', 'Asset Type is required.'],
      ],
    ];
    for (const [data, messages] of cases) {
      const res = await complete(id, { data });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().issues.map((i: { message: string }) => i.message)).toEqual(messages);
    }
    const missing = await complete(id, { data: { ...structureForm, armType: undefined } });
    expect(missing.json()).toMatchObject({
      message: 'body.data.armType: Arm Type is required.',
      issues: [{ path: 'body.data.armType', message: 'Arm Type is required.' }],
    });
    expect((await complete(id, {})).statusCode).toBe(400);
    expect((await complete(id, { data: 'x' })).statusCode).toBe(400);
    const [row] = await sqlRows<{ date_reviewed: unknown; review_status: unknown; str_type: unknown }>(
      db,
      sql`select date_reviewed, review_status, str_type from inspections where id = ${id}`,
    );
    expect(row).toEqual({ date_reviewed: null, review_status: null, str_type: null });
  });

  it('checks dropdown values against the options stored on the server', async () => {
    const { b } = await project();
    const id = b.inspectionIds[0]!;
    // An option the domain list knows but this server has withdrawn.
    await db.execute(sql`delete from inspection_field_options where id = 5`);
    const res = await complete(id, {
      data: {
        field_values: [
          { field_id: 1, value_id: 5 },
          { field_id: 2, value_id: 6 },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      requestId: expect.any(String),
      code: 'invalid_field_value',
      message: 'Asset Material has no option 5.',
    });
    const values = await sqlRows(db, sql`select * from inspection_field_values where inspection_id = ${id}`);
    expect(values).toEqual([]);
  });

  it("refuses a component other than the inspection's and an unknown inspection", async () => {
    const { b } = await project();
    const mismatch = await complete(b.inspectionIds[0]!, { data: structureForm, component: 3 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      requestId: expect.any(String),
      code: 'component_mismatch',
      message: 'The component does not match this inspection.',
    });
    const missing = await complete(99999999, { data: structureForm });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Inspection not found');
  });

  it('refuses users and customers (403, before the inspection is looked up) and anonymous callers', async () => {
    const { b } = await project();
    for (const who of ['user', 'customer_own', 'customer_other']) {
      expect((await complete(b.inspectionIds[0]!, { data: structureForm }, who)).statusCode).toBe(403);
      expect((await complete(99999999, { data: structureForm }, who)).statusCode).toBe(403);
    }
    const anonymous = await cast.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/inspections/complete/${b.inspectionIds[0]!}`,
      payload: { data: structureForm },
    });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await sqlRows<{ date_reviewed: unknown }>(
      db,
      sql`select date_reviewed from inspections where id = ${b.inspectionIds[0]!}`,
    );
    expect(row!.date_reviewed).toBeNull();
  });
});
