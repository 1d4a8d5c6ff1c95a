import type { ProjectListItem } from '@linewalker/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspections, projects } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import {
  createLine,
  createProject,
  createStructures,
  reviewInspections,
} from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

/**
 * The computed fields of GET /api/v1/projects, one project per definition, judged at an injected instant
 * so the calendar cannot change the answer: noon on 2030-06-15 in Chicago, the projects' default zone.
 */
const NOON_IN_CHICAGO = new Date('2030-06-15T17:00:00Z');
let now = NOON_IN_CHICAGO;
let ctx: TestContext;
let staff: Record<string, string>;
let ownCustomer: Record<string, string>;
let companyId: number;
let otherCompanyId: number;

async function withStructures(
  name: string,
  values: { startDate: string; dueDate: string | null; structureAssignmentType?: 'dueDate' | 'ratio' },
  total: number,
  reviewed: number,
  reviewedAt = new Date('2030-06-12T12:00:00Z'),
): Promise<number> {
  const db = ctx.database.db;
  const id = await createProject(db, companyId, { projectName: name, ...values });
  if (total > 0) {
    const line = await createLine(db, companyId, id);
    const { inspectionIds } = await createStructures(db, id, line, total);
    await reviewInspections(db, inspectionIds.slice(0, reviewed), reviewedAt);
  }
  return id;
}

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => now });
  const db = ctx.database.db;
  companyId = await createCompany(db, 'List Utility');
  otherCompanyId = await createCompany(db, 'List Other Utility');
  staff = bearer(await loginToken(ctx.app, await createUser(db, 'user')));
  ownCustomer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));

  // Schedules around 2030-06-15.
  await withStructures('on schedule', { startDate: '2030-06-10', dueDate: '2030-06-20' }, 10, 5);
  await withStructures('behind pace', { startDate: '2030-06-10', dueDate: '2030-06-20' }, 10, 1);
  await withStructures('late', { startDate: '2030-06-01', dueDate: '2030-06-14' }, 2, 0);
  await withStructures(
    'due today',
    { startDate: '2030-06-01', dueDate: '2030-06-15' },
    2,
    2,
    new Date('2030-06-15T09:00:00Z'),
  );
  await withStructures('next week', { startDate: '2030-06-18', dueDate: '2030-06-30' }, 0, 0);
  await withStructures('in eight days', { startDate: '2030-06-23', dueDate: '2030-06-30' }, 0, 0);
  await withStructures('early', { startDate: '2030-06-01', dueDate: '2030-06-20' }, 3, 3);
  await withStructures('finished on due date', { startDate: '2030-06-01', dueDate: '2030-06-12' }, 3, 3);
  await withStructures('no structures', { startDate: '2030-06-01', dueDate: '2030-06-30' }, 0, 0);
  await withStructures(
    'ratio',
    { startDate: '2030-06-01', dueDate: null, structureAssignmentType: 'ratio' },
    4,
    0,
  );
  const archived = await withStructures(
    'archived late',
    { startDate: '2030-06-01', dueDate: '2030-06-10' },
    2,
    0,
  );
  await db
    .update(projects)
    .set({ archivedDate: new Date('2030-06-11T08:00:00Z') })
    .where(eq(projects.id, archived));

  // Component project: a structure is inspected once all its component inspections are reviewed.
  const component = await createProject(db, companyId, {
    projectName: 'components',
    inspectionType: '1',
    startDate: '2030-06-10',
    dueDate: '2030-06-20',
  });
  const line = await createLine(db, companyId, component);
  const { structureIds } = await createStructures(db, component, line, 2, { withInspections: false });
  const rows = await db
    .insert(inspections)
    .values(
      structureIds.flatMap((structureId) =>
        [1, 2].map((componentId) => ({ projectId: component, structureId, componentId })),
      ),
    )
    .returning({ id: inspections.id });
  await reviewInspections(db, [rows[0]!.id, rows[1]!.id, rows[2]!.id], new Date('2030-06-12T12:00:00Z'));

  await createProject(db, otherCompanyId, { projectName: 'another company' });
});
afterAll(() => ctx.close());

async function list(headers = staff, query = ''): Promise<Map<string, ProjectListItem>> {
  const res = await ctx.app.inject({ url: `/api/v1/projects${query}`, headers });
  expect(res.statusCode).toBe(200);
  return new Map((res.json() as ProjectListItem[]).map((p) => [p.project_name, p]));
}

const flags = (p: ProjectListItem | undefined) => ({
  state: p?.state,
  progress: p?.progress,
  active: p?.active,
  starting_next_week: p?.starting_next_week,
  late: p?.late,
  early: p?.early,
  on_schedule: p?.on_schedule,
});

describe('GET /api/v1/projects computed fields', () => {
  it('progress is inspected ÷ structures; on schedule when it keeps pace with the elapsed schedule', async () => {
    const all = await list();
    expect(all.get('on schedule')).toMatchObject({ structures: 10, inspected: 5 });
    expect(flags(all.get('on schedule'))).toEqual({
      state: 'In Progress',
      progress: 50,
      active: true,
      starting_next_week: false,
      late: false,
      early: false,
      on_schedule: true,
    });
    expect(flags(all.get('behind pace'))).toMatchObject({
      progress: 10,
      active: true,
      on_schedule: false,
      late: false,
    });
  });

  it('late: past due and not complete; due today is not late; complete is never late', async () => {
    const all = await list();
    expect(flags(all.get('late'))).toEqual({
      state: 'Late',
      progress: 0,
      active: true,
      starting_next_week: false,
      late: true,
      early: false,
      on_schedule: false,
    });
    expect(flags(all.get('due today'))).toMatchObject({
      state: 'Complete',
      late: false,
      early: false,
      active: false,
    });
  });

  it('starting next week: start after today and no later than today + 7', async () => {
    const all = await list();
    expect(flags(all.get('next week'))).toMatchObject({
      starting_next_week: true,
      active: false,
      state: 'In Progress',
    });
    expect(flags(all.get('in eight days'))).toMatchObject({ starting_next_week: false, active: false });
  });

  it('early: complete before the due date (by the last review); on the due date is on time', async () => {
    const all = await list();
    expect(flags(all.get('early'))).toEqual({
      state: 'Complete',
      progress: 100,
      active: false,
      starting_next_week: false,
      late: false,
      early: true,
      on_schedule: false,
    });
    expect(flags(all.get('finished on due date'))).toMatchObject({
      state: 'Complete',
      early: false,
      late: false,
    });
  });

  it('a project without structures is in progress at 0%; a ratio project is never late and keeps schedule', async () => {
    const all = await list();
    expect(all.get('no structures')).toMatchObject({
      structures: 0,
      progress: 0,
      state: 'In Progress',
      active: true,
    });
    expect(flags(all.get('ratio'))).toMatchObject({
      state: 'In Progress',
      late: false,
      active: true,
      on_schedule: true,
    });
  });

  it('archived projects are listed with archived_date, keep their state, and raise no flag', async () => {
    const p = (await list()).get('archived late');
    expect(p?.archived_date).toBe('2030-06-11T08:00:00.000Z');
    expect(flags(p)).toEqual({
      state: 'Late',
      progress: 0,
      active: false,
      starting_next_week: false,
      late: false,
      early: false,
      on_schedule: false,
    });
  });

  it('on component projects a structure counts once all its component inspections are reviewed', async () => {
    expect((await list()).get('components')).toMatchObject({ structures: 2, inspected: 1, progress: 50 });
  });

  it('sorts by project name case-insensitively and confines customers to their company', async () => {
    const names = [...(await list()).keys()];
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toContain('another company');
    const own = await list(ownCustomer);
    expect(own.has('another company')).toBe(false);
    expect([...own.values()].every((p) => p.company_id === companyId)).toBe(true);
    expect(own.size).toBe(names.length - 1);
  });

  it("judges each project by its own zone's today, and ignores a client's today parameter", async () => {
    const db = ctx.database.db;
    const dueToday = { startDate: '2030-06-01', dueDate: '2030-06-15' };
    const west = await createProject(db, companyId, {
      projectName: 'zone west',
      timeZone: 'America/Los_Angeles',
      ...dueToday,
    });
    const east = await createProject(db, companyId, {
      projectName: 'zone east',
      timeZone: 'Asia/Tokyo',
      ...dueToday,
    });
    for (const id of [west, east]) await createStructures(db, id, await createLine(db, companyId, id), 1);
    const lateAt = async (instant: string, query = '') => {
      now = new Date(instant);
      const all = await list(staff, query);
      return { west: all.get('zone west')?.late, east: all.get('zone east')?.late };
    };
    try {
      // 23:30 and 00:30 in Tokyo (UTC+9): due today is not late yet; the next day it is.
      expect(await lateAt('2030-06-15T14:30:00Z')).toEqual({ west: false, east: false });
      expect(await lateAt('2030-06-15T15:30:00Z')).toEqual({ west: false, east: true });
      // 23:30 and 00:30 in Los Angeles (UTC−7 in June).
      expect(await lateAt('2030-06-16T06:30:00Z')).toEqual({ west: false, east: true });
      expect(await lateAt('2030-06-16T07:30:00Z')).toEqual({ west: true, east: true });
      // The server is the authority: a client's today changes nothing (a malformed one is still refused).
      expect(await lateAt('2030-06-16T06:30:00Z', '?today=2030-01-01')).toEqual({ west: false, east: true });
      const bad = await ctx.app.inject({ url: '/api/v1/projects?today=2030-13-01', headers: staff });
      expect(bad.statusCode).toBe(400);
      const detail = await ctx.app.inject({ url: `/api/v1/projects/${east}`, headers: staff });
      expect(detail.json()).toMatchObject({ time_zone: 'Asia/Tokyo', late: true });
    } finally {
      now = NOON_IN_CHICAGO;
    }
  });
});

describe('GET /api/v1/projects at 2,000 projects', () => {
  it('answers every project with the right counts from one aggregate query', async () => {
    const app = await createTestApp();
    try {
      const db = app.database.db;
      const company = await createCompany(db, 'Bulk Utility');
      const token = bearer(await loginToken(app.app, await createUser(db, 'project_manager')));
      // 2,000 projects; project n has n % 7 structures, of which n % 3 (at most) are reviewed.
      await db.execute(sql`
        insert into projects (company_id, project_name, start_date, due_date, ptype_id, ptier_id)
        select ${company}::int, 'Bulk ' || g, date '2030-06-01', date '2030-06-30', 1, 2
        from generate_series(1, 2000) g`);
      await db.execute(sql`
        insert into lines (company_id, line_name) values (${company}::int, 'Bulk Line')`);
      await db.execute(sql`
        insert into structures (project_id, line_id, struct_num, location)
        select p.id, (select id from lines where company_id = ${company}::int), 'S' || k, point(-97.6, 38.8)
        from projects p
        cross join lateral generate_series(1, (substring(p.project_name from 6))::int % 7) k
        where p.company_id = ${company}::int`);
      await db.execute(sql`
        insert into inspections (project_id, structure_id, date_reviewed, review_status)
        select s.project_id, s.id,
          case when substring(s.struct_num from 2)::int <= (substring(p.project_name from 6))::int % 3
            then timestamptz '2030-06-10 12:00:00+00' end,
          case when substring(s.struct_num from 2)::int <= (substring(p.project_name from 6))::int % 3
            then 'Complete' end
        from structures s join projects p on p.id = s.project_id where p.company_id = ${company}::int`);

      const res = await app.app.inject({ url: '/api/v1/projects', headers: token });
      expect(res.statusCode).toBe(200);
      const bulk = (res.json() as ProjectListItem[]).filter((p) => p.company_id === company);
      expect(bulk).toHaveLength(2000);
      for (const p of bulk) {
        const n = Number(p.project_name.slice(5));
        const total = n % 7;
        const inspected = Math.min(n % 3, total);
        expect(p.structures, p.project_name).toBe(total);
        expect(p.inspected, p.project_name).toBe(inspected);
        expect(p.state, p.project_name).toBe(total > 0 && inspected === total ? 'Complete' : 'In Progress');
      }
      expect(bulk.reduce((s, p) => s + p.structures, 0)).toBe(6000);
    } finally {
      await app.close();
    }
  });
});
