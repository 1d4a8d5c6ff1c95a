import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { sqlRows } from '../../apps/server/src/testing/rows.ts';

/**
 * A customer named `<name> Utility` with a project `name` and `lines` lines ('Bench line 0'…) on it, written
 * straight to the database (scenarios seeding tens of thousands of rows add their structures and photos
 * the same way).
 */
export async function seedBenchProject(
  database: Database,
  name: string,
  lines: number,
): Promise<{ companyId: number; projectId: number }> {
  const db = database.db;
  const [company] = await sqlRows<{ id: number }>(
    db,
    sql`insert into companies (company_name) values (${`${name} Utility`}) returning id`,
  );
  const companyId = company!.id;
  const [p] = await sqlRows<{ id: number }>(
    db,
    sql`insert into projects (company_id, project_name, start_date, due_date, ptype_id, ptier_id, closest_city)
        values (${companyId}, ${name}, '2026-01-05', '2026-12-20', 1, 2, 'Salina') returning id`,
  );
  const projectId = p!.id;
  await db.execute(sql`
    insert into lines (company_id, line_name)
    select ${companyId}::int, 'Bench line ' || k from generate_series(0, ${lines - 1}::int) k`);
  await db.execute(sql`
    insert into project_lines (project_id, line_id)
    select ${projectId}::int, id from lines where company_id = ${companyId}`);
  return { companyId, projectId };
}
