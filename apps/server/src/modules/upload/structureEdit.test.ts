import { LINE_MESSAGES, metresBetween, STRUCTURE_MESSAGES } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import {
  createAnnotation,
  createLine,
  createPlacedImage,
  createProject,
  createStructures,
} from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let db: Db;
const h: Record<string, Record<string, string>> = {};
let adminId: number;
let companyId: number;
let otherCompanyId: number;
let projectId: number;
let componentProjectId: number;
let lineInProject: number;
let companyLine: number;
let otherCompanyLine: number;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  companyId = await createCompany(db, 'Structure Edit Utility');
  otherCompanyId = await createCompany(db, 'Structure Edit Other Utility');
  for (const role of ['super_admin', 'project_manager', 'inspector', 'user'] as const) {
    const u = await createUser(db, role);
    if (role === 'super_admin') adminId = u.id;
    h[role] = bearer(await loginToken(ctx.app, u));
  }
  h.customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  projectId = await createProject(db, companyId);
  componentProjectId = await createProject(db, companyId, { inspectionType: '1' });
  lineInProject = await createLine(db, companyId, projectId, 'Edit Line');
  companyLine = await createLine(db, companyId, null, 'Company Line Not In Project');
  const otherProject = await createProject(db, otherCompanyId);
  otherCompanyLine = await createLine(db, otherCompanyId, otherProject, 'Foreign Line');
}, 60_000);
afterAll(() => ctx.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  lineId: lineInProject,
  lat: 38.81,
  lon: -97.61,
  structNumName: `P-${Math.random().toString(36).slice(2, 8)}`,
  ...overrides,
});

const create = (payload: unknown, headers = h.super_admin, project = projectId) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/structures/create?projectId=${project}`,
    payload: payload as Record<string, unknown>,
    headers,
  });

const update = (structureId: number, payload: unknown, latLonChanged = false, headers = h.super_admin) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/structures/update?structureId=${structureId}&projectId=${projectId}&latLonChanged=${latLonChanged}`,
    payload: payload as Record<string, unknown>,
    headers,
  });

const remove = (structureId: number, headers = h.super_admin, project = projectId) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/structures/remove?structureId=${structureId}&projectId=${project}`,
    headers,
  });

const createLineReq = (lineName: unknown, headers = h.super_admin, project = projectId) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/structures/lines',
    payload: { lineName, projectId: project } as Record<string, unknown>,
    headers,
  });

const count = async (query: ReturnType<typeof sql>) => {
  const [row] = await sqlRows<{ n: number }>(db, query);
  return row!.n;
};
const structureCount = (project = projectId) =>
  count(sql`select count(*)::int as n from structures where project_id = ${project}`);
const auditCount = (action: string) =>
  count(sql`select count(*)::int as n from audit_log where action = ${action}`);

describe('POST /api/v1/structures/create', () => {
  it('adds a manual structure with its inspection and links a company line to the project', async () => {
    const audits = await auditCount('structure.create');
    const res = await create(body({ lineId: companyLine, structNumName: '  Manual 1  ' }));
    expect(res.statusCode).toBe(200);
    const { structure_id } = res.json();
    expect(res.json()).toEqual({ ok: true, success: true, structure_id: expect.any(Number) });
    const [row] = await sqlRows<Record<string, unknown>>(
      db,
      sql`select struct_num, line_id, location[0] as lon, location[1] as lat, structure_source_type_id, created_by
          from structures where id = ${structure_id}`,
    );
    expect(row).toEqual({
      struct_num: 'Manual 1',
      line_id: companyLine,
      lon: -97.61,
      lat: 38.81,
      structure_source_type_id: 1,
      created_by: adminId,
    });
    expect(
      await count(
        sql`select count(*)::int as n from inspections where structure_id = ${structure_id} and component_id is null`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from project_lines where project_id = ${projectId} and line_id = ${companyLine}`,
      ),
    ).toBe(1);
    expect(await auditCount('structure.create')).toBe(audits + 1);
  });

  it('creates one inspection per component on a component project', async () => {
    const line = await createLine(db, companyId, componentProjectId);
    const res = await create(body({ lineId: line }), h.super_admin, componentProjectId);
    expect(res.statusCode).toBe(200);
    const components = await count(sql`select count(*)::int as n from components`);
    expect(components).toBeGreaterThan(1);
    expect(
      await count(
        sql`select count(*)::int as n from inspections where structure_id = ${res.json().structure_id}`,
      ),
    ).toBe(components);
  });

  it("answers 409 'Cannot create duplicate structures.' for a line and number the project has", async () => {
    const payload = body();
    expect((await create(payload)).statusCode).toBe(200);
    const before = await structureCount();
    const dup = await create({ ...payload, lat: 10, lon: 10 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'duplicate_structure', message: STRUCTURE_MESSAGES.duplicate });
    expect(await structureCount()).toBe(before);
    // The same number on another line is another structure.
    expect((await create({ ...payload, lineId: companyLine })).statusCode).toBe(200);
  });

  it('refuses a line of another company or none, bad positions and names; nothing is written', async () => {
    const before = await structureCount();
    const foreign = await create(body({ lineId: otherCompanyLine }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('line_not_in_company');
    expect((await create(body({ lineId: 999_999 }))).statusCode).toBe(400);
    for (const bad of [
      { lat: 91 },
      { lat: -90.5 },
      { lon: 181 },
      { lat: 'north' },
      { structNumName: '' },
      { structNumName: '   ' },
      { structNumName: 'x'.repeat(101) },
      { lineId: undefined },
      { lineId: 0 },
    ]) {
      expect((await create(body(bad))).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await structureCount()).toBe(before);
    expect(
      await count(
        sql`select count(*)::int as n from project_lines where project_id = ${projectId} and line_id = ${otherCompanyLine}`,
      ),
    ).toBe(0);
    expect((await create(body(), h.super_admin, 999_999)).statusCode).toBe(404);
  });

  it('is for super admins only', async () => {
    const before = await structureCount();
    for (const who of ['project_manager', 'inspector', 'user', 'customer']) {
      expect((await create(body(), h[who])).statusCode, who).toBe(403);
    }
    expect(await structureCount()).toBe(before);
  });

  it('answers one 200 and 409s to identical requests at once, never 500', async () => {
    const payload = body();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(payload)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expect(
      await count(sql`select count(*)::int as n from structures s join inspections i on i.structure_id = s.id
        where s.project_id = ${projectId} and s.struct_num = ${payload.structNumName}`),
    ).toBe(1);
  });
});

describe('PUT /api/v1/structures/update', () => {
  it('saves line, number and position, recomputing photo distances when the position changes', async () => {
    const [id] = (await createStructures(db, projectId, lineInProject, 1)).structureIds as [number];
    const photo = await createPlacedImage(db, projectId, id, {
      lat: 38.8,
      lon: -97.6,
      metersFromStruct: 999,
    });
    const noGps = await createPlacedImage(db, projectId, id, { metersFromStruct: 5 });
    const meters = async (imageId: number) =>
      (
        await sqlRows<{ m: number | null }>(
          db,
          sql`select meters_from_struct as m from images where id = ${imageId}`,
        )
      )[0]!.m;

    // Same position (-97.6, 38.8), new name and line: distances stay.
    const renamed = await update(id, {
      lineId: companyLine,
      lat: 38.8,
      lon: -97.6,
      structNumName: 'Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ok: true, success: true, structure_id: id });
    expect(await meters(photo)).toBe(999);

    const moved = await update(
      id,
      { lineId: companyLine, lat: 38.801, lon: -97.6, structNumName: 'Renamed' },
      true,
    );
    expect(moved.statusCode).toBe(200);
    expect(await meters(photo)).toBeCloseTo(metresBetween(38.8, -97.6, 38.801, -97.6), 6);
    expect(await meters(noGps)).toBeNull();

    // A moved position is recomputed even when the flag says it was not.
    await update(id, { lineId: companyLine, lat: 38.802, lon: -97.6, structNumName: 'Renamed' }, false);
    expect(await meters(photo)).toBeCloseTo(metresBetween(38.8, -97.6, 38.802, -97.6), 6);
    const [row] = await sqlRows<Record<string, unknown>>(
      db,
      sql`select struct_num, line_id, location[1] as lat from structures where id = ${id}`,
    );
    expect(row).toEqual({ struct_num: 'Renamed', line_id: companyLine, lat: 38.802 });
  });

  it("answers 409 'Cannot create duplicate structures.' when another structure has the line and number", async () => {
    const [a, b] = (await createStructures(db, projectId, lineInProject, 2, { prefix: 'UPD-' }))
      .structureIds as [number, number];
    const res = await update(b, { lineId: lineInProject, lat: 38.8, lon: -97.6, structNumName: 'UPD-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STRUCTURE_MESSAGES.duplicate);
    // Saving a structure with its own values is no duplicate.
    expect(
      (await update(a, { lineId: lineInProject, lat: 38.8, lon: -97.6, structNumName: 'UPD-1' })).statusCode,
    ).toBe(200);
  });

  it('answers one 200 and one 409 when two structures take the same number at once', async () => {
    const [a, b] = (await createStructures(db, projectId, lineInProject, 2)).structureIds as [number, number];
    const payload = { lineId: lineInProject, lat: 38.8, lon: -97.6, structNumName: 'Raced' };
    const answers = await Promise.all([update(a, payload), update(b, payload)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses what create refuses, a structure outside the project and other roles; nothing changes', async () => {
    const [id] = (await createStructures(db, projectId, lineInProject, 1, { prefix: 'KEEP-' }))
      .structureIds as [number];
    const ok = { lineId: lineInProject, lat: 38.8, lon: -97.6, structNumName: 'Changed' };
    expect((await update(id, { ...ok, lineId: otherCompanyLine })).statusCode).toBe(400);
    expect((await update(id, { ...ok, lat: 100 })).statusCode).toBe(400);
    expect((await update(id, { ...ok, structNumName: '' })).statusCode).toBe(400);
    expect((await update(999_999, ok)).statusCode).toBe(404);
    const otherProject = await createProject(db, companyId);
    const otherLine = await createLine(db, companyId, otherProject);
    const [foreign] = (await createStructures(db, otherProject, otherLine, 1)).structureIds as [number];
    expect((await update(foreign, ok)).statusCode).toBe(404);
    for (const who of ['project_manager', 'inspector', 'user', 'customer']) {
      expect((await update(id, ok, true, h[who])).statusCode, who).toBe(403);
    }
    const [row] = await sqlRows<{ struct_num: string }>(
      db,
      sql`select struct_num from structures where id = ${id}`,
    );
    expect(row!.struct_num).toBe('KEEP-1');
  });
});

describe('PUT /api/v1/structures/remove', () => {
  it('unassigns its photos (kept), deletes its inspections and their annotations, and audits', async () => {
    const { structureIds, inspectionIds } = await createStructures(db, projectId, lineInProject, 2);
    const [id, keep] = structureIds as [number, number];
    const photo = await createPlacedImage(db, projectId, id, {
      lat: 38.8,
      lon: -97.6,
      metersFromStruct: 3,
      assignmentConfidence: 0.9,
    });
    const other = await createPlacedImage(db, projectId, keep, { lat: 38.8, lon: -97.6 });
    await createAnnotation(db, photo, 4);
    const kept = await createAnnotation(db, other, 3);
    const audits = await auditCount('structure.remove');

    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true, structure_id: id });
    const [img] = await sqlRows<Record<string, unknown>>(
      db,
      sql`select structure_id, meters_from_struct, assignment_confidence, assigned_at from images where id = ${photo}`,
    );
    expect(img).toEqual({
      structure_id: null,
      meters_from_struct: null,
      assignment_confidence: null,
      assigned_at: null,
    });
    expect(await count(sql`select count(*)::int as n from structures where id = ${id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from inspections where id = ${inspectionIds[0]!}`)).toBe(
      0,
    );
    expect(await count(sql`select count(*)::int as n from annotations where image_id = ${photo}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from annotations where id = ${kept}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from inspections where id = ${inspectionIds[1]!}`)).toBe(
      1,
    );
    expect(await auditCount('structure.remove')).toBe(audits + 1);

    const unassigned = await ctx.app.inject({
      url: `/api/v1/inspections/getUnassignedImages?projectId=${projectId}`,
      headers: h.super_admin,
    });
    expect(unassigned.json().map((i: { image_id: number }) => i.image_id)).toContain(photo);
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('answers one 200 and one 404 to two removals at once; refuses other roles and other projects', async () => {
    const [id] = (await createStructures(db, projectId, lineInProject, 1)).structureIds as [number];
    for (const who of ['project_manager', 'inspector', 'user', 'customer']) {
      expect((await remove(id, h[who])).statusCode, who).toBe(403);
    }
    const otherProject = await createProject(db, companyId);
    expect((await remove(id, h.super_admin, otherProject)).statusCode).toBe(404);
    const answers = await Promise.all([remove(id), remove(id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });
});

describe('POST /api/v1/structures/lines', () => {
  it("adds a line to the customer company and the project, and answers 'Line already exists' in any case", async () => {
    const audits = await auditCount('line.create');
    const res = await createLineReq('  North Feeder ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), line_name: 'North Feeder', line_num: null });
    const lines = await ctx.app.inject({
      url: `/api/v1/structures/lines?projectId=${projectId}`,
      headers: h.super_admin,
    });
    expect(lines.json()).toContainEqual(res.json());
    expect(await auditCount('line.create')).toBe(audits + 1);

    for (const name of ['North Feeder', 'north feeder', 'NORTH FEEDER', 'company line not in project']) {
      const dup = await createLineReq(name);
      expect(dup.statusCode, name).toBe(409);
      expect(dup.json()).toMatchObject({ code: 'line_exists', message: LINE_MESSAGES.exists });
    }
    // Another company may have a line of that name.
    const otherProject = await createProject(db, otherCompanyId);
    expect((await createLineReq('North Feeder', h.super_admin, otherProject)).statusCode).toBe(200);
  });

  it("refuses an empty name and one past 50 characters with the spec's messages; nothing is written", async () => {
    const before = await count(sql`select count(*)::int as n from lines where company_id = ${companyId}`);
    const empty = await createLineReq('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues.map((i: { message: string }) => i.message)).toContain(LINE_MESSAGES.required);
    const long = await createLineReq('x'.repeat(51));
    expect(long.statusCode).toBe(400);
    expect(long.json().issues.map((i: { message: string }) => i.message)).toContain(LINE_MESSAGES.tooLong);
    expect((await createLineReq('x'.repeat(50))).statusCode).toBe(200);
    expect((await createLineReq('Fine', h.super_admin, 999_999)).statusCode).toBe(404);
    expect(await count(sql`select count(*)::int as n from lines where company_id = ${companyId}`)).toBe(
      before + 1,
    );
  });

  it('is for super admins only', async () => {
    for (const who of ['project_manager', 'inspector', 'user', 'customer']) {
      expect((await createLineReq(`Role line ${who}`, h[who])).statusCode, who).toBe(403);
    }
  });

  it('answers one 200 and 409s to the same name at once, in different cases', async () => {
    const names = ['Race Line', 'race line', 'RACE LINE', 'Race Line'];
    const answers = await Promise.all(names.map((n) => createLineReq(n)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(
      await count(
        sql`select count(*)::int as n from lines where company_id = ${companyId} and lower(line_name) = 'race line'`,
      ),
    ).toBe(1);
  });
});

describe('unassigned photos are matched again after a structure is added or moved', () => {
  const structureOf = async (imageId: number) => {
    const [row] = await sqlRows<{ structure_id: number | null }>(
      db,
      sql`select structure_id from images where id = ${imageId}`,
    );
    return row!.structure_id;
  };

  it('a structure added where unassigned photos are: they are assigned to it (a rejected one is not)', async () => {
    const project = await createProject(db, companyId);
    const line = await createLine(db, companyId, project, 'Rematch Line');
    const near = await createPlacedImage(db, project, null, { lat: 38.9, lon: -97.5 });
    const rejected = await createPlacedImage(db, project, null, {
      lat: 38.9,
      lon: -97.5,
      rejected: { at: new Date(), reason: 'Blurry', by: adminId },
    });
    const far = await createPlacedImage(db, project, null, { lat: 38.95, lon: -97.5 });
    const res = await create(body({ lineId: line, lat: 38.90005, lon: -97.5 }), h.super_admin, project);
    expect(res.statusCode, res.body).toBe(200);
    const structureId = res.json().structure_id as number;
    await runDueJobs(ctx.app.deps);
    expect(await structureOf(near)).toBe(structureId);
    expect(await structureOf(rejected)).toBeNull();
    expect(await structureOf(far)).toBeNull();
  });

  it('a structure moved next to an unassigned photo takes it; one assigned by hand meanwhile stays', async () => {
    const [structureId] = (await createStructures(db, projectId, lineInProject, 1)).structureIds;
    const [other] = (await createStructures(db, projectId, lineInProject, 1)).structureIds;
    const photo = await createPlacedImage(db, projectId, null, { lat: 39.2, lon: -97.2 });
    const byHand = await createPlacedImage(db, projectId, null, { lat: 39.2, lon: -97.2 });
    const res = await update(structureId!, body({ lat: 39.20004, lon: -97.2 }), true);
    expect(res.statusCode, res.body).toBe(200);
    await db.execute(sql`update images set structure_id = ${other!} where id = ${byHand}`);
    await runDueJobs(ctx.app.deps);
    expect(await structureOf(photo)).toBe(structureId);
    expect(await structureOf(byHand)).toBe(other);
  });
});
