import { ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { inspectionRows } from '../../apps/server/src/modules/inspections/inspections.repository.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { generateLargeProject, loadTestCompany } from '../../apps/server/src/seed/largeData.ts';
import { createRng } from '../../apps/server/src/seed/random.ts';
import { sqlRows } from '../../apps/server/src/testing/rows.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { defineScenario } from '../lib/scenario.ts';

export const STRUCTURES = 50_000;
/** Half the structures acquired, four photos each, one in fifty rejected: ~100k images to aggregate. */
const ACQUIRED_SHARE = 0.5;
const PHOTOS_PER_STRUCTURE = 4;

interface Context {
  database: Database;
  projectId: number;
}

export async function addReviewers(database: Database): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    database.db,
    sql`
    insert into users (company_id, role_id, first_name, last_name, email)
    select 1, ${ROLE_IDS.inspector}, 'Bench', 'Reviewer ' || n, 'bench-reviewer-' || n || '@example.com'
    from generate_series(1, 5) n
    returning id`,
  );
  return rows.map((r) => r.id);
}

export async function addImages(database: Database, projectId: number): Promise<void> {
  await database.db.execute(sql`
    insert into images (project_id, structure_id, md5, image_name, storage_key, reject_datetime)
    select s.project_id, s.id, md5(s.id || '-' || n), 'DJI_' || s.id || '_' || n || '.JPG',
      'bench/' || s.id || '/' || n, case when random() < 0.02 then now() end
    from structures s cross join generate_series(1, ${PHOTOS_PER_STRUCTURE}::int) n
    where s.project_id = ${projectId} and random() < ${ACQUIRED_SHARE}::float8`);
}

/**
 * The same columns as the list query, straight from the joined tables: no image counts, no field
 * values, no grouped subqueries. The gap to it is what the aggregates cost.
 */
export function rawSelect(database: Database, projectId: number) {
  return database.db.execute(sql`
    select i.id, l.id as line_id, l.line_name, l.line_num as line,
      s.struct_num as structure, s.id as structure_id,
      c.display_text as component, i.component_id,
      u.first_name, u.last_name, i.reviewed_by as reviewed_by_id, i.date_reviewed, i.review_status,
      i.max_risk_level, p.use_new_risk_rating,
      s.location[1] as latitude, s.location[0] as longitude,
      i.str_type, i.arm_type, i.arm_qty, i.anchor_qty, i.guy_qty, i.insulator_type, i.insulator_qty,
      i.cond_sleeve_qty, i.inspector, i.comments
    from inspections i
    join projects p on p.id = i.project_id
    join structures s on s.id = i.structure_id
    join lines l on l.id = s.line_id
    left join components c on c.id = i.component_id
    left join users u on u.id = i.reviewed_by
    where i.project_id = ${projectId}`);
}

export default defineScenario<Context>({
  name: 'inspections-list',
  description: `inspection list of one project (${STRUCTURES.toLocaleString('en-US')} inspections, PGlite) vs a raw SELECT of the same columns without aggregates`,
  async setup() {
    const database = await openBenchDatabase();
    const reviewerIds = await addReviewers(database);
    const companyId = await loadTestCompany(database.db);
    const projectId = await generateLargeProject(database.db, {
      companyId,
      name: 'Bench Inspections',
      count: STRUCTURES,
      reviewerIds,
      rng: createRng(42),
      lap: () => {},
    });
    await addImages(database, projectId);
    await database.db.execute(sql`analyze`);
    const rows = await inspectionRows(database.db, projectId);
    if (rows.length !== STRUCTURES) throw new Error(`expected ${STRUCTURES} inspections, got ${rows.length}`);
    return { database, projectId };
  },
  subject: ({ database, projectId }) => inspectionRows(database.db, projectId),
  baseline: ({ database, projectId }) => rawSelect(database, projectId),
  teardown: ({ database }) => database.close(),
});
