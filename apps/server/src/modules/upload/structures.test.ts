import { projectDayRange } from '@linewalker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import {
  createImage,
  createLine,
  createProject,
  createStructures,
  reviewInspections,
} from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let staff: Record<string, string>;
let ownCustomer: Record<string, string>;
let otherCustomer: Record<string, string>;
let companyId: number;
let projectId: number;
let emptyProjectId: number;
const lineIds: number[] = [];

/** The injected clock: 23:30 on 2026-11-23 in Chicago (the default project zone), 14:30 on the 24th in Tokyo. */
const NOW = new Date('2026-11-24T05:30:00Z');

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => NOW });
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Counts Utility');
  const otherCompanyId = await createCompany(db, 'Counts Other Utility');
  staff = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  ownCustomer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  otherCustomer = bearer(
    await loginToken(ctx.app, await createUser(db, 'customer', { companyId: otherCompanyId })),
  );

  projectId = await createProject(db, companyId);
  emptyProjectId = await createProject(db, companyId);
  lineIds.push(await createLine(db, companyId, projectId, 'beta line'));
  lineIds.push(await createLine(db, companyId, projectId, 'Alpha Line'));
  // A line of the company the project does not use.
  lineIds.push(await createLine(db, companyId, null, 'Gamma Line'));

  // 6 KMZ structures, 2 manual, 1 nadir.
  const kmz = await createStructures(db, projectId, lineIds[0]!, 6);
  await createStructures(db, projectId, lineIds[1]!, 2, { sourceTypeId: 1 });
  await createStructures(db, projectId, lineIds[1]!, 1, { sourceTypeId: 3 });

  const yesterday = projectDayRange('America/Chicago', NOW, -1);
  const midYesterday = new Date((yesterday.from.getTime() + yesterday.to.getTime()) / 2);
  const twoDaysAgo = projectDayRange('America/Chicago', NOW, -2).from;
  const [s1, s2, s3] = kmz.structureIds;
  // s1: first image yesterday (two images); s2: first image two days ago, another yesterday; s3: today.
  await createImage(db, projectId, s1!, midYesterday);
  await createImage(db, projectId, s1!, NOW);
  await createImage(db, projectId, s2!, twoDaysAgo);
  await createImage(db, projectId, s2!, midYesterday);
  await createImage(db, projectId, s3!, NOW);
  await createImage(db, projectId, null, NOW);
  await createImage(db, projectId, null, midYesterday);

  await reviewInspections(db, kmz.inspectionIds.slice(0, 2), midYesterday);
  await reviewInspections(db, kmz.inspectionIds.slice(2, 3), NOW);
  await reviewInspections(db, kmz.inspectionIds.slice(3, 4), twoDaysAgo);
});
afterAll(() => ctx.close());

describe('GET /api/v1/structures/counts/:id', () => {
  it("counts structures by source, acquisition, inspections and images, with yesterday in the project's calendar", async () => {
    const res = await ctx.app.inject({ url: `/api/v1/structures/counts/${projectId}`, headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_struct_count: 9,
      kmz_struct_count: 6,
      nadir_struct_count: 1,
      manual_struct_count: 2,
      acquired_structures: 3,
      acquired_structures_yesterday: 1,
      inspected_count: 4,
      inspected_count_yesterday: 2,
      img_count: 7,
      unassigned_img_count: 2,
    });
  });

  it("reads yesterday in each project's own zone, across midnight west and east of UTC", async () => {
    const db = ctx.database.db;
    // 23:45 on 2026-11-23 in Tokyo (yesterday there at NOW), 08:45 the same day in Chicago (today there).
    const reviewed = new Date('2026-11-23T14:45:00Z');
    const zoneCompany = await createCompany(db, 'Zones Utility');
    const counts = async (timeZone: string) => {
      const id = await createProject(db, zoneCompany, { timeZone });
      const line = await createLine(db, zoneCompany, id, `Zone line ${timeZone}`);
      const { inspectionIds } = await createStructures(db, id, line, 1);
      await reviewInspections(db, inspectionIds, reviewed);
      const res = await ctx.app.inject({ url: `/api/v1/structures/counts/${id}`, headers: staff });
      return res.json().inspected_count_yesterday;
    };
    expect(await counts('Asia/Tokyo')).toBe(1);
    expect(await counts('America/Chicago')).toBe(0);
  });

  it('answers zeros for a project without structures', async () => {
    const res = await ctx.app.inject({ url: `/api/v1/structures/counts/${emptyProjectId}`, headers: staff });
    expect(res.statusCode).toBe(200);
    expect(Object.values(res.json())).toEqual(Array(10).fill(0));
  });

  it("lets a customer read their own company's project and answers 404 for another company's or a missing one", async () => {
    const own = await ctx.app.inject({ url: `/api/v1/structures/counts/${projectId}`, headers: ownCustomer });
    expect(own.statusCode).toBe(200);
    const other = await ctx.app.inject({
      url: `/api/v1/structures/counts/${projectId}`,
      headers: otherCustomer,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      requestId: expect.any(String),
      code: 'not_found',
      message: 'Project not found',
    });
    const missing = await ctx.app.inject({ url: '/api/v1/structures/counts/999999', headers: staff });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a non-numeric id and anonymous callers', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/structures/counts/abc', headers: staff })).statusCode).toBe(
      400,
    );
    expect((await ctx.app.inject({ url: `/api/v1/structures/counts/${projectId}` })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/structures/lines', () => {
  it("lists the project's lines by name, case-insensitively", async () => {
    const res = await ctx.app.inject({
      url: `/api/v1/structures/lines?projectId=${projectId}`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: lineIds[1], line_name: 'Alpha Line', line_num: null },
      { id: lineIds[0], line_name: 'beta line', line_num: null },
    ]);
  });

  it('answers an empty list for a project without lines', async () => {
    const res = await ctx.app.inject({
      url: `/api/v1/structures/lines?projectId=${emptyProjectId}`,
      headers: ownCustomer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("answers 404 for another company's project and 400 without projectId", async () => {
    const other = await ctx.app.inject({
      url: `/api/v1/structures/lines?projectId=${projectId}`,
      headers: otherCustomer,
    });
    expect(other.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/v1/structures/lines', headers: staff })).statusCode).toBe(400);
  });
});

describe('GET /api/v1/structures/linesByCompany', () => {
  it('lists every line of the company, used by a project or not, for staff only', async () => {
    const res = await ctx.app.inject({
      url: `/api/v1/structures/linesByCompany?companyId=${companyId}`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((l: { line_name: string }) => l.line_name)).toEqual([
      'Alpha Line',
      'beta line',
      'Gamma Line',
    ]);
    const customer = await ctx.app.inject({
      url: `/api/v1/structures/linesByCompany?companyId=${companyId}`,
      headers: ownCustomer,
    });
    expect(customer.statusCode).toBe(403);
  });

  it('answers 404 for a company that does not exist', async () => {
    const res = await ctx.app.inject({
      url: '/api/v1/structures/linesByCompany?companyId=999999',
      headers: staff,
    });
    expect(res.statusCode).toBe(404);
  });
});
