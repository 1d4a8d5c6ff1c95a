/**
 * A server's job worker for the training kill -9 test (training.kill.test.ts): it makes a model of
 * LW_TEST_IMAGES generated, marked-up images, launches its training as 'Launch Training Now' does, runs the
 * real ai.train job with a short lease, prints `training <jobId> <modelId>` once the run has reported
 * progress (the worker thread is mid-training), and goes on until the test kills it with SIGKILL.
 * LW_TEST_MAX_ATTEMPTS lowers the job's attempts (1: this run is its last). LW_TEST_DATABASE_URL selects
 * PostgreSQL; otherwise PGlite in LW_TEST_PGLITE_DIR (from the template dump LW_TEST_PGLITE_DUMP). Images
 * are stored under LW_TEST_DATA_DIR.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../../platform/config.ts';
import { openDatabase } from '../../../platform/db/client.ts';
import { aiImages, aiModelImages, aiModels, aiPatches } from '../../../platform/db/schema/index.ts';
import { withTransaction } from '../../../platform/db/transaction.ts';
import { createDeps } from '../../../platform/deps.ts';
import { enqueue } from '../../../platform/jobs/enqueue.ts';
import { JobWorker } from '../../../platform/jobs/worker.ts';
import * as repo from '../ai.repository.ts';
import { syntheticImage } from '../detector/syntheticSet.ts';
import { aiTrainingJob } from '../training.job.ts';

const env = process.env;
const database = env.LW_TEST_DATABASE_URL
  ? await openDatabase({ url: env.LW_TEST_DATABASE_URL, poolSize: 3 })
  : await openDatabase({
      pgliteDir: env.LW_TEST_PGLITE_DIR!,
      pgliteLoadDataDir: new Blob([readFileSync(env.LW_TEST_PGLITE_DUMP!)]),
    });
const db = database.db;
const deps = createDeps(
  loadConfig({ NODE_ENV: 'test', DATA_DIR: env.LW_TEST_DATA_DIR!, JWT_SECRET: 'k'.repeat(40) }),
  database,
);

const [model] = await db
  .insert(aiModels)
  .values({ modelClassName: `Killed ${process.pid}`, modelHoldbackpercentage: 20 })
  .returning({ id: aiModels.id });
const modelId = model!.id;
for (let i = 0; i < Number(env.LW_TEST_IMAGES); i++) {
  const s = await syntheticImage(30_000 + i);
  const key = `ai/kill/${process.pid}/${i}.jpg`;
  await deps.storage.write(key, s.bytes, 'image/jpeg');
  const [image] = await db
    .insert(aiImages)
    .values({
      md5: `kill-${process.pid}-${i}`,
      imageName: `${i}.jpg`,
      storageKey: key,
      imgWidth: s.width,
      imgHeight: s.height,
    })
    .returning({ id: aiImages.id });
  await db
    .insert(aiModelImages)
    .values({ modelId, aiImageId: image!.id, nothingToFind: s.boxes.length === 0 });
  if (s.boxes.length > 0) {
    await db.insert(aiPatches).values(s.boxes.map((b) => ({ modelId, aiImageId: image!.id, ...b })));
  }
}
// What 'Launch Training Now' writes (training.service.ts startTraining), without its 100-image threshold.
const jobId = await withTransaction(db, async (tx) => {
  const job = await enqueue(
    tx,
    aiTrainingJob,
    { modelId },
    {
      dedupeKey: `ai-model:${modelId}`,
      ...(env.LW_TEST_MAX_ATTEMPTS ? { maxAttempts: Number(env.LW_TEST_MAX_ATTEMPTS) } : {}),
    },
  );
  await repo.startTraining(tx, modelId, job.id);
  return job.id;
});

const worker = new JobWorker({
  deps,
  concurrency: 1,
  definitions: [aiTrainingJob],
  leaseMs: 1500,
  pollMs: 100,
});
await worker.start();
for (;;) {
  const row = await repo.findModel(db, modelId);
  if (row && row.training_job_state === 'running' && row.currentstep > 0) break;
  await sleep(50);
}
process.stdout.write(`training ${jobId} ${modelId}\n`);
