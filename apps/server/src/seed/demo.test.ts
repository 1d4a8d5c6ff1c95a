import { OPERATING_COMPANY_ID, ROLE_IDS } from '@linewalker/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../platform/auth/password.ts';
import type { Database } from '../platform/db/client.ts';
import { users } from '../platform/db/schema/index.ts';
import { openTestDatabase } from '../testing/testApp.ts';
import { daysFromToday } from './dates.ts';
import { loadDemoData } from './demo.ts';
import { distanceMeters } from './geometry.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe('demo data', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    // The bootstrap creates the first super admin before loading the demo; it may share a demo e-mail.
    await database.db.insert(users).values({
      companyId: OPERATING_COMPANY_ID,
      roleId: ROLE_IDS.superAdmin,
      firstName: 'Site',
      lastName: 'Administrator',
      email: 'admin@demo.linewalker.app',
      passwordHash: 'kept-as-is',
    });
    await loadDemoData(database.db);
  });

  afterAll(async () => {
    await drop?.();
  });

  it('creates one account per role with the demo password and leaves an existing account alone', async () => {
    const rows = await database.db
      .select({
        email: users.email,
        roleId: users.roleId,
        hash: users.passwordHash,
        companyId: users.companyId,
      })
      .from(users);
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get('admin@demo.linewalker.app')?.hash).toBe('kept-as-is');
    expect(byEmail.get('manager@demo.linewalker.app')?.roleId).toBe(ROLE_IDS.projectManager);
    expect(byEmail.get('inspector@demo.linewalker.app')?.roleId).toBe(ROLE_IDS.inspector);
    expect(byEmail.get('user@demo.linewalker.app')?.roleId).toBe(ROLE_IDS.user);
    for (const email of ['customer@northernplains.example', 'customer@cascadevalley.example']) {
      expect(byEmail.get(email)?.roleId).toBe(ROLE_IDS.customer);
      expect(byEmail.get(email)?.companyId).not.toBe(OPERATING_COMPANY_ID);
    }
    expect(await verifyPassword(byEmail.get('manager@demo.linewalker.app')!.hash, 'demo1234')).toBe(true);
    const [pilot] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'grace.kim@demo.linewalker.app'));
    expect(pilot?.companyId).toBe(OPERATING_COMPANY_ID);
  });

  it('has projects in every state relative to today', async () => {
    const today = daysFromToday(0);
    const projects = rowsOf<{
      name: string;
      start_date: string;
      due_date: string;
      archived: boolean;
      structures: number;
      reviewed: number;
    }>(
      await database.db.execute(sql`
        select p.project_name as name, p.start_date::text, p.due_date::text, p.archived_date is not null as archived,
          count(s.id)::int as structures, count(i.date_reviewed)::int as reviewed
        from projects p join structures s on s.project_id = p.id join inspections i on i.structure_id = s.id
        group by p.id order by p.id`),
    );
    // The six of the project list plus the ABB (flange) project of the arm/flange workflows.
    expect(projects).toHaveLength(7);
    expect(projects.map((p) => p.name)).toContain('Kittitas Flange Survey');
    const total = projects.reduce((n, p) => n + p.structures, 0);
    expect(total).toBeGreaterThan(300);
    const live = projects.filter((p) => !p.archived);
    expect(live.some((p) => p.start_date <= today && p.due_date > today && p.reviewed < p.structures)).toBe(
      true,
    );
    expect(live.some((p) => p.due_date < today && p.reviewed < p.structures)).toBe(true);
    expect(live.some((p) => p.due_date < today && p.reviewed === p.structures)).toBe(true);
    expect(live.some((p) => p.start_date > today && p.start_date <= daysFromToday(7))).toBe(true);
    expect(projects.filter((p) => p.archived)).toHaveLength(1);
  });

  it('gives every structure one inspection, with review data only on reviewed ones', async () => {
    const [check] = rowsOf<{
      structures: number;
      inspections: number;
      bad: number;
      reshoots: number;
      risks: number;
    }>(
      await database.db.execute(sql`
        select (select count(*)::int from structures) as structures,
          (select count(*)::int from inspections) as inspections,
          (select count(*)::int from inspections where (date_reviewed is null) <> (review_status is distinct from 'Complete')
             or (date_reviewed is not null and (reviewed_by is null or max_risk_level is null))) as bad,
          (select count(*)::int from inspections where review_status = 'Reshoot Requested') as reshoots,
          (select count(distinct max_risk_level)::int from inspections) as risks`),
    );
    expect(check!.inspections).toBe(check!.structures);
    expect(check!.bad).toBe(0);
    expect(check!.reshoots).toBeGreaterThan(0);
    expect(check!.risks).toBe(5);
  });

  it('lays structures along lines at realistic spans and assigns crews', async () => {
    const rows = rowsOf<{ line_id: number; location: string; crew_group_id: number | null }>(
      await database.db.execute(
        sql`select line_id, location::text, crew_group_id from structures order by id`,
      ),
    );
    const parse = (p: string) => {
      const [x, y] = p.slice(1, -1).split(',').map(Number);
      return { lon: x!, lat: y! };
    };
    let spans = 0;
    for (let i = 1; i < rows.length; i++) {
      if (rows[i]!.line_id !== rows[i - 1]!.line_id) continue;
      const d = distanceMeters(parse(rows[i - 1]!.location), parse(rows[i]!.location));
      expect(d).toBeGreaterThan(60);
      expect(d).toBeLessThan(270);
      spans++;
    }
    expect(spans).toBeGreaterThan(300);
    expect(rows.filter((r) => r.crew_group_id !== null).length).toBeGreaterThan(rows.length * 0.8);
    const [members] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from crew_members`),
    );
    expect(members!.n).toBeGreaterThan(6);
  });
});
