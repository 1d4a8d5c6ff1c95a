import type { InspectionRow } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { bearer, createCompany, createUser, loginToken, type TestUser } from '../../testing/factories.ts';
import { createImage, createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

/** The Inspect tab's windowed list, its filtered counts and the export rows (issue 9). */
let ctx: TestContext;
let db: Db;
const tokens: Record<string, string> = {};
const people: Record<string, TestUser> = {};
let companyId: number;
let fx: Awaited<ReturnType<typeof bigProject>>;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  companyId = await createCompany(db, 'Window Utility');
  const otherCompanyId = await createCompany(db, 'Window Other Utility');
  people.inspector = await createUser(db, 'inspector');
  people.customer_own = await createUser(db, 'customer', { companyId });
  people.customer_other = await createUser(db, 'customer', { companyId: otherCompanyId });
  for (const [who, user] of Object.entries(people)) tokens[who] = await loginToken(ctx.app, user);
  fx = await bigProject();
});
afterAll(() => ctx.close());

const get = (url: string, who = 'inspector') => ctx.app.inject({ url, headers: bearer(tokens[who]!) });
const list = async (query: string, who = 'inspector') => {
  const res = await get(`/api/v1/inspections/${fx.projectId}?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InspectionRow[]>();
};
const counts = async (query: string) => {
  const res = await get(`/api/v1/inspections/counts/${fx.projectId}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json()[0];
};
const names = (rows: InspectionRow[]) => rows.map((r) => r.structure);

/**
 * Line "Feeder 10" with T-1 … T-12 and line "Feeder 2" with X-1 … X-3 (15 inspections). T-2 has two photos,
 * one rejected; T-3 and X-1 one photo each. T-3 completed with risk 4 and a note, X-2 completed without
 * photos and risk 0, T-5 asks for a reshoot.
 */
async function bigProject() {
  const projectId = await createProject(db, companyId);
  const feeder10 = await createLine(db, companyId, projectId, 'Feeder 10');
  const feeder2 = await createLine(db, companyId, projectId, 'Feeder 2');
  const t = await createStructures(db, projectId, feeder10, 12, { prefix: 'T-' });
  const x = await createStructures(db, projectId, feeder2, 3, { prefix: 'X-' });
  await createImage(db, projectId, t.structureIds[1]!);
  const rejected = await createImage(db, projectId, t.structureIds[1]!);
  await db.execute(sql`update images set reject_datetime = now() where id = ${rejected}`);
  await createImage(db, projectId, t.structureIds[2]!);
  await createImage(db, projectId, x.structureIds[0]!);
  await db.execute(sql`
    update inspections set review_status = 'Complete', date_reviewed = '2026-03-04T15:30:00Z',
      reviewed_by = ${people.inspector!.id}, max_risk_level = 4, comments = 'Split 100% crossarm'
    where id = ${t.inspectionIds[2]!}`);
  await db.execute(sql`
    update inspections set review_status = 'Complete', date_reviewed = '2026-03-05T15:30:00Z',
      max_risk_level = 0, completed_without_photos = true
    where id = ${x.inspectionIds[1]!}`);
  await db.execute(
    sql`update inspections set review_status = 'Reshoot Requested' where id = ${t.inspectionIds[4]!}`,
  );
  return { projectId, feeder10, feeder2, t, x };
}

describe('GET /inspections/:id windows', () => {
  it('answers the default order in pages: line name, then structure creation order', async () => {
    const whole = await list('');
    expect(whole).toHaveLength(15);
    expect(names(whole).slice(0, 4)).toEqual(['T-1', 'T-2', 'T-3', 'T-4']);
    const pages = [
      ...(await list('offset=0&limit=6')),
      ...(await list('offset=6&limit=6')),
      ...(await list('offset=12&limit=6')),
    ];
    expect(names(pages)).toEqual(names(whole));
    expect(await list('offset=15&limit=6')).toEqual([]);
    // A page row is the same row the whole list answers.
    expect(pages[2]).toEqual(whole[2]);
    expect(pages[2]).toMatchObject({ count: 1, reject_count: 0, risk: 4, reviewed_by: 'Test inspector' });
    expect(pages[1]).toMatchObject({ count: 2, reject_count: 1, uploaded_image_count: 1 });
  });

  it('sorts in SQL with numbers inside text as numbers and empty values last, both ways', async () => {
    expect(names(await list('sort=structure&limit=5'))).toEqual(['T-1', 'T-2', 'T-3', 'T-4', 'T-5']);
    expect(names(await list('sort=structure&direction=desc&limit=4'))).toEqual(['X-3', 'X-2', 'X-1', 'T-12']);
    // Line names: 'Feeder 2' before 'Feeder 10'.
    expect(names(await list('sort=lineName&limit=1'))).toEqual(['X-1']);
    const byRisk = names(await list('sort=risk&direction=desc&limit=4'));
    expect(byRisk.slice(0, 3)).toEqual(['T-3', 'X-2', 'T-2']);
    const byNotes = await list('sort=notes&direction=desc&limit=2');
    expect(byNotes.map((r) => r.notes)).toEqual(['Split 100% crossarm', null]);
    expect(names(await list('sort=count&direction=desc&limit=3'))).toEqual(['T-2', 'T-3', 'X-1']);
    expect(names(await list('sort=dateReviewed&limit=2'))).toEqual(['T-3', 'X-2']);
  });

  it('filters by status, lines, structure text and every search word, paging the result', async () => {
    expect(names(await list('status=complete'))).toEqual(['T-3', 'X-2']);
    expect(names(await list('status=rejected'))).toEqual(['T-2']);
    expect(await list('status=pending')).toHaveLength(13);
    expect(names(await list(`lineIds=${fx.feeder2}`))).toEqual(['X-1', 'X-2', 'X-3']);
    expect(names(await list('structure=t-1'))).toEqual(['T-1', 'T-10', 'T-11', 'T-12']);
    expect(names(await list('structure=t-1&offset=1&limit=2'))).toEqual(['T-10', 'T-11']);
    expect(names(await list('q=feeder 2'))).toEqual(['X-1', 'X-2', 'X-3']);
    // Search looks in the shown texts: risk label, review status, notes, reviewer.
    expect(names(await list('search=urgent'))).toEqual(['T-3']);
    // 'feeder', '2', 'not' and 'inspected' each somewhere: T-2 by its name, X-1 by its line.
    expect(names(await list('search=feeder 2 not inspected'))).toEqual(['T-2', 'X-1']);
    expect(names(await list('search=reshoot'))).toEqual(['T-5']);
    expect(names(await list('search=test inspector'))).toEqual(['T-3']);
    // LIKE wildcards are plain text.
    expect(names(await list(`search=${encodeURIComponent('100%')}`))).toEqual(['T-3']);
    expect(await list(`search=${encodeURIComponent('_')}`)).toEqual([]);
  });

  it('refuses bad parameters with 400', async () => {
    for (const query of [
      'limit=0',
      'limit=1001',
      'offset=-1',
      'sort=password',
      'direction=up',
      'status=done',
      'lineIds=1,x',
      `search=${'a'.repeat(201)}`,
    ]) {
      const res = await get(`/api/v1/inspections/${fx.projectId}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it("answers 404 for another company's project, also for a window", async () => {
    expect((await get(`/api/v1/inspections/${fx.projectId}?limit=5`, 'customer_other')).statusCode).toBe(404);
    expect(
      (await get(`/api/v1/inspections/counts/${fx.projectId}?structure=T`, 'customer_other')).statusCode,
    ).toBe(404);
    expect(await list('limit=2', 'customer_own')).toHaveLength(2);
  });
});

describe('GET /inspections/counts/:id with filters', () => {
  it('counts what each button shows under the same filters', async () => {
    expect(await counts('')).toEqual({ all_count: 15, pending: 13, completed: 2, rejected: 1 });
    expect(await counts(`lineIds=${fx.feeder2}`)).toEqual({
      all_count: 3,
      pending: 2,
      completed: 1,
      rejected: 0,
    });
    expect(await counts('structure=t-')).toEqual({ all_count: 12, pending: 11, completed: 1, rejected: 1 });
    expect(await counts('search=not acquired')).toEqual({
      all_count: 11,
      pending: 11,
      completed: 0,
      rejected: 0,
    });
    for (const status of ['pending', 'complete', 'rejected'] as const) {
      const key = status === 'complete' ? 'completed' : status;
      expect((await list(`structure=t-&status=${status}`)).length).toBe((await counts('structure=t-'))[key]);
    }
  });
});

describe('GET /inspections/export', () => {
  const exportRows = async (query: string, who = 'inspector') => {
    const res = await get(`/api/v1/inspections/export?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InspectionRow[]>();
  };

  it('answers the picked ids in the asked order', async () => {
    const ids = [fx.t.inspectionIds[2]!, fx.x.inspectionIds[0]!, fx.t.inspectionIds[0]!];
    expect(names(await exportRows(`ids=${ids.join(',')}`))).toEqual(['T-1', 'T-3', 'X-1']);
    expect(names(await exportRows(`ids=${ids.join(',')}&sort=structure&direction=desc`))).toEqual([
      'X-1',
      'T-3',
      'T-1',
    ]);
    expect(await exportRows(`ids=${ids[0]}`, 'customer_own')).toHaveLength(1);
  });

  it('resolves a select-all on the server: every row the filters match, minus the unticked ones', async () => {
    const all = await exportRows(`projectId=${fx.projectId}&structure=t-1`);
    expect(names(all)).toEqual(['T-1', 'T-10', 'T-11', 'T-12']);
    const fewer = await exportRows(
      `projectId=${fx.projectId}&structure=t-1&exclude=${fx.t.inspectionIds[9]!}`,
    );
    expect(names(fewer)).toEqual(['T-1', 'T-11', 'T-12']);
    expect(await exportRows(`projectId=${fx.projectId}&status=pending`)).toHaveLength(13);
  });

  it('reads ids given as a comma-separated list or as a repeated parameter alike', async () => {
    const [a, b] = fx.t.inspectionIds as [number, number];
    const repeated = await exportRows(`ids=${a}&ids=${b}`);
    expect(repeated.map((r) => r.id).sort()).toEqual([a, b].sort());
    expect(await exportRows(`ids=${a},${b}`)).toEqual(repeated);
  });

  it('refuses bad input with 400 and hidden or unknown ids with 404', async () => {
    for (const query of [
      '',
      'ids=',
      'ids=1,abc',
      `ids=1&projectId=${fx.projectId}`,
      `ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`,
      'projectId=0',
    ]) {
      expect((await get(`/api/v1/inspections/export?${query}`)).statusCode, query).toBe(400);
    }
    const own = fx.t.inspectionIds[0]!;
    expect((await get(`/api/v1/inspections/export?ids=${own}`, 'customer_other')).statusCode).toBe(404);
    expect((await get(`/api/v1/inspections/export?ids=${own},99999999`)).statusCode).toBe(404);
    expect(
      (await get(`/api/v1/inspections/export?projectId=${fx.projectId}`, 'customer_other')).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: `/api/v1/inspections/export?ids=${own}` })).statusCode).toBe(401);
  });
});

describe('completing without photos', () => {
  it('records that the structure had no standing photo, and clears it once it has one', async () => {
    const projectId = await createProject(db, companyId);
    const lineId = await createLine(db, companyId, projectId);
    const { structureIds, inspectionIds } = await createStructures(db, projectId, lineId, 1);
    const rejected = await createImage(db, projectId, structureIds[0]!);
    await db.execute(sql`update images set reject_datetime = now() where id = ${rejected}`);
    const complete = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/inspections/complete/${inspectionIds[0]!}`,
        headers: bearer(tokens.inspector!),
        payload: {
          data: {
            field_values: [
              { field_id: 1, value_id: 1 },
              { field_id: 2, value_id: 6 },
            ],
          },
        },
      });
    const first = await complete();
    expect(first.statusCode).toBe(200);
    expect(first.json().inspection).toMatchObject({
      review_status: 'Complete',
      completed_without_photos: true,
    });
    await createImage(db, projectId, structureIds[0]!);
    expect((await complete()).json().inspection.completed_without_photos).toBe(false);
    const [row] = await sqlRows<{ completed_without_photos: boolean }>(
      db,
      sql`select completed_without_photos from inspections where id = ${inspectionIds[0]!}`,
    );
    expect(row!.completed_without_photos).toBe(false);
  });
});
