import { sql } from 'drizzle-orm';
import { listProjectFacts } from '../../apps/server/src/modules/projects/projects.repository.ts';
import { systemActor } from '../../apps/server/src/platform/auth/actor.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { execute } from '../../apps/server/src/platform/db/rows.ts';
import { loadTestCompany } from '../../apps/server/src/seed/largeData.ts';
import { liveProjectProgress } from '../../apps/server/src/testing/liveProjectProgress.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { defineScenario } from '../lib/scenario.ts';

const PROJECTS = 2_000;
const STRUCTURES_PER_PROJECT = 500;

interface Context {
  database: Database;
}

/**
 * 2,000 projects of 500 structures (1M structures, 1M inspections, 40 % reviewed), made inside the
 * database; the triggers fill project_progress as the rows go in, as they do in the product.
 */
async function generate(database: Database): Promise<void> {
  const db = database.db;
  const companyId = await loadTestCompany(db);
  await execute(
    db,
    sql`
    insert into projects (company_id, project_name, start_date, due_date, ptype_id, ptier_id, closest_city)
    select ${companyId}::int, 'Bench List ' || n, date '2026-01-05', date '2026-12-20', 1, 2, 'Hays'
    from generate_series(1, ${PROJECTS}::int) n`,
  );
  await execute(
    db,
    sql`
    insert into lines (company_id, line_name)
    select ${companyId}::int, 'Bench List Line ' || p.id from projects p where p.project_name like 'Bench List %'`,
  );
  await execute(
    db,
    sql`
    insert into structures (project_id, line_id, struct_num, location)
    select p.id, l.id, 'S-' || g, point(-97.6 + g * 0.0001, 38.8 + (p.id % 100) * 0.01)
    from projects p
    join lines l on l.line_name = 'Bench List Line ' || p.id
    cross join generate_series(1, ${STRUCTURES_PER_PROJECT}::int) g
    where p.project_name like 'Bench List %'`,
  );
  await execute(
    db,
    sql`
    insert into inspections (project_id, structure_id, date_reviewed)
    select project_id, id, case when id % 5 < 2 then now() - (id % 30) * interval '1 day' end
    from structures`,
  );
}

export default defineScenario<Context>({
  name: 'projects-list',
  description: `the project list's facts for ${PROJECTS.toLocaleString('en-US')} projects × ${STRUCTURES_PER_PROJECT} structures: trigger-kept project_progress vs counting structures and inspections on every load`,
  measure: { rounds: 5, roundMs: 1000 },
  async setup() {
    const database = await openBenchDatabase();
    await generate(database);
    return { database };
  },
  subject: async ({ database }) => {
    const rows = await listProjectFacts(database.db, systemActor('bench'));
    if (rows.length !== PROJECTS) throw new Error(`listed ${rows.length} projects`);
  },
  baseline: async ({ database }) => {
    const rows = await liveProjectProgress(database.db);
    if (rows.length !== PROJECTS) throw new Error(`counted ${rows.length} projects`);
  },
  teardown: ({ database }) => database.close(),
});
