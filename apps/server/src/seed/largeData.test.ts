import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/client.ts';
import { openTestDatabase } from '../testing/testApp.ts';
import { generateLargeProject, generateSmallProjects, loadTestCompany } from './largeData.ts';
import { createRng } from './random.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe('large-data generator', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });

  afterAll(async () => {
    await drop?.();
  });

  it('creates one big project with the requested structures, each inspected once', async () => {
    const db = database.db;
    const companyId = await loadTestCompany(db);
    // A second call finds the same company.
    expect(await loadTestCompany(db)).toBe(companyId);
    const projectId = await generateLargeProject(db, {
      companyId,
      name: 'Load Test Unit',
      count: 2345,
      reviewerIds: [],
      rng: createRng(3),
      lap: () => {},
    });
    const [row] = rowsOf<{
      structures: number;
      lines: number;
      inspections: number;
      reviewed: number;
      crewed: number;
    }>(
      await db.execute(sql`
        select (select count(*)::int from structures where project_id = ${projectId}) as structures,
          (select count(*)::int from project_lines where project_id = ${projectId}) as lines,
          (select count(*)::int from inspections where project_id = ${projectId}) as inspections,
          (select count(*)::int from inspections where project_id = ${projectId} and review_status = 'Complete') as reviewed,
          (select count(crew_group_id)::int from structures where project_id = ${projectId}) as crewed`),
    );
    expect(row).toMatchObject({ structures: 2345, lines: 24, inspections: 2345 });
    // About a third reviewed; random, so only loosely.
    expect(row!.reviewed).toBeGreaterThan(2345 * 0.25);
    expect(row!.reviewed).toBeLessThan(2345 * 0.45);
    expect(row!.crewed).toBe(2345);
  });

  it('creates small projects across every state', async () => {
    const db = database.db;
    const companyId = await loadTestCompany(db);
    await generateSmallProjects(db, {
      companyId,
      prefix: 'Load Unit',
      count: 12,
      reviewerIds: [],
      rng: createRng(4),
      lap: () => {},
    });
    const [row] = rowsOf<{ projects: number; archived: number; orphans: number; missing: number }>(
      await db.execute(sql`
        select (select count(*)::int from projects where project_name like 'Load Unit %') as projects,
          (select count(*)::int from projects where project_name like 'Load Unit %' and archived_date is not null) as archived,
          (select count(*)::int from projects p where project_name like 'Load Unit %'
             and not exists (select 1 from structures s where s.project_id = p.id)) as orphans,
          (select count(*)::int from structures s where not exists (select 1 from inspections i where i.structure_id = s.id)) as missing`),
    );
    expect(row).toEqual({ projects: 12, archived: 2, orphans: 0, missing: 0 });
  });
});
