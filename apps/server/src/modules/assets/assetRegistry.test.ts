import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspections, projectLines, structures } from '../../platform/db/schema/index.ts';
import { createCompany } from '../../testing/factories.ts';
import {
  createAnnotation,
  createLine,
  createPlacedImage,
  createProject,
  createStructures,
  reviewInspections,
} from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface AssetRow {
  id: number;
  company_id: number;
  line_name: string;
  struct_num: string;
  lon: number;
  lat: number;
  health_risk: number;
  issue_count: number;
  issues: Array<{ risk: number; image_id: number; component: string | null }>;
  health_structure_id: number | null;
}

async function assetOf(structureId: number): Promise<AssetRow | undefined> {
  const [row] = await sqlRows<AssetRow>(
    ctx.database.db,
    sql`select a.id, a.company_id, a.line_name, a.struct_num, a.location[0] as lon, a.location[1] as lat,
          a.health_risk, a.issue_count, a.issues, a.health_structure_id
        from structures s join assets a on a.id = s.asset_id where s.id = ${structureId}`,
  );
  return row;
}

async function assetCount(companyId: number): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from assets where company_id = ${companyId}`,
  );
  return row!.n;
}

async function addStructure(projectId: number, lineId: number, structNum: string, lon = -97.6, lat = 38.8) {
  const [row] = await ctx.database.db
    .insert(structures)
    .values({ projectId, lineId, structNum, location: { x: lon, y: lat } })
    .returning({ id: structures.id });
  const [insp] = await ctx.database.db
    .insert(inspections)
    .values({ projectId, structureId: row!.id })
    .returning({ id: inspections.id });
  return { structureId: row!.id, inspectionId: insp!.id };
}

describe('the asset registry', () => {
  it('links a structure of every project of a company to one asset per line and structure name, in any case', async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const patrol = await createProject(db, company);
    const rebuild = await createProject(db, company);
    const line = await createLine(db, company, patrol, 'North 345');
    await db.insert(projectLines).values({ projectId: rebuild, lineId: line });
    const a = await addStructure(patrol, line, 'T-101', -97.6, 38.8);
    const b = await addStructure(rebuild, line, 't-101', -97.7, 38.9);
    const other = await addStructure(rebuild, line, 'T-102');

    const assetA = await assetOf(a.structureId);
    const assetB = await assetOf(b.structureId);
    expect(assetA!.id).toBe(assetB!.id);
    expect(assetA).toMatchObject({ company_id: company, line_name: 'North 345', struct_num: 'T-101' });
    // The newest project's position.
    expect([assetB!.lon, assetB!.lat]).toEqual([-97.7, 38.9]);
    expect((await assetOf(other.structureId))!.id).not.toBe(assetA!.id);
    expect(await assetCount(company)).toBe(2);

    // Moving the structure in the older project does not move the asset; moving it in the newest does.
    await db.execute(sql`update structures set location = point(-90, 30) where id = ${a.structureId}`);
    expect((await assetOf(a.structureId))!.lon).toBe(-97.7);
    await db.execute(sql`update structures set location = point(-91, 31) where id = ${b.structureId}`);
    expect([(await assetOf(a.structureId))!.lon, (await assetOf(a.structureId))!.lat]).toEqual([-91, 31]);
  });

  it('keeps companies apart, and relinks a renamed structure or line (a corrected typo leaves no asset behind)', async () => {
    const db = ctx.database.db;
    const one = await createCompany(db);
    const two = await createCompany(db);
    const p1 = await createProject(db, one);
    const p2 = await createProject(db, two);
    const l1 = await createLine(db, one, p1, 'Same Line');
    const l2 = await createLine(db, two, p2, 'Same Line');
    const s1 = await addStructure(p1, l1, 'X-1');
    const s2 = await addStructure(p2, l2, 'X-1');
    expect((await assetOf(s1.structureId))!.id).not.toBe((await assetOf(s2.structureId))!.id);

    const typo = await addStructure(p1, l1, 'X-2O');
    const typoAsset = (await assetOf(typo.structureId))!.id;
    await db.execute(sql`update structures set struct_num = 'X-20' where id = ${typo.structureId}`);
    const fixed = await assetOf(typo.structureId);
    expect(fixed).toMatchObject({ struct_num: 'X-20' });
    expect(fixed!.id).not.toBe(typoAsset);
    const [gone] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from assets where id = ${typoAsset}`,
    );
    expect(gone!.n).toBe(0);

    await db.execute(sql`update lines set line_name = 'Renamed Line' where id = ${l1}`);
    expect(await assetOf(s1.structureId)).toMatchObject({ line_name: 'Renamed Line', struct_num: 'X-1' });
    expect(await assetCount(one)).toBe(2);
  });

  it('one statement over a whole project (renumbered, then reviewed) after one-row ones relinks and rates every asset', async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const project = await createProject(db, company);
    const line = await createLine(db, company, project, 'Bulk Line');
    const made = await createStructures(db, project, line, 400, { prefix: 'B-' });
    // One-row statements first: the triggers' plans are made by them (the case that once went wrong at scale).
    for (let i = 0; i < 6; i++) {
      await db.execute(
        sql`update structures set struct_num = struct_num where id = ${made.structureIds[i]!}`,
      );
      await db.execute(
        sql`update inspections set review_status = review_status where id = ${made.inspectionIds[i]!}`,
      );
    }
    await db.execute(
      sql`update structures set struct_num = 'N-' || struct_num where project_id = ${project}`,
    );
    const renamed = await assetOf(made.structureIds[399]!);
    expect(renamed).toMatchObject({ struct_num: 'N-B-400', health_risk: -1 });
    expect(await assetCount(company)).toBe(400);
    await reviewInspections(db, made.inspectionIds);
    const rated = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from assets where company_id = ${company} and health_risk = 1`,
    );
    expect(rated[0]!.n).toBe(400);
  });

  it('two imports creating the same assets at once make each asset once and link every structure', async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const [p1, p2] = [await createProject(db, company), await createProject(db, company)];
    const line = await createLine(db, company, p1, 'Shared');
    await db.insert(projectLines).values({ projectId: p2, lineId: line });
    const names = Array.from({ length: 300 }, (_, i) => `C-${i}`);
    const importInto = (projectId: number, upper: boolean) =>
      db.transaction(async (tx) => {
        await tx.insert(structures).values(
          names.map((n, i) => ({
            projectId,
            lineId: line,
            structNum: upper ? n : n.toLowerCase(),
            location: { x: -97 + i * 0.001, y: 38 },
          })),
        );
      });
    await Promise.all([importInto(p1, true), importInto(p2, false)]);
    expect(await assetCount(company)).toBe(300);
    const [unlinked] = await sqlRows<{ n: number; assets: number }>(
      db,
      sql`select count(*) filter (where asset_id is null)::int as n, count(distinct asset_id)::int as assets
          from structures where project_id in (${p1}, ${p2})`,
    );
    expect(unlinked).toEqual({ n: 0, assets: 300 });
  });
});

describe('asset health', () => {
  it('is Not Acquired, Not Inspected with a photo, then the newest completed inspection with its issues', async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const patrol = await createProject(db, company);
    const line = await createLine(db, company, patrol);
    const {
      structureIds: [s],
      inspectionIds: [insp],
    } = await createStructures(db, patrol, line, 1, { prefix: 'H-' });
    expect((await assetOf(s!))!.health_risk).toBe(-1);

    const photo = await createPlacedImage(db, patrol, s!);
    expect((await assetOf(s!))!.health_risk).toBe(-2);

    await createAnnotation(db, photo, 3);
    await createAnnotation(db, photo, 1);
    expect((await assetOf(s!))!.health_risk).toBe(-2);
    await reviewInspections(db, [insp!], new Date('2025-06-01T00:00:00Z'));
    let asset = await assetOf(s!);
    expect(asset).toMatchObject({ health_risk: 3, issue_count: 1, health_structure_id: s });
    expect(asset!.issues).toEqual([expect.objectContaining({ risk: 3, image_id: photo })]);

    // An annotation changes: kept current.
    const major = await createAnnotation(db, photo, 5);
    expect(await assetOf(s!)).toMatchObject({ health_risk: 5, issue_count: 2 });
    await db.execute(sql`delete from annotations where id = ${major}`);
    expect(await assetOf(s!)).toMatchObject({ health_risk: 3, issue_count: 1 });
    // A rejected photo's annotations do not count.
    await db.execute(
      sql`update images set reject_datetime = now(), reject_reason = 'blurry' where id = ${photo}`,
    );
    expect(await assetOf(s!)).toMatchObject({ health_risk: 1, issue_count: 0, issues: [] });
    await db.execute(sql`update images set reject_datetime = null, reject_reason = null where id = ${photo}`);
    expect(await assetOf(s!)).toMatchObject({ health_risk: 3, issue_count: 1 });
    // An update that changes neither structure nor rejection (a delivery) leaves it as it is.
    await db.execute(
      sql`update images set archived_date = now(), archive_name = 'Patrol' where id = ${photo}`,
    );
    expect(await assetOf(s!)).toMatchObject({ health_risk: 3, issue_count: 1 });

    // The next patrol completed later wins; reopening it falls back to the earlier one.
    const rebuild = await createProject(db, company);
    await db.insert(projectLines).values({ projectId: rebuild, lineId: line });
    const later = await addStructure(rebuild, line, 'h-1');
    expect((await assetOf(later.structureId))!.id).toBe(asset!.id);
    await reviewInspections(db, [later.inspectionId], new Date('2026-06-01T00:00:00Z'));
    expect(await assetOf(s!)).toMatchObject({
      health_risk: 1,
      issue_count: 0,
      health_structure_id: later.structureId,
    });
    await db.execute(
      sql`update inspections set review_status = null, date_reviewed = null where id = ${later.inspectionId}`,
    );
    asset = await assetOf(s!);
    expect(asset).toMatchObject({ health_risk: 3, issue_count: 1, health_structure_id: s });

    // Reopening every inspection: Not Inspected (a photo stands).
    await db.execute(
      sql`update inspections set review_status = null, date_reviewed = null where id = ${insp!}`,
    );
    expect(await assetOf(s!)).toMatchObject({ health_risk: -2, issue_count: 0 });

    // The project removed: its structures go, the asset stays with what remains.
    await reviewInspections(db, [insp!]);
    await db.execute(sql`delete from projects where id = ${patrol}`);
    expect(await assetOf(later.structureId)).toMatchObject({ id: asset!.id, health_risk: -1 });
  });
});
