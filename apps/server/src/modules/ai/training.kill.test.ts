import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../platform/db/client.ts';
import { jobs } from '../../platform/db/schema/index.ts';
import { bearer, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs, waitFor } from '../../testing/jobs.ts';
import { createTestApp, openTestDatabase } from '../../testing/testApp.ts';

/**
 * A server process running a training job is killed hard (SIGKILL) while its worker thread trains: the model
 * must never stay 'Training'. Another worker re-runs the job once the dead one's lease expires; when that
 * was the job's last attempt, the model is launchable again.
 */
async function killMidTraining(opts: { images: number; maxAttempts?: number }) {
  const pgliteDir =
    inject('pgTemplate') && process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'lw-train-kill-'));
  const pg = pgliteDir ? null : await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-train-kill-data-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'testing/killableTrainer.ts')],
    {
      cwd: join(import.meta.dirname, '../../..'),
      env: {
        ...process.env,
        LW_TEST_DATA_DIR: dataDir,
        LW_TEST_IMAGES: String(opts.images),
        ...(opts.maxAttempts ? { LW_TEST_MAX_ATTEMPTS: String(opts.maxAttempts) } : {}),
        ...(pg
          ? { LW_TEST_DATABASE_URL: pg.url! }
          : { LW_TEST_PGLITE_DIR: pgliteDir!, LW_TEST_PGLITE_DUMP: inject('pgliteDump')! }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const training = await new Promise<{ jobId: number; modelId: number }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/training (\d+) (\d+)/);
      if (m) resolve({ jobId: Number(m[1]), modelId: Number(m[2]) });
    });
    child.on('exit', (code) => reject(new Error(`the trainer exited (${code}) before training: ${out}`)));
  });
  const exited = new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');

  // PGlite: the killed process held the data folder; this one opens it now, as a restarted server would.
  const database: Database = pg ? pg.database : await openDatabase({ pgliteDir: pgliteDir! });
  const ctx = await createTestApp(
    { DATA_DIR: dataDir },
    {
      database: {
        database,
        drop: async () => {
          if (pg) await pg.drop();
          else await database.close();
          if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
          rmSync(dataDir, { recursive: true, force: true });
        },
      },
    },
  );
  const pm = bearer(await loginToken(ctx.app, await createUser(database.db, 'project_manager')));
  const api = (method: 'GET' | 'POST', url: string): Promise<LightMyRequestResponse> =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: pm });
  const job = async () => (await database.db.select().from(jobs).where(eq(jobs.id, training.jobId)))[0]!;
  return { ctx, api, job, ...training };
}

describe('training survives a worker killed with kill -9', () => {
  it('the job is re-run by another worker and the model ends Trained', async () => {
    const { ctx, api, job, modelId } = await killMidTraining({ images: 12 });
    try {
      // The dead worker still holds the job: the model shows Training until its lease expires.
      expect(await job()).toMatchObject({ state: 'running', attempts: 1 });
      expect((await api('GET', `/ai/model/${modelId}`)).json().state).toBe('Training');
      // A surviving worker requeues the job once the lease runs out, and runs it from the start.
      await waitFor(
        async () => (await runDueJobs(ctx.app.deps)) > 0,
        'the killed run to be taken over',
        // A limit against a hang (a whole training run on a loaded machine), not a timing.
        240_000,
      );
      expect(await job()).toMatchObject({ state: 'succeeded', attempts: 2 });
      const model = (await api('GET', `/ai/model/${modelId}`)).json();
      expect(model).toMatchObject({ state: 'Trained', userinitatedstarttrainingdate: null });
      expect(model.latest_version).toMatchObject({ version: 1 });
      expect(model.latest_version.train_images + model.latest_version.validation_images).toBe(12);
    } finally {
      await ctx.close();
    }
  }, 300_000);

  it('killed on its last attempt: the job fails and the model can be launched again', async () => {
    const { ctx, api, job, modelId } = await killMidTraining({ images: 100, maxAttempts: 1 });
    try {
      expect((await api('GET', `/ai/model/${modelId}`)).json().state).toBe('Training');
      await waitFor(async () => {
        await runDueJobs(ctx.app.deps);
        return (await job()).state === 'failed';
      }, 'the expired job to fail for good');
      const model = (await api('GET', `/ai/model/${modelId}`)).json();
      expect(model).toMatchObject({ state: 'Ready to Train', userinitatedstarttrainingdate: null });
      // Launchable: 'Launch Training Now' queues a new run (cancelled here: the first test trains).
      const again = await api('POST', `/ai/startTraining/${modelId}`);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().state).toBe('Training');
      expect((await api('POST', `/ai/model/${modelId}/cancelTraining`)).json().state).toBe('Ready to Train');
    } finally {
      await ctx.close();
    }
  }, 300_000);
});
