import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { numberArrayLiteral } from '../../apps/server/src/platform/db/rows.ts';
import { createDeps } from '../../apps/server/src/platform/deps.ts';
import { defineJob } from '../../apps/server/src/platform/jobs/define.ts';
import { JobWorker } from '../../apps/server/src/platform/jobs/worker.ts';
import { sqlRows } from '../../apps/server/src/testing/rows.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { defineScenario } from '../lib/scenario.ts';

const JOBS = 200;

interface Context {
  database: Database;
  worker: JobWorker;
  ids: number[];
}

const noop = defineJob({ name: 'bench.noop', payload: z.object({ n: z.number() }), run: async () => null });

export default defineScenario<Context>({
  name: 'jobs',
  description: `claim + run + complete ${JOBS} no-op jobs with the worker (SKIP LOCKED claim, payload check, completion) vs ${JOBS} bare UPDATE … SET state = 'succeeded' WHERE id = $1`,
  async setup() {
    const database = await openBenchDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/lw-bench-jobs',
      JWT_SECRET: 'b'.repeat(40),
    });
    const worker = new JobWorker({
      deps: createDeps(config, database),
      concurrency: 1,
      definitions: [noop],
    });
    const rows = await sqlRows<{ id: number }>(
      database.db,
      sql`insert into jobs (name, payload, max_attempts)
          select 'bench.noop', jsonb_build_object('n', g), 5 from generate_series(1, ${JOBS}) g returning id`,
    );
    return { database, worker, ids: rows.map((r) => r.id) };
  },
  async subject(ctx) {
    const ran = await ctx.worker.drain();
    if (ran !== JOBS) throw new Error(`ran ${ran} jobs`);
  },
  async baseline(ctx) {
    for (const id of ctx.ids) {
      await ctx.database.db.execute(sql`update jobs set state = 'succeeded' where id = ${id}`);
    }
  },
  async afterEach(ctx) {
    await ctx.database.db.execute(
      sql`update jobs set state = 'queued', attempts = 0, result = null, finished_at = null
          where id = any(${numberArrayLiteral(ctx.ids)}::int[])`,
    );
  },
  teardown: ({ database }) => database.close(),
});
