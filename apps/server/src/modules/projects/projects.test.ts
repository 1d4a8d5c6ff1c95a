import {
  addDays,
  DEFAULT_PROJECT_TIME_ZONE,
  PROJECT_FIELD_DEFINITIONS,
  PROJECT_MESSAGES,
  projectToday,
  withCalendar,
} from '@linewalker/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, projects } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import {
  createLine,
  createProject,
  createStructures,
  projectPayload,
  utcToday,
} from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let pm: Record<string, string>;
let admin: Record<string, string>;
let inspector: Record<string, string>;
let ownCustomer: Record<string, string>;
let otherCustomer: Record<string, string>;
let companyId: number;
let otherCompanyId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Projects Utility');
  otherCompanyId = await createCompany(db, 'Projects Other Utility');
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  admin = bearer(await loginToken(ctx.app, await createUser(db, 'super_admin')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  ownCustomer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  otherCustomer = bearer(
    await loginToken(ctx.app, await createUser(db, 'customer', { companyId: otherCompanyId })),
  );
});
afterAll(() => ctx.close());

const create = (payload: unknown, headers = pm) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/projects', payload: payload as object, headers });
const update = (payload: unknown, headers = pm) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/projects/upsert', payload: payload as object, headers });
const projectCount = async () => (await ctx.database.db.select({ n: count() }).from(projects))[0]!.n;

/** The messages of a 400 validation answer, by field. */
function issuesOf(res: { statusCode: number; json(): unknown }): Record<string, string[]> {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { code: string; issues: Array<{ path: string; message: string }> };
  expect(body.code).toBe('validation_failed');
  const out: Record<string, string[]> = {};
  for (const i of body.issues) {
    const field = i.path.replace(/^body\./, '');
    out[field] = [...(out[field] ?? []), i.message];
  }
  return out;
}

describe('POST /api/v1/projects', () => {
  it('creates a project, audits it, and lists it with its type and customer', async () => {
    const payload = projectPayload(companyId, { project_name: 'Salina North 2026', photo_limit: 4 });
    const res = await create(payload);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, success: true, imported: { files: 0, structures: 0 } });
    const one = await ctx.app.inject({ url: `/api/v1/projects/${body.id}`, headers: pm });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: body.id,
      company_id: companyId,
      company_name: 'Projects Utility',
      project_name: 'Salina North 2026',
      ptype_id: 1,
      ptype_name: 'Distribution',
      photo_limit: 4,
      start_date: payload.start_date,
      due_date: payload.due_date,
      structures: 0,
      progress: 0,
      state: 'In Progress',
      archived_date: null,
      kmzs: [],
      project_center_lat: null,
    });
    const [audit] = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'project'), eq(auditLog.objectId, String(body.id))));
    expect(audit?.action).toBe('project.create');
  });

  it('accepts a ratio project without an end date', async () => {
    const res = await create(
      projectPayload(companyId, { structure_assignment_type: 'ratio', due_date: null }),
    );
    expect(res.statusCode).toBe(200);
  });

  it("answers every field's spec message for an empty form, and writes nothing", async () => {
    const before = await projectCount();
    const res = await create({
      company_id: -1,
      ptype_id: -1,
      project_name: '',
      closest_city: '',
      start_date: '',
      due_date: '',
      inspection_type: '0',
      structure_assignment_type: 'dueDate',
      num_pilots: 1,
      photo_limit: -1,
      ptier_id: 2,
    });
    expect(issuesOf(res)).toMatchObject({
      company_id: [PROJECT_MESSAGES.customerSelect],
      ptype_id: [PROJECT_MESSAGES.typeSelect],
      project_name: [PROJECT_MESSAGES.nameRequired],
      closest_city: [PROJECT_MESSAGES.cityRequired],
      start_date: [PROJECT_MESSAGES.startRequired],
      due_date: [PROJECT_MESSAGES.endRequired],
    });
    expect(await projectCount()).toBe(before);
  });

  it('says "required" for missing selects and texts', async () => {
    const {
      company_id: _c,
      ptype_id: _t,
      project_name: _n,
      closest_city: _x,
      ...rest
    } = projectPayload(companyId);
    expect(issuesOf(await create(rest))).toMatchObject({
      company_id: [PROJECT_MESSAGES.customerRequired],
      ptype_id: [PROJECT_MESSAGES.typeRequired],
      project_name: [PROJECT_MESSAGES.nameRequired],
      closest_city: [PROJECT_MESSAGES.cityRequired],
    });
  });

  it('applies the length limits with the spec messages', async () => {
    const short = await create(projectPayload(companyId, { project_name: 'a', closest_city: 'b' }));
    expect(issuesOf(short)).toEqual({
      project_name: ['Minimum character is 2.'],
      closest_city: ['Minimum character is 2.'],
    });
    const long = await create(
      projectPayload(companyId, { project_name: 'n'.repeat(51), closest_city: 'c'.repeat(51) }),
    );
    expect(issuesOf(long)).toEqual({
      project_name: ['Maximum character is 50.'],
      closest_city: ['maximum character is 50.'],
    });
    expect((await create(projectPayload(companyId, { project_name: 'n'.repeat(50) }))).statusCode).toBe(200);
  });

  it('refuses the blocked characters in Job Name and Closest City', async () => {
    const before = await projectCount();
    for (const ch of ['-', '!', '_', '.', '`', '/', '%']) {
      const res = await create(
        projectPayload(companyId, { project_name: `Bad${ch}Name`, closest_city: `City${ch}` }),
      );
      const issues = issuesOf(res);
      expect(issues.project_name?.[0], ch).toMatch(/^These characters are not allowed: /);
      expect(issues.closest_city?.[0], ch).toMatch(/^These characters are not allowed: /);
    }
    expect(await projectCount()).toBe(before);
  });

  it('refuses start and end dates before today on create', async () => {
    const past = addDays(utcToday(), -3);
    const res = await create(projectPayload(companyId, { start_date: past, due_date: past }));
    // No files: judged in the default zone, which the message names with its today.
    const today = projectToday(DEFAULT_PROJECT_TIME_ZONE, new Date());
    expect(issuesOf(res)).toEqual({
      start_date: [withCalendar(PROJECT_MESSAGES.startBeforeToday, today, DEFAULT_PROJECT_TIME_ZONE)],
      due_date: [withCalendar(PROJECT_MESSAGES.endBeforeToday, today, DEFAULT_PROJECT_TIME_ZONE)],
    });
    const endBeforeStart = await create(
      projectPayload(companyId, { start_date: addDays(utcToday(), 5), due_date: addDays(utcToday(), 2) }),
    );
    expect(issuesOf(endBeforeStart)).toEqual({ due_date: [PROJECT_MESSAGES.endBeforeStart] });
  });

  it('refuses No Limit photos on tier 1, and photo limits outside 1..8', async () => {
    const tier1 = await create(projectPayload(companyId, { ptier_id: 1, photo_limit: -1 }));
    expect(issuesOf(tier1)).toEqual({ photo_limit: [PROJECT_MESSAGES.noLimitForTier] });
    expect((await create(projectPayload(companyId, { ptier_id: 1, photo_limit: 8 }))).statusCode).toBe(200);
    expect(issuesOf(await create(projectPayload(companyId, { photo_limit: 9 })))).toEqual({
      photo_limit: [PROJECT_MESSAGES.photoLimit],
    });
  });

  it('refuses a customer that is not an active customer company, and unknown types and tiers', async () => {
    const db = ctx.database.db;
    const gone = await createCompany(db, 'Projects Gone Utility');
    await db.update(companies).set({ deletedDate: new Date() }).where(eq(companies.id, gone));
    for (const company of [1, gone, 999_999]) {
      expect(issuesOf(await create(projectPayload(company)))).toEqual({
        company_id: [PROJECT_MESSAGES.customerSelect],
      });
    }
    expect(issuesOf(await create(projectPayload(companyId, { ptype_id: 99, ptier_id: 99 })))).toEqual({
      ptype_id: [PROJECT_MESSAGES.typeSelect],
      ptier_id: [PROJECT_MESSAGES.tierRequired],
    });
  });

  it('refuses a project name already used, compared case-insensitively, with 409', async () => {
    expect((await create(projectPayload(companyId, { project_name: 'Unique Line Job' }))).statusCode).toBe(
      200,
    );
    const before = await projectCount();
    const res = await create(projectPayload(otherCompanyId, { project_name: '  unique LINE job ' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      requestId: expect.any(String),
      code: 'project_name_taken',
      message: 'A project named "unique LINE job" already exists. Choose another name.',
    });
    expect(await projectCount()).toBe(before);
  });

  it('lets exactly one of two simultaneous creates with the same name through', async () => {
    const [a, b] = await Promise.all([
      create(projectPayload(companyId, { project_name: 'Race Job' })),
      create(projectPayload(otherCompanyId, { project_name: 'RACE JOB' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().code).toBe('project_name_taken');
  });

  it('is refused to roles that may not create', async () => {
    for (const headers of [inspector, ownCustomer]) {
      expect((await create(projectPayload(companyId), headers)).statusCode).toBe(403);
    }
  });
});

describe('PUT /api/v1/projects/upsert', () => {
  it('updates every field, with past dates allowed in edit mode, and audits it', async () => {
    const id = (await create(projectPayload(companyId))).json().id;
    const past = addDays(utcToday(), -30);
    const res = await update(
      projectPayload(otherCompanyId, {
        id,
        project_name: 'Renamed Job',
        start_date: past,
        due_date: addDays(past, 10),
        ptype_id: 2,
        closest_city: 'Wichita',
        photo_limit: 3,
        num_pilots: 4,
        inspection_type: '1',
        structure_assignment_type: 'ratio',
        pilot_struct_day: 25,
      }),
    );
    expect(res.statusCode).toBe(200);
    const one = (await ctx.app.inject({ url: `/api/v1/projects/${id}`, headers: admin })).json();
    expect(one).toMatchObject({
      company_id: otherCompanyId,
      project_name: 'Renamed Job',
      start_date: past,
      ptype_name: 'Transmission',
      closest_city: 'Wichita',
      photo_limit: 3,
      num_pilots: 4,
      inspection_type: '1',
      structure_assignment_type: 'ratio',
      pilot_struct_day: 25,
    });
    const audits = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'project'), eq(auditLog.objectId, String(id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['project.create', 'project.update']);
  });

  it('keeps its own name (any case) but refuses another project’s', async () => {
    const a = (await create(projectPayload(companyId, { project_name: 'Keep Name A' }))).json().id;
    await create(projectPayload(companyId, { project_name: 'Keep Name B' }));
    expect((await update(projectPayload(companyId, { id: a, project_name: 'KEEP NAME A' }))).statusCode).toBe(
      200,
    );
    const taken = await update(projectPayload(companyId, { id: a, project_name: 'keep name b' }));
    expect(taken.statusCode).toBe(409);
  });

  it('still validates fields, and answers 404 for a missing project', async () => {
    const id = (await create(projectPayload(companyId))).json().id;
    expect(issuesOf(await update(projectPayload(companyId, { id, project_name: 'x' })))).toEqual({
      project_name: ['Minimum character is 2.'],
    });
    const missing = await update(projectPayload(companyId, { id: 999_999 }));
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to change the customer or inspection type once the project has lines', async () => {
    const db = ctx.database.db;
    const id = (await create(projectPayload(companyId))).json().id;
    const line = await createLine(db, companyId, id);
    await createStructures(db, id, line, 2);
    expect(issuesOf(await update(projectPayload(otherCompanyId, { id, inspection_type: '1' })))).toEqual({
      company_id: ['The customer cannot be changed once the project has lines.'],
      inspection_type: ['The inspection type cannot be changed once the project has lines.'],
    });
  });
});

describe('GET /api/v1/projects/:id', () => {
  it("answers 404 for another company's project and a customer's own one", async () => {
    const id = await createProject(ctx.database.db, companyId);
    expect((await ctx.app.inject({ url: `/api/v1/projects/${id}`, headers: ownCustomer })).statusCode).toBe(
      200,
    );
    const other = await ctx.app.inject({ url: `/api/v1/projects/${id}`, headers: otherCustomer });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      requestId: expect.any(String),
      code: 'not_found',
      message: 'Project not found',
    });
    expect((await ctx.app.inject({ url: '/api/v1/projects/999999', headers: pm })).statusCode).toBe(404);
  });
});

describe('archive and unarchive', () => {
  it('sets and clears archived_date, idempotently, keeping the first archive date', async () => {
    const id = await createProject(ctx.database.db, companyId);
    const archive = () =>
      ctx.app.inject({ method: 'PUT', url: `/api/v1/projects/archive/${id}`, headers: pm });
    const unarchive = () =>
      ctx.app.inject({ method: 'PUT', url: `/api/v1/projects/unarchive/${id}`, headers: pm });
    const archivedDate = async () =>
      (await ctx.app.inject({ url: `/api/v1/projects/${id}`, headers: pm })).json().archived_date;

    expect((await archive()).json()).toEqual({ ok: true, success: true });
    const first = await archivedDate();
    expect(first).toEqual(expect.any(String));
    expect((await archive()).statusCode).toBe(200);
    expect(await archivedDate()).toBe(first);
    expect((await unarchive()).statusCode).toBe(200);
    expect(await archivedDate()).toBeNull();
    expect((await unarchive()).statusCode).toBe(200);
    const audits = await ctx.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'project'), eq(auditLog.objectId, String(id))))
      .orderBy(auditLog.id);
    expect(audits).toEqual([
      { action: 'project.archive', details: { changed: true } },
      { action: 'project.archive', details: { changed: false } },
      { action: 'project.unarchive', details: { changed: true } },
      { action: 'project.unarchive', details: { changed: false } },
    ]);
  });

  it('answers 404 for a missing project and 403 to roles that may not create', async () => {
    const id = await createProject(ctx.database.db, companyId);
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/v1/projects/archive/999999', headers: pm });
    expect(res.statusCode).toBe(404);
    for (const headers of [inspector, ownCustomer]) {
      const r = await ctx.app.inject({ method: 'PUT', url: `/api/v1/projects/archive/${id}`, headers });
      expect(r.statusCode).toBe(403);
    }
    const [row] = await sqlRows<{ archived_date: unknown }>(
      ctx.database.db,
      sql`select archived_date from projects where id = ${id}`,
    );
    expect(row?.archived_date).toBeNull();
  });
});

describe('project types and tiers', () => {
  it('lists the project types and tiers to anyone logged in', async () => {
    const types = await ctx.app.inject({ url: '/api/v1/projects/upsert/projectTypes', headers: ownCustomer });
    expect(types.statusCode).toBe(200);
    expect(types.json()).toEqual([
      { ptype_id: 1, ptype_name: 'Distribution' },
      { ptype_id: 2, ptype_name: 'Transmission' },
      { ptype_id: 3, ptype_name: 'ETT' },
      { ptype_id: 4, ptype_name: 'ABB' },
      { ptype_id: 5, ptype_name: 'Substation' },
    ]);
    const tiers = await ctx.app.inject({ url: '/api/v1/projects/tiers', headers: pm });
    expect(tiers.json()).toEqual([
      { ptier_id: 1, name: 'Tier 1' },
      { ptier_id: 2, name: 'Tier 2' },
      { ptier_id: 3, name: 'Tier 3' },
    ]);
    expect((await ctx.app.inject({ url: '/api/v1/projects/tiers' })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every route of the area with tags and a summary, and the computed fields', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    const routes: Array<[string, string]> = [
      ['/api/v1/projects', 'get'],
      ['/api/v1/projects', 'post'],
      ['/api/v1/projects/{id}', 'get'],
      ['/api/v1/projects/upsert', 'put'],
      ['/api/v1/projects/archive/{id}', 'put'],
      ['/api/v1/projects/unarchive/{id}', 'put'],
      ['/api/v1/projects/upsert/projectTypes', 'get'],
      ['/api/v1/projects/tiers', 'get'],
      ['/api/v1/customers', 'get'],
      ['/api/v1/doc_upload/sign-s3', 'get'],
      ['/api/v1/kmz/getFields', 'post'],
      ['/api/v1/structures/counts/{id}', 'get'],
      ['/api/v1/structures/lines', 'get'],
      ['/api/v1/structures/linesByCompany', 'get'],
    ];
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op?.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(op?.summary, `${method} ${path}`).toEqual(expect.any(String));
    }
    const list = doc.paths['/api/v1/projects'].get;
    for (const text of Object.values(PROJECT_FIELD_DEFINITIONS)) expect(list.description).toContain(text);
  });
});
