import { ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { setStructuresCrew } from '../../apps/server/src/modules/assignment/assignment.service.ts';
import type { UserActor } from '../../apps/server/src/platform/auth/actor.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { numberArrayLiteral } from '../../apps/server/src/platform/db/rows.ts';
import { generateLargeProject, loadTestCompany } from '../../apps/server/src/seed/largeData.ts';
import { createRng } from '../../apps/server/src/seed/random.ts';
import { sqlRows } from '../../apps/server/src/testing/rows.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { defineScenario } from '../lib/scenario.ts';

/** The project's structures; a selection takes every other one, as a lasso across the lines would. */
const STRUCTURES = 20_000;
const ASSIGNED = 10_000;

interface Context {
  database: Database;
  projectId: number;
  /** Two crew groups of the project: each operation moves the selection to the other, so rows change. */
  crews: [number, number];
  ids: number[];
  /** Operations so far, to alternate the crew. */
  turn: number;
  actor: UserActor;
}

const nextCrew = (ctx: Context): number => ctx.crews[ctx.turn++ % 2]!;

export default defineScenario<Context>({
  name: 'assign-10k',
  description: `assign ${ASSIGNED.toLocaleString('en-US')} of ${STRUCTURES.toLocaleString('en-US')} structures to a crew (service: transaction, checks, audit) vs a raw UPDATE … WHERE id = ANY($1)`,
  // The service may take twice as long as the bare statement.
  target: 0.5,
  async setup() {
    const database = await openBenchDatabase();
    const companyId = await loadTestCompany(database.db);
    const projectId = await generateLargeProject(database.db, {
      companyId,
      name: 'Bench Assignment',
      count: STRUCTURES,
      reviewerIds: [],
      rng: createRng(42),
      lap: () => {},
    });
    const crews = await sqlRows<{ id: number }>(
      database.db,
      sql`select id from crew_groups where project_id = ${projectId} order by crew_number limit 2`,
    );
    const all = await sqlRows<{ id: number }>(
      database.db,
      sql`select id from structures where project_id = ${projectId} order by id`,
    );
    const ids = all.filter((_, i) => i % 2 === 0).map((r) => r.id);
    if (ids.length !== ASSIGNED || crews.length !== 2) throw new Error('unexpected bench project');
    const [user] = await sqlRows<{ id: number }>(
      database.db,
      sql`insert into users (company_id, role_id, first_name, last_name, email)
        values (1, ${ROLE_IDS.superAdmin}, 'Bench', 'Admin', 'bench-admin@example.com') returning id`,
    );
    const actor: UserActor = {
      kind: 'user',
      userId: user!.id,
      roleId: ROLE_IDS.superAdmin,
      roleName: 'super_admin',
      companyId: 1,
      ip: '127.0.0.1',
      requestId: 'bench',
    };
    await database.db.execute(sql`analyze`);
    return { database, projectId, crews: [crews[0]!.id, crews[1]!.id], ids, turn: 0, actor };
  },
  async subject(ctx) {
    const updated = await setStructuresCrew(
      ctx.database.db,
      ctx.actor,
      ctx.projectId,
      nextCrew(ctx),
      ctx.ids,
    );
    if (updated !== ASSIGNED) throw new Error(`assigned ${updated} structures`);
  },
  async baseline(ctx) {
    await ctx.database.db.execute(
      sql`update structures set crew_group_id = ${nextCrew(ctx)}::int where id = any(${numberArrayLiteral(ctx.ids)}::int[])`,
    );
  },
  teardown: ({ database }) => database.close(),
});
