/**
 * A worker process for the kill -9 test: it enqueues one `test.hang` job, claims it with a short lease,
 * prints `claimed <id> <workerId>` and hangs in the handler until the test kills it with SIGKILL.
 * LW_TEST_DATABASE_URL selects PostgreSQL; otherwise PGlite in LW_TEST_PGLITE_DIR (started from the
 * template dump in LW_TEST_PGLITE_DUMP).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createDeps } from '../../deps.ts';
import { defineJob } from '../define.ts';
import { enqueue } from '../enqueue.ts';
import { JobWorker } from '../worker.ts';

const env = process.env;
const database = env.LW_TEST_DATABASE_URL
  ? await openDatabase({ url: env.LW_TEST_DATABASE_URL, poolSize: 2 })
  : await openDatabase({
      pgliteDir: env.LW_TEST_PGLITE_DIR!,
      pgliteLoadDataDir: new Blob([readFileSync(env.LW_TEST_PGLITE_DUMP!)]),
    });
const hang = defineJob({
  name: 'test.hang',
  payload: z.object({ note: z.string() }),
  async run(ctx) {
    process.stdout.write(`claimed ${ctx.jobId} ${worker.id}\n`);
    return new Promise(() => {});
  },
});
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: '/tmp/lw-killable-worker',
  JWT_SECRET: 'k'.repeat(40),
});
const worker = new JobWorker({
  deps: createDeps(config, database),
  concurrency: 1,
  definitions: [hang],
  leaseMs: 1500,
  pollMs: 100,
});
await enqueue(database.db, hang, { note: 'survives kill -9' });
await worker.start();
