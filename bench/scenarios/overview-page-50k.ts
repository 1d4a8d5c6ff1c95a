import { ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { structurePage } from '../../apps/server/src/modules/overview/overview.repository.ts';
import { systemActor } from '../../apps/server/src/platform/auth/actor.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { generateLargeProject, loadTestCompany } from '../../apps/server/src/seed/largeData.ts';
import { createRng } from '../../apps/server/src/seed/random.ts';
import { sqlRows } from '../../apps/server/src/testing/rows.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { defineScenario } from '../lib/scenario.ts';

const STRUCTURES = 50_000;

interface Context {
  database: Database;
  projectId: number;
}

/** Half the structures with four photos, one photo in ten with two annotations. */
async function addPhotosAndIssues(database: Database, projectId: number): Promise<void> {
  await database.db.execute(sql`
    insert into images (project_id, structure_id, md5, image_name, storage_key)
    select s.project_id, s.id, md5(s.id || '-' || n), 'DJI_' || s.id || '_' || n || '.JPG', 'bench/' || s.id || '/' || n
    from structures s cross join generate_series(1, 4) n
    where s.project_id = ${projectId} and s.id % 2 = 0`);
  await database.db.execute(sql`
    insert into annotations (image_id, annotation_number, shape, risk_level)
    select i.id, n, 'rect', 2 + (i.id % 4) from images i cross join generate_series(1, 2) n
    where i.project_id = ${projectId} and i.id % 10 = 0`);
}

/**
 * The simplest query answering the same page: every photo, annotation and inspection joined to its structure
 * and grouped, then ordered by the worst risk and cut to 50 rows.
 */
function naivePage(database: Database, projectId: number) {
  return database.db.execute(sql`
    select s.id, s.struct_num, l.line_name, l.line_num,
      count(distinct i.id) as image_count, count(distinct a.id) as issue_count,
      greatest(max(n.max_risk_level), max(a.risk_level)) as risk,
      bool_and(n.review_status = 'Complete') as complete
    from structures s join lines l on l.id = s.line_id
    left join images i on i.structure_id = s.id
    left join annotations a on a.image_id = i.id and a.risk_level >= 2
    left join inspections n on n.structure_id = s.id
    where s.project_id = ${projectId}
    group by s.id, l.line_name, l.line_num
    order by risk desc nulls last, s.struct_num limit 50`);
}

export default defineScenario<Context>({
  name: 'overview-page-50k',
  description: `overview table page sorted by risk (${STRUCTURES.toLocaleString('en-US')} structures, ~100k photos, PGlite) vs one grouped join of the same counts`,
  async setup() {
    const database = await openBenchDatabase();
    const reviewers = await sqlRows<{ id: number }>(
      database.db,
      sql`insert into users (company_id, role_id, first_name, last_name, email)
        select 1, ${ROLE_IDS.inspector}, 'Bench', 'Reviewer ' || n, 'bench-overview-' || n || '@example.com'
        from generate_series(1, 3) n returning id`,
    );
    const companyId = await loadTestCompany(database.db);
    const projectId = await generateLargeProject(database.db, {
      companyId,
      name: 'Bench Overview',
      count: STRUCTURES,
      reviewerIds: reviewers.map((r) => r.id),
      rng: createRng(7),
      lap: () => {},
    });
    await addPhotosAndIssues(database, projectId);
    await database.db.execute(sql`analyze`);
    return { database, projectId };
  },
  subject: ({ database, projectId }) =>
    structurePage(database.db, systemActor(), {
      projectId,
      lineIds: [],
      q: '',
      orderBy: 'risk',
      order: 'DESC',
      limit: 50,
      offset: 0,
    }),
  baseline: ({ database, projectId }) => naivePage(database, projectId),
  teardown: ({ database }) => database.close(),
});
