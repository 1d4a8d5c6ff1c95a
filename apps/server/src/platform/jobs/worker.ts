import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { ZodError } from 'zod';
import { retryDelayMs } from './backoff.ts';
import {
  type AnyJobDefinition,
  DEFAULT_BACKOFF,
  DEFAULT_LEASE_MS,
  type JobContext,
  type JobDeps,
  type JobLog,
  PermanentJobError,
} from './define.ts';
import { jobActor } from './jobActor.ts';
import {
  type ClaimedJob,
  claimNextJob,
  completeJob,
  failJob,
  JOBS_CHANNEL,
  releaseJob,
  renewLease,
  requeueExpiredJobs,
  saveProgress,
} from './jobs.repository.ts';
import type { Schedule } from './schedule.ts';
import { registerSchedules, takeDueTicks } from './schedules.repository.ts';

export interface WorkerOptions {
  deps: JobDeps;
  /** Jobs run at the same time by this worker (`JOB_WORKERS`). */
  concurrency: number;
  /** The jobs this worker runs: the application's (`src/jobs.ts`), or a test's own. */
  definitions: readonly AnyJobDefinition[];
  /** How often an idle worker looks for due jobs when no notification wakes it (and for expired leases). */
  pollMs?: number;
  /** Overrides each definition's lease (tests shorten it). */
  leaseMs?: number;
  /** How long `stop()` lets the jobs in hand finish before releasing them. */
  graceMs?: number;
  log?: JobLog;
  /** The clock recurring jobs' ticks are compared with (tests move it by hand). */
  now?: () => Date;
}

const silent: JobLog = { info() {}, warn() {}, error() {} };
/** Progress is written at most this often (plus the final value), so a chatty handler costs little. */
const PROGRESS_EVERY_MS = 250;
const MAX_ERROR_LENGTH = 2000;

interface InHand {
  job: ClaimedJob;
  controller: AbortController;
  /** Set when shutdown gave the job back: whatever the handler does next is not recorded. */
  released: boolean;
  done: Promise<void>;
}

/**
 * Runs queued jobs: `concurrency` loops, each claiming one due job at a time. Idle loops wake on the
 * jobs channel's notifications where the database delivers them and poll every `pollMs` regardless,
 * so a missed notification only delays a job. Each claim is held under a lease renewed while the
 * handler runs; a worker that dies stops renewing and any other worker requeues the job when the lease
 * runs out.
 */
export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly definitions: ReadonlyMap<string, AnyJobDefinition>;
  private readonly names: string[];
  private readonly scheduled: (AnyJobDefinition & { schedule: Schedule })[];
  private schedulesRegistered = false;
  private readonly pollMs: number;
  private readonly graceMs: number;
  private readonly log: JobLog;
  private readonly inHand = new Map<number, InHand>();
  private readonly waiters = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private stopping = false;
  private wakeups = 0;
  private lastReap = 0;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly opts: WorkerOptions) {
    this.definitions = new Map(opts.definitions.map((d) => [d.name, d]));
    this.names = [...this.definitions.keys()];
    this.scheduled = opts.definitions.filter(
      (d): d is AnyJobDefinition & { schedule: Schedule } => !!d.schedule,
    );
    this.pollMs = opts.pollMs ?? 1500;
    this.graceMs = opts.graceMs ?? 10_000;
    this.log = opts.log ?? silent;
  }

  /** Loops waiting for work (tests wait for this before checking that a notification wakes them). */
  get idleSlots(): number {
    return this.waiters.size;
  }

  private get db() {
    return this.opts.deps.database.db;
  }

  async start(): Promise<void> {
    try {
      this.unlisten = await this.opts.deps.database.listen(JOBS_CHANNEL, () => this.wake());
    } catch (err) {
      this.log.warn({ err }, 'jobs: LISTEN failed; polling only');
    }
    for (let i = 0; i < this.opts.concurrency; i++) this.loops.push(this.loop());
  }

  /** Wakes idle loops (a notification arrived, or a test wants a claim now). */
  wake(): void {
    this.wakeups++;
    for (const resolve of [...this.waiters]) resolve();
  }

  /**
   * Stops claiming; jobs in hand get `graceMs` to finish, then their signal is aborted and they are
   * released (queued again without using up an attempt) for another worker.
   */
  async stop(graceMs = this.graceMs): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.wake();
    await this.unlisten?.().catch(() => {});
    const finished = Promise.all([...this.inHand.values()].map((h) => h.done)).then(() => true);
    const inTime = await Promise.race([finished, sleep(graceMs, false, { ref: false })]);
    if (!inTime) {
      for (const held of this.inHand.values()) {
        held.released = true;
        held.controller.abort(new Error('The worker is shutting down'));
        try {
          if (await releaseJob(this.db, held.job.id, this.id)) {
            this.log.info({ jobId: held.job.id, job: held.job.name }, 'jobs: released unfinished job');
          }
        } catch (err) {
          this.log.error({ err, jobId: held.job.id }, 'jobs: could not release job (its lease will expire)');
        }
      }
    }
    // Loops whose handler ignores the abort never end; do not wait for them.
    await Promise.race([Promise.all(this.loops), sleep(inTime ? graceMs : 1000, undefined, { ref: false })]);
  }

  /**
   * Runs due jobs until none is left, in this call (tests and one-off scripts); returns how many ran.
   * Jobs waiting for a later `run_at` (backoff) are not waited for.
   */
  async drain(): Promise<number> {
    let ran = 0;
    await requeueExpiredJobs(this.db);
    for (;;) {
      const job = await claimNextJob(this.db, this.names, this.id, this.maxLeaseMs());
      if (!job) return ran;
      await this.track(job);
      ran++;
    }
  }

  /**
   * Enqueues the recurring jobs whose tick is due (each tick once, however many workers call this at once);
   * the loops call it every `pollMs`. Returns the ids of the jobs enqueued by this call.
   */
  async tickSchedules(): Promise<number[]> {
    if (this.scheduled.length === 0) return [];
    const now = this.opts.now?.() ?? new Date();
    if (!this.schedulesRegistered) {
      await registerSchedules(this.db, this.scheduled, now);
      this.schedulesRegistered = true;
    }
    const ids = await takeDueTicks(this.db, this.scheduled, now);
    if (ids.length) this.log.info({ jobIds: ids }, 'jobs: enqueued recurring jobs');
    return ids;
  }

  private maxLeaseMs(): number {
    if (this.opts.leaseMs) return this.opts.leaseMs;
    let longest = 0;
    for (const d of this.definitions.values()) longest = Math.max(longest, d.leaseMs ?? DEFAULT_LEASE_MS);
    return longest;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const wakeupsBefore = this.wakeups;
      let job: ClaimedJob | null = null;
      try {
        if (Date.now() - this.lastReap >= this.pollMs) {
          this.lastReap = Date.now();
          const requeued = await requeueExpiredJobs(this.db);
          if (requeued) this.log.warn({ requeued }, 'jobs: requeued jobs whose worker stopped');
          await this.tickSchedules();
        }
        if (this.stopping) return;
        job = await claimNextJob(this.db, this.names, this.id, this.maxLeaseMs());
      } catch (err) {
        this.log.error({ err }, 'jobs: could not claim (database unavailable?)');
      }
      if (job && this.stopping) {
        // Claimed while stop() began: give it straight back rather than start it.
        await releaseJob(this.db, job.id, this.id).catch(() => {});
        return;
      }
      if (job) await this.track(job);
      else if (this.wakeups === wakeupsBefore) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      this.waiters.add(done);
    });
  }

  private track(job: ClaimedJob): Promise<void> {
    const held: InHand = { job, controller: new AbortController(), released: false, done: Promise.resolve() };
    held.done = this.run(held).finally(() => this.inHand.delete(job.id));
    this.inHand.set(job.id, held);
    return held.done;
  }

  private async run(held: InHand): Promise<void> {
    const { job, controller } = held;
    const def = this.definitions.get(job.name)!;
    const leaseMs = this.opts.leaseMs ?? def.leaseMs ?? DEFAULT_LEASE_MS;
    const log = this.log;
    const renew = setInterval(() => {
      renewLease(this.db, job.id, this.id, leaseMs).then(
        (mine) => {
          if (!mine && !controller.signal.aborted) {
            log.warn({ jobId: job.id, job: job.name }, 'jobs: lease lost; another worker may run this job');
            controller.abort(new Error('The job lease was lost'));
          }
        },
        (err: unknown) => log.warn({ err, jobId: job.id }, 'jobs: could not renew lease'),
      );
    }, leaseMs / 3);
    let lastProgress = 0;
    const started = Date.now();
    try {
      const payload = def.payload.parse(job.payload);
      const ctx: JobContext = {
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        actor: await jobActor(this.db, job.id, job.createdBy),
        signal: controller.signal,
        deps: this.opts.deps,
        log,
        reportProgress: async (done, total) => {
          const now = Date.now();
          if (done < total && now - lastProgress < PROGRESS_EVERY_MS) return;
          lastProgress = now;
          await saveProgress(this.db, job.id, this.id, done, total);
        },
      };
      const result = await def.run(ctx, payload);
      if (held.released) return;
      if (await completeJob(this.db, job.id, this.id, result ?? null)) {
        log.info({ jobId: job.id, job: job.name, ms: Date.now() - started }, 'jobs: succeeded');
      } else {
        log.warn({ jobId: job.id, job: job.name }, 'jobs: finished after losing its lease; result dropped');
      }
    } catch (err) {
      if (held.released) return;
      const permanent = err instanceof PermanentJobError || err instanceof ZodError;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);
      const delay = retryDelayMs(def.backoff ?? DEFAULT_BACKOFF, job.attempts);
      try {
        const state = await failJob(this.db, job.id, this.id, message, delay, permanent);
        const level = state === 'failed' ? 'error' : 'warn';
        log[level](
          {
            err,
            jobId: job.id,
            job: job.name,
            attempt: job.attempts,
            retryInMs: state === 'queued' ? delay : undefined,
          },
          state === 'failed' ? 'jobs: failed for good' : 'jobs: failed; will retry',
        );
      } catch (saveErr) {
        log.error({ err: saveErr, jobId: job.id }, 'jobs: could not record failure (its lease will expire)');
      }
    } finally {
      clearInterval(renew);
    }
  }
}
