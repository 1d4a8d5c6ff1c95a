import type { AssetHistory, DashboardStructuresPage } from '@linewalker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectLines, sensorDevices } from '../../platform/db/schema/index.ts';
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

let ctx: TestContext;
let company: number;
let otherCompany: number;
let customer: string;
let otherCustomer: string;
let staff: string;
let lineId: number;
let patrol: { structureIds: number[]; inspectionIds: number[] };
let rebuild: { structureIds: number[]; inspectionIds: number[] };
let patrolId: number;
let rebuildId: number;

const get = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  company = await createCompany(db, 'Health Own Utility');
  otherCompany = await createCompany(db, 'Health Other Utility');
  customer = await loginToken(ctx.app, await createUser(db, 'customer', { companyId: company }));
  otherCustomer = await loginToken(ctx.app, await createUser(db, 'customer', { companyId: otherCompany }));
  staff = await loginToken(ctx.app, await createUser(db, 'user'));

  // Two Transmission projects of one line (a 2025 patrol, a 2026 rebuild) and a Distribution one.
  patrolId = await createProject(db, company, { ptypeId: 2, projectName: 'Health Patrol 2025' });
  rebuildId = await createProject(db, company, { ptypeId: 2, projectName: 'Health Rebuild 2026' });
  lineId = await createLine(db, company, patrolId, 'Health 345');
  await db.insert(projectLines).values({ projectId: rebuildId, lineId });
  patrol = await createStructures(db, patrolId, lineId, 60, { prefix: 'H-' });
  rebuild = await createStructures(db, rebuildId, lineId, 2, { prefix: 'H-' });
  const distribution = await createProject(db, company, { ptypeId: 1 });
  const distLine = await createLine(db, company, distribution, 'Feeder 9');
  await createStructures(db, distribution, distLine, 3, { prefix: 'F-' });
  // The other company: one Transmission asset, urgent.
  const otherProject = await createProject(db, otherCompany, { ptypeId: 2 });
  const otherLine = await createLine(db, otherCompany, otherProject, 'Other 115');
  const other = await createStructures(db, otherProject, otherLine, 1, { prefix: 'O-' });
  const otherPhoto = await createPlacedImage(db, otherProject, other.structureIds[0]!);
  await createAnnotation(db, otherPhoto, 4);
  await reviewInspections(db, other.inspectionIds);

  // H-1: patrol found it minor (2025), the rebuild found it major (2026). H-2: satisfactory. H-3: photos, not
  // reviewed (Not Inspected). The rest: nothing yet (Not Acquired).
  const p1 = await createPlacedImage(db, patrolId, patrol.structureIds[0]!, { name: 'P1.JPG' });
  await createAnnotation(db, p1, 2);
  await reviewInspections(db, [patrol.inspectionIds[0]!], new Date('2025-06-01T12:00:00Z'));
  const r1 = await createPlacedImage(db, rebuildId, rebuild.structureIds[0]!, { name: 'R1.JPG' });
  await createAnnotation(db, r1, 5);
  await createAnnotation(db, r1, 3);
  await reviewInspections(db, [rebuild.inspectionIds[0]!], new Date('2026-06-01T12:00:00Z'));
  await createPlacedImage(db, patrolId, patrol.structureIds[1]!);
  await reviewInspections(db, [patrol.inspectionIds[1]!], new Date('2025-06-02T12:00:00Z'));
  await createPlacedImage(db, patrolId, patrol.structureIds[2]!);
});
afterAll(() => ctx.close());

describe('Asset Health', () => {
  it('counts the summary of Transmission assets of the caller’s company', async () => {
    const res = await get(customer, '/dashboard/summary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 60,
      satisfactory: 1,
      minor: 0,
      significant: 0,
      urgent: 0,
      major: 1,
      not_inspected: 1,
      not_acquired: 57,
      pct_w_issue: 1.67,
    });
  });

  it('confines a customer to its company whatever company_id says; staff filter by company', async () => {
    const own = await get(customer, `/dashboard/structures?company_id=${otherCompany}&limit=50000`);
    const body = own.json<DashboardStructuresPage>();
    expect(body.total).toBe(60);
    expect(body.structures.every((s) => s.company_id === company)).toBe(true);
    const other = await get(otherCustomer, `/dashboard/summary?company_id=${company}`);
    expect(other.json()).toMatchObject({ total: 1, urgent: 1, pct_w_issue: 100 });
    const filtered = await get(staff, `/dashboard/structures?company_id=${otherCompany}`);
    expect(filtered.json<DashboardStructuresPage>().structures.map((s) => s.line_name)).toEqual([
      'Other 115',
    ]);
    const all = await get(staff, '/dashboard/summary');
    expect(all.json().total).toBeGreaterThanOrEqual(61);
    // A line of another company matches nothing for a customer.
    const leak = await get(otherCustomer, `/dashboard/structures?line_id=${lineId}`);
    expect(leak.json<DashboardStructuresPage>()).toMatchObject({ structures: [], total: 0 });
  });

  it('pages 50 at a time in a stable order, worst first by default', async () => {
    const first = (await get(customer, '/dashboard/structures')).json<DashboardStructuresPage>();
    const second = (
      await get(customer, '/dashboard/structures?offset=50&limit=50')
    ).json<DashboardStructuresPage>();
    expect(first.structures).toHaveLength(50);
    expect(second.structures).toHaveLength(10);
    expect(first.structures[0]).toMatchObject({ struct_num: 'H-1', max_risk_level: 5, issue_count: 2 });
    expect(first.structures[0]!.issues.map((i) => i.risk)).toEqual([5, 3]);
    const ids = [...first.structures, ...second.structures].map((s) => s.asset_id);
    expect(new Set(ids).size).toBe(60);
    const byName = (
      await get(customer, `/dashboard/structures?orderBy=struct_num&order=asc&line_id=${lineId}&limit=3`)
    ).json<DashboardStructuresPage>();
    expect(byName.structures.map((s) => s.struct_num)).toEqual(['H-1', 'H-10', 'H-11']);
  });

  it('filters by state', async () => {
    const major = (await get(customer, '/dashboard/structures?filter=major')).json<DashboardStructuresPage>();
    expect(major.total).toBe(1);
    expect(major.structures.map((s) => s.struct_num)).toEqual(['H-1']);
    expect(major.summary.total).toBe(60);
    const minor = (await get(customer, '/dashboard/structures?filter=minor')).json<DashboardStructuresPage>();
    expect(minor).toMatchObject({ structures: [], total: 0 });
    const sat = (
      await get(customer, '/dashboard/structures?filter=satisfactory')
    ).json<DashboardStructuresPage>();
    expect(sat.structures.map((s) => s.struct_num)).toEqual(['H-2']);
  });

  it("names each structure's first active sensor, on any of its projects' structures, with its line number", async () => {
    const db = ctx.database.db;
    // H-5 has a sensor on its patrol structure (and a retired one before it); H-6 only a retired one.
    await db.insert(sensorDevices).values([
      { deviceId: 'health-b', structureId: patrol.structureIds[4]! },
      { deviceId: 'health-a', structureId: patrol.structureIds[4]!, retiredAt: new Date() },
      { deviceId: 'health-c', structureId: patrol.structureIds[5]!, retiredAt: new Date() },
    ]);
    const all = (
      await get(customer, '/dashboard/structures?orderBy=struct_num&order=ASC&limit=50000')
    ).json<DashboardStructuresPage>();
    const byName = new Map(all.structures.map((s) => [s.struct_num, s]));
    expect(byName.get('H-5')!.device_id).toBe('health-b');
    expect(byName.get('H-6')!.device_id).toBeNull();
    expect(all.structures.filter((s) => s.device_id !== null).map((s) => s.struct_num)).toEqual(['H-5']);
    // The table's page and the one-structure answer say the same.
    const page = (
      await get(customer, '/dashboard/structures?orderBy=struct_num&order=ASC&offset=40&limit=10')
    ).json<DashboardStructuresPage>();
    expect(page.structures.find((s) => s.struct_num === 'H-5')?.device_id).toBe('health-b');
    const one = await get(customer, `/structures/health?structureId=${patrol.structureIds[4]}`);
    expect(one.json()).toMatchObject({ struct_num: 'H-5', device_id: 'health-b' });
    expect(new Set(all.structures.map((s) => s.line_num))).toEqual(new Set([byName.get('H-1')!.line_num]));
  });

  it('answers every inspection of an asset across projects, newest first', async () => {
    const page = (await get(customer, '/dashboard/structures?filter=major')).json<DashboardStructuresPage>();
    const assetId = page.structures[0]!.asset_id;
    const res = await get(customer, `/assets/${assetId}/history`);
    expect(res.statusCode).toBe(200);
    const history = res.json<AssetHistory>();
    expect(history.asset).toMatchObject({ struct_num: 'H-1', max_risk_level: 5 });
    expect(history.inspections.map((i) => [i.project_name, i.risk, i.issue_count])).toEqual([
      ['Health Rebuild 2026', 5, 2],
      ['Health Patrol 2025', 2, 1],
    ]);
    expect(history.inspections[0]!.photos.map((p) => p.image_name)).toEqual(['R1.JPG']);
    expect(history.inspections.every((i) => i.can_open)).toBe(true);
    // Staff of role 'user' have no Inspect sub-page: no viewer link.
    const asUser = (await get(staff, `/assets/${assetId}/history`)).json<AssetHistory>();
    expect(asUser.inspections.every((i) => !i.can_open)).toBe(true);
    // Another company's customer: not found, as for an asset that does not exist.
    expect((await get(otherCustomer, `/assets/${assetId}/history`)).statusCode).toBe(404);
    expect((await get(customer, '/assets/2000000000/history')).statusCode).toBe(404);
  });

  it("answers a project structure's asset health", async () => {
    const res = await get(customer, `/structures/health?structureId=${patrol.structureIds[0]}`);
    expect(res.json()).toMatchObject({ struct_num: 'H-1', max_risk_level: 5, line_name: 'Health 345' });
    const notInspected = await get(customer, `/structures/health?structureId=${patrol.structureIds[2]}`);
    expect(notInspected.json()).toMatchObject({ max_risk_level: -2, issue_count: 0 });
    expect(
      (await get(otherCustomer, `/structures/health?structureId=${patrol.structureIds[0]}`)).statusCode,
    ).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    for (const url of [
      '/dashboard/structures?limit=50001',
      '/dashboard/structures?limit=0',
      '/dashboard/structures?offset=-1',
      '/dashboard/structures?filter=broken',
      '/dashboard/structures?orderBy=password',
      '/dashboard/structures?order=sideways',
      '/dashboard/structures?company_id=abc',
      '/dashboard/structures?line_id=99999999999',
      '/dashboard/summary?unknown=1',
      '/structures/health',
      '/structures/health?structureId=-1',
      '/assets/abc/history',
      '/assets/0/history',
    ]) {
      const res = await get(customer, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBeDefined();
    }
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary' });
    expect(res.statusCode).toBe(401);
  });
});
