import type { JobState } from '@linewalker/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { execute, IdRow, queryRows } from '../db/rows.ts';
import { jobs, users } from '../db/schema/index.ts';

/** The channel every enqueue notifies (payload: the job name) and every worker listens on. */
export const JOBS_CHANNEL = 'linewalker_jobs';

export interface NewJob {
  name: string;
  payload: unknown;
  maxAttempts: number;
  runAt: Date | null;
  dedupeKey: string | null;
  createdBy: number | null;
}

/** A job a worker holds: what the handler needs. */
export interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  createdBy: number | null;
}

const ClaimedRow = z.object({
  id: z.number(),
  name: z.string(),
  payload: z.unknown(),
  attempts: z.number(),
  max_attempts: z.number(),
  created_by: z.number().nullable(),
});

const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;
const millis = (ms: number) => sql`(${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;

/**
 * Inserts a job and notifies the workers (inside a transaction the notification goes out on commit, with
 * the row). With a dedupe key an already queued or running job of that name and key is returned instead.
 */
export async function insertJob(
  db: Db,
  job: NewJob,
  retried = false,
): Promise<{ id: number; created: boolean }> {
  // The notification is sent by the same statement (one round trip less), only when a row was inserted.
  const [row] = await queryRows(
    db,
    sql`with inserted as (
          insert into jobs (name, payload, max_attempts, run_at, dedupe_key, created_by)
          values (${job.name}, ${JSON.stringify(job.payload)}::jsonb, ${job.maxAttempts},
                  coalesce(${job.runAt?.toISOString() ?? null}::timestamptz, now()), ${job.dedupeKey}, ${job.createdBy})
          on conflict (name, dedupe_key) where dedupe_key is not null and state in ('queued', 'running')
          do nothing
          returning id, name)
        select id, ${notifyWorkersOf(sql`inserted`)} as notified from inserted`,
    IdRow,
  );
  if (!row) {
    const [existing] = await queryRows(
      db,
      sql`select id from jobs where name = ${job.name} and dedupe_key = ${job.dedupeKey}
          and state in ('queued', 'running')`,
      IdRow,
    );
    if (existing) return { id: existing.id, created: false };
    // The other job finished between the two statements: a new one may be inserted now (once; a
    // caller's snapshot that cannot see the conflicting row would otherwise loop).
    if (retried) throw new Error(`Could not enqueue ${job.name} with dedupe key ${job.dedupeKey}`);
    return insertJob(db, job, true);
  }
  return { id: row.id, created: true };
}

/** A job written by the statement that makes the change, from the rows it writes (see `insertJobFrom`). */
export interface ChainedJob {
  name: string;
  /** SQL giving the jsonb payload from the row of `from`. */
  payload: SQL;
  maxAttempts: number;
  /** SQL giving the dedupe key from the row of `from`, or null for none. */
  dedupeKey: SQL | null;
  createdBy: number | null;
}

/**
 * The job's `INSERT … SELECT … FROM from … RETURNING id, name`, for a data-modifying CTE of the one statement
 * that makes the change (one job per row of `from`, due now): queued with it or not at all, without a
 * transaction's extra round trips. As `insertJob`, a job of that name and dedupe key already queued or
 * running is kept and nothing is inserted. The statement wakes the workers with `notifyWorkersOf` that CTE
 * in its final SELECT (a CTE that only selects runs only when read).
 */
export function insertJobFrom(job: ChainedJob, from: SQL): SQL {
  return sql`insert into jobs (name, payload, max_attempts, run_at, dedupe_key, created_by)
    select ${job.name}, ${job.payload}, ${job.maxAttempts}, now(), ${job.dedupeKey ?? sql`null`},
      ${job.createdBy}::int
    from ${from}
    on conflict (name, dedupe_key) where dedupe_key is not null and state in ('queued', 'running')
    do nothing
    returning id, name`;
}

/** SQL notifying the workers once per job row of `inserted` (a CTE returning `name`), sent on commit. */
export const notifyWorkersOf = (inserted: SQL) =>
  sql`(select array_agg(pg_notify(${JOBS_CHANNEL}, name)::text) from ${inserted})`;

export async function notifyWorkers(db: Db, name: string): Promise<void> {
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${name})`);
}

/**
 * Claims the oldest due queued job of the given names: the row is locked and skipped by every other
 * claimer (SKIP LOCKED), so two workers never get the same job.
 */
export async function claimNextJob(
  db: Db,
  names: readonly string[],
  workerId: string,
  leaseMs: number,
): Promise<ClaimedJob | null> {
  const [row] = await queryRows(
    db,
    sql`update jobs set state = 'running', attempts = attempts + 1, locked_by = ${workerId},
          locked_until = now() + ${millis(leaseMs)}, started_at = now()
        where id = (
          select id from jobs
          where state = 'queued' and run_at <= now() and name = any(${textArray(names)}::text[])
          order by run_at, id
          for update skip locked
          limit 1)
        returning id, name, payload, attempts, max_attempts, created_by`,
    ClaimedRow,
  );
  return row
    ? {
        id: row.id,
        name: row.name,
        payload: row.payload,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        createdBy: row.created_by,
      }
    : null;
}

/**
 * Running jobs whose lease ran out (their worker died or hung) go back to the queue, or fail when that
 * was their last attempt (the claim counted it). Returns how many were requeued.
 */
export async function requeueExpiredJobs(db: Db): Promise<number> {
  return execute(
    db,
    sql`update jobs set
          state = case when attempts >= max_attempts then 'failed' else 'queued' end,
          finished_at = case when attempts >= max_attempts then now() end,
          last_error = 'The worker running this job stopped before finishing it (its lease expired)',
          locked_by = null, locked_until = null, run_at = now()
        where id in (
          select id from jobs where state = 'running' and locked_until < now()
          for update skip locked)`,
  );
}

const heldBy = (id: number, workerId: string) =>
  and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.state, 'running'));

/** Extends the lease; false when the job is no longer this worker's (the lease ran out and it was requeued). */
export async function renewLease(db: Db, id: number, workerId: string, leaseMs: number): Promise<boolean> {
  const changed = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${millis(leaseMs)}` })
    .where(heldBy(id, workerId))
    .returning({ id: jobs.id });
  return changed.length > 0;
}

export async function saveProgress(db: Db, id: number, workerId: string, done: number, total: number) {
  await db.update(jobs).set({ progressDone: done, progressTotal: total }).where(heldBy(id, workerId));
}

/** False when the job was no longer this worker's: its result is then dropped (another run owns it). */
export async function completeJob(db: Db, id: number, workerId: string, result: unknown): Promise<boolean> {
  const changed = await db
    .update(jobs)
    .set({
      state: 'succeeded',
      result: result === undefined ? null : result,
      lastError: null,
      lockedBy: null,
      lockedUntil: null,
      finishedAt: sql`now()`,
    })
    .where(heldBy(id, workerId))
    .returning({ id: jobs.id });
  return changed.length > 0;
}

/** Records a failed run: queued again after `retryInMs`, or failed for good after the last attempt. */
export async function failJob(
  db: Db,
  id: number,
  workerId: string,
  error: string,
  retryInMs: number,
  permanent: boolean,
): Promise<JobState | null> {
  const giveUp = permanent ? sql`true` : sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
  const [row] = await db
    .update(jobs)
    .set({
      state: sql`case when ${giveUp} then 'failed' else 'queued' end`,
      runAt: sql`case when ${giveUp} then ${jobs.runAt} else now() + ${millis(retryInMs)} end`,
      finishedAt: sql`case when ${giveUp} then now() end`,
      lastError: error,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(heldBy(id, workerId))
    .returning({ state: jobs.state });
  return row?.state ?? null;
}

/** Gives a job back unfinished (shutdown): queued at once, and this run does not count as an attempt. */
export async function releaseJob(db: Db, id: number, workerId: string): Promise<boolean> {
  const changed = await db
    .update(jobs)
    .set({
      state: 'queued',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      runAt: sql`now()`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(heldBy(id, workerId))
    .returning({ id: jobs.id });
  return changed.length > 0;
}

const jobColumns = {
  id: jobs.id,
  name: jobs.name,
  state: jobs.state,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  lastError: jobs.lastError,
  progressDone: jobs.progressDone,
  progressTotal: jobs.progressTotal,
  result: jobs.result,
  runAt: jobs.runAt,
  createdBy: jobs.createdBy,
  createdByEmail: users.email,
  createdAt: jobs.createdAt,
  startedAt: jobs.startedAt,
  finishedAt: jobs.finishedAt,
};
export type JobRow = Awaited<ReturnType<typeof findJob>> & {};

export async function findJob(db: Db, id: number) {
  const [row] = await db
    .select(jobColumns)
    .from(jobs)
    .leftJoin(users, eq(users.id, jobs.createdBy))
    .where(eq(jobs.id, id));
  return row ?? null;
}

export async function listJobs(
  db: Db,
  filter: { state?: JobState | undefined; name?: string | undefined },
  limit: number,
  offset: number,
) {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(eq(jobs.state, filter.state));
  if (filter.name) conditions.push(eq(jobs.name, filter.name));
  const where = conditions.length ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select(jobColumns)
      .from(jobs)
      .leftJoin(users, eq(users.id, jobs.createdBy))
      .where(where)
      .orderBy(desc(jobs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** Queues a failed job again with fresh attempts; false when it is not (or no longer) failed. */
export async function retryFailedJob(db: Db, id: number): Promise<{ name: string } | null> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'queued', attempts: 0, runAt: sql`now()`, finishedAt: null, result: null })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
    .returning({ name: jobs.name });
  return row ?? null;
}
