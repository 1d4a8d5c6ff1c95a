import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { createUser } from '../../testing/factories.ts';
import { waitFor } from '../../testing/jobs.ts';
import { sqlRows } from '../../testing/rows.ts';
import { openTestDatabase } from '../../testing/testApp.ts';
import type { Actor } from '../auth/actor.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { jobs, users } from '../db/schema/index.ts';
import { createDeps } from '../deps.ts';
import type { Deps } from '../deps.types.ts';
import { mailDeliverJob } from '../mail/deliver.job.ts';
import { retryDelayMs } from './backoff.ts';
import { type AnyJobDefinition, defineJob, PermanentJobError } from './define.ts';
import { enqueue } from './enqueue.ts';
import { claimNextJob } from './jobs.repository.ts';
import { JobWorker } from './worker.ts';

let database: Database;
let drop: () => Promise<void>;
let dbUrl: string | undefined;
let deps: Deps;

/** What the test handlers saw: runs per job id, overlapping runs, actors. */
const runs = new Map<number, number>();
const active = new Set<number>();
let overlaps = 0;
const actors = new Map<number, Actor>();
const failUntilAttempt = new Map<number, number>();

const defs = (overrides: Partial<Record<string, Partial<AnyJobDefinition>>> = {}) => {
  const list: AnyJobDefinition[] = [
    defineJob({
      name: 'test.echo',
      payload: z.object({ value: z.number() }),
      async run(ctx, { value }) {
        if (active.has(ctx.jobId)) overlaps++;
        active.add(ctx.jobId);
        try {
          runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1);
          actors.set(ctx.jobId, ctx.actor);
          await ctx.reportProgress(1, 2);
          await new Promise((r) => setTimeout(r, 5));
          await ctx.reportProgress(2, 2);
          return { doubled: value * 2 };
        } finally {
          active.delete(ctx.jobId);
        }
      },
    }),
    defineJob({
      name: 'test.flaky',
      payload: z.object({}),
      maxAttempts: 3,
      backoff: { baseMs: 30, maxMs: 100 },
      async run(ctx) {
        runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1);
        if (ctx.attempt < (failUntilAttempt.get(ctx.jobId) ?? Number.POSITIVE_INFINITY)) {
          throw new Error(`attempt ${ctx.attempt} broke`);
        }
        return { attempt: ctx.attempt };
      },
    }),
    defineJob({
      name: 'test.permanent',
      payload: z.object({}),
      async run() {
        throw new PermanentJobError('nothing to retry');
      },
    }),
    defineJob({
      name: 'test.slow',
      payload: z.object({ ms: z.number() }),
      async run(ctx, { ms }) {
        runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1);
        // Ignores nothing: ends early when told to stop.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          ctx.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        return { aborted: ctx.signal.aborted };
      },
    }),
    defineJob({
      name: 'test.hang',
      payload: z.object({ note: z.string() }),
      async run(ctx) {
        runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1);
        return { by: 'survivor', attempt: ctx.attempt };
      },
    }),
  ];
  return list.map((d) => ({ ...d, ...overrides[d.name] }) as AnyJobDefinition);
};
const definitions = defs();
const named = (name: string, list = definitions) => list.find((d) => d.name === name)!;
const add = (name: string, payload: unknown, opts: Parameters<typeof enqueue>[3] = {}) =>
  enqueue(database.db, named(name), payload, opts);
const jobRow = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const workers: JobWorker[] = [];
function newWorker(opts: Partial<ConstructorParameters<typeof JobWorker>[0]> = {}) {
  const worker = new JobWorker({ deps, concurrency: 1, definitions, pollMs: 100, ...opts });
  workers.push(worker);
  return worker;
}
const stateOf = (id: number, state: string) =>
  waitFor(async () => {
    const row = await jobRow(id);
    return row.state === state ? row : undefined;
  }, `job ${id} to be ${state}`);

beforeAll(async () => {
  ({ database, drop, url: dbUrl } = await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'lw-jobs-test'),
    JWT_SECRET: 'j'.repeat(40),
  });
  deps = createDeps(config, database);
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop(1000)));
  await drop();
});

describe('enqueue', () => {
  // A job is named by its definition, so an unknown name no longer compiles; that every definition is one the
  // workers run is checked over the code in src/jobs.test.ts.
  it('validates the payload in the caller', async () => {
    await expect(add('test.echo', { value: 'two' })).rejects.toThrow();
    // The application's jobs are typed and checked the same way.
    await expect(enqueue(database.db, mailDeliverJob, { outboxId: -1 })).rejects.toThrow();
  });

  it('inside a rolled-back transaction leaves no job', async () => {
    const before = await database.db.select().from(jobs);
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, named('test.echo'), { value: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await database.db.select().from(jobs)).toHaveLength(before.length);
  });

  it('with a dedupe key returns the waiting job instead of adding another', async () => {
    const first = await add('test.echo', { value: 1 }, { dedupeKey: 'only-once' });
    const second = await add('test.echo', { value: 1 }, { dedupeKey: 'only-once' });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    await newWorker().drain();
    expect((await jobRow(first.id)).state).toBe('succeeded');
    // Once that one is done the key is free again.
    expect((await add('test.echo', { value: 1 }, { dedupeKey: 'only-once' })).created).toBe(true);
    await newWorker().drain();
  });
});

describe('running jobs', () => {
  it('claims, runs and completes a job with its result, progress and actor', async () => {
    const user = await createUser(database.db, 'project_manager');
    const [u] = await database.db.select().from(users).where(eq(users.email, user.email));
    const actor: Actor = {
      kind: 'user',
      userId: u!.id,
      roleId: u!.roleId,
      roleName: 'project_manager',
      companyId: u!.companyId,
      ip: '10.0.0.1',
      requestId: 'req-1',
    };
    const { id } = await add('test.echo', { value: 21 }, { actor });
    const system = await add('test.echo', { value: 1 });
    expect((await jobRow(id)).state).toBe('queued');

    await newWorker().drain();
    const row = await jobRow(id);
    expect(row).toMatchObject({
      state: 'succeeded',
      attempts: 1,
      result: { doubled: 42 },
      progressDone: 2,
      progressTotal: 2,
      createdBy: u!.id,
      lockedBy: null,
      lastError: null,
    });
    expect(row.startedAt).toBeInstanceOf(Date);
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(actors.get(id)).toMatchObject({
      kind: 'user',
      userId: u!.id,
      roleName: 'project_manager',
      requestId: `job-${id}`,
    });
    expect(actors.get(system.id)).toMatchObject({ kind: 'system', userId: null });
  });

  it('fails a job at once when its user can no longer log in', async () => {
    const user = await createUser(database.db, 'user');
    const [u] = await database.db.select().from(users).where(eq(users.email, user.email));
    const { id } = await add('test.echo', { value: 1 }, { actor: { kind: 'user', userId: u!.id } as Actor });
    await database.db.update(users).set({ status: 0 }).where(eq(users.id, u!.id));
    await newWorker().drain();
    expect(await jobRow(id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'The user who started this job is no longer active',
    });
    expect(runs.has(id)).toBe(false);
  });

  it('retries a failing job after its backoff, then succeeds', async () => {
    // A minute's backoff, so the retry is certainly not due until the test moves run_at.
    const slowRetry = defs({ 'test.flaky': { backoff: { baseMs: 60_000, maxMs: 60_000 } } });
    const { id } = await enqueue(database.db, named('test.flaky', slowRetry), {});
    failUntilAttempt.set(id, 3);
    const worker = newWorker({ definitions: slowRetry });
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await worker.drain()).toBe(1);
      expect(await jobRow(id)).toMatchObject({
        state: 'queued',
        attempts: attempt,
        lastError: `attempt ${attempt} broke`,
      });
      // Not due before half the (doubling) delay: 30 s after the 1st failure, 60 s (capped) after the 2nd.
      const [wait] = await sqlRows<{ s: number }>(
        database.db,
        sql`select extract(epoch from run_at - now())::float8 as s from jobs where id = ${id}`,
      );
      expect(wait!.s).toBeGreaterThan(25);
      expect(await worker.drain()).toBe(0);
      await database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id)); // time passes
    }
    expect(await worker.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      state: 'succeeded',
      attempts: 3,
      result: { attempt: 3 },
      lastError: null,
    });
  });

  it('gives up after max attempts with the last error, and never shows a stack', async () => {
    const { id } = await add('test.flaky', {});
    const worker = newWorker({ pollMs: 20 });
    await worker.start();
    const failed = await stateOf(id, 'failed');
    await worker.stop();
    expect(failed).toMatchObject({ attempts: 3, lastError: 'attempt 3 broke' });
    expect(failed.lastError).not.toMatch(/\bat .*\.ts/);
    expect(failed.finishedAt).toBeInstanceOf(Date);
    expect(runs.get(id)).toBe(3);
  });

  it('fails at once on a PermanentJobError or a payload that no longer parses', async () => {
    const permanent = await add('test.permanent', {});
    const [bad] = await sqlRows<{ id: number }>(
      database.db,
      sql`insert into jobs (name, payload, max_attempts) values ('test.echo', '{"value":"x"}', 5) returning id`,
    );
    await newWorker().drain();
    expect(await jobRow(permanent.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'nothing to retry',
    });
    expect(await jobRow(bad!.id)).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('backoff grows exponentially with jitter, capped', () => {
    const b = { baseMs: 1000, maxMs: 10_000 };
    expect(retryDelayMs(b, 1, () => 0)).toBe(500);
    expect(retryDelayMs(b, 1, () => 1)).toBe(1000);
    expect(retryDelayMs(b, 3, () => 1)).toBe(4000);
    expect(retryDelayMs(b, 3, () => 0)).toBe(2000);
    expect(retryDelayMs(b, 20, () => 1)).toBe(10_000);
  });
});

describe('several workers', () => {
  it('never run the same job twice: many jobs, three workers of two slots, each job runs exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push((await add('test.echo', { value: i })).id);
    const pool = [1, 2, 3].map(() => newWorker({ concurrency: 2, pollMs: 50 }));
    await Promise.all(pool.map((w) => w.start()));
    await waitFor(
      async () => {
        const [row] = await sqlRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from jobs where id = any(${`{${ids.join(',')}}`}::int[]) and state = 'succeeded'`,
        );
        return row!.n === ids.length || undefined;
      },
      'all 60 jobs to succeed',
      120_000,
    );
    await Promise.all(pool.map((w) => w.stop()));
    for (const id of ids) expect(runs.get(id), `job ${id}`).toBe(1);
    expect(overlaps).toBe(0);
  }, 180_000);
});

describe('waking and leases', () => {
  it('a notification wakes an idle worker (it would otherwise not poll for an hour)', async () => {
    const worker = newWorker({ pollMs: 3_600_000, concurrency: 2 });
    await worker.start();
    await waitFor(async () => worker.idleSlots === 2, 'the worker to go idle');
    const outside = await add('test.echo', { value: 1 });
    await stateOf(outside.id, 'succeeded');
    // Enqueued in a transaction: the notification goes out on commit.
    await waitFor(async () => worker.idleSlots === 2, 'the worker to go idle again');
    const inside = await database.db.transaction((tx) => enqueue(tx, named('test.echo'), { value: 2 }));
    await stateOf(inside.id, 'succeeded');
    await worker.stop();
  }, 60_000);

  it('a job whose worker died (claimed, never finished) is claimed again when its lease expires', async () => {
    const { id } = await add('test.hang', { note: 'abandoned' });
    // A "dead" worker: claims with a 300 ms lease and is never heard from again.
    const claimed = await claimNextJob(database.db, ['test.hang'], 'dead-worker', 300);
    expect(claimed?.id).toBe(id);
    expect(await jobRow(id)).toMatchObject({ state: 'running', lockedBy: 'dead-worker', attempts: 1 });
    const survivor = newWorker({ pollMs: 100 });
    await survivor.start();
    const done = await stateOf(id, 'succeeded');
    await survivor.stop();
    expect(done).toMatchObject({ attempts: 2, result: { by: 'survivor', attempt: 2 } });
  });

  it('a lease is renewed while a long job runs, so no other worker takes it', async () => {
    // Renewed every third of the 6 s lease: only a stall of 4 s could let it lapse (a loaded CI machine
    // stalled over a second), while the job outlasts the lease itself.
    const { id } = await add('test.slow', { ms: 8000 });
    const a = newWorker({ leaseMs: 6000, pollMs: 50 });
    const b = newWorker({ leaseMs: 6000, pollMs: 50 });
    await Promise.all([a.start(), b.start()]);
    await stateOf(id, 'succeeded');
    await Promise.all([a.stop(), b.stop()]);
    expect(runs.get(id)).toBe(1);
    expect((await jobRow(id)).attempts).toBe(1);
  }, 120_000);
});

describe('graceful shutdown', () => {
  it('lets the job in hand finish within the grace period', async () => {
    const { id } = await add('test.slow', { ms: 300 });
    const worker = newWorker();
    await worker.start();
    await stateOf(id, 'running');
    await worker.stop(30_000);
    expect(await jobRow(id)).toMatchObject({ state: 'succeeded', result: { aborted: false } });
  });

  it('releases a job that outlasts the grace period: queued again, the attempt not counted', async () => {
    const { id } = await add('test.slow', { ms: 600_000 });
    const worker = newWorker();
    await worker.start();
    await stateOf(id, 'running');
    await worker.stop(200);
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    // Another worker then runs it (shortened so the test ends).
    await database.db
      .update(jobs)
      .set({ payload: { ms: 1 } })
      .where(eq(jobs.id, id));
    await newWorker().drain();
    expect(await jobRow(id)).toMatchObject({ state: 'succeeded', attempts: 1 });
  });
});

describe('kill -9', () => {
  it('a job whose worker process is killed is finished by another worker after the lease expires', async () => {
    const pgliteDir = dbUrl ? null : mkdtempSync(join(tmpdir(), 'lw-kill9-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'testing/killableWorker.ts')],
      {
        cwd: join(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          ...(dbUrl
            ? { LW_TEST_DATABASE_URL: dbUrl }
            : { LW_TEST_PGLITE_DIR: pgliteDir!, LW_TEST_PGLITE_DUMP: inject('pgliteDump')! }),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const claimed = await new Promise<{ id: number; workerId: string }>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = out.match(/claimed (\d+) (\S+)/);
        if (m) resolve({ id: Number(m[1]), workerId: m[2]! });
      });
      child.on('exit', (code) => reject(new Error(`worker exited (${code}) before claiming: ${out}`)));
    });
    const exited = new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // PGlite: the killed process held the data folder; now this one opens it (as a restarted server would).
    const db = pgliteDir ? await openDatabase({ pgliteDir }) : database;
    try {
      const row = async () => (await db.db.select().from(jobs).where(eq(jobs.id, claimed.id)))[0]!;
      expect(await row()).toMatchObject({ state: 'running', lockedBy: claimed.workerId, attempts: 1 });
      const survivor = new JobWorker({
        deps: { ...deps, database: db },
        concurrency: 1,
        definitions,
        pollMs: 100,
      });
      await survivor.start();
      const done = await waitFor(
        async () => {
          const r = await row();
          return r.state === 'succeeded' ? r : undefined;
        },
        "the killed worker's job to be finished by another",
        60_000,
      );
      await survivor.stop();
      expect(done).toMatchObject({ attempts: 2, result: { by: 'survivor', attempt: 2 } });
    } finally {
      if (pgliteDir) {
        await db.close();
        rmSync(pgliteDir, { recursive: true, force: true });
      }
    }
  }, 120_000);
});
