import type { JobState } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, moment } from './columns.ts';

/**
 * The background job queue (platform/jobs). Workers claim the oldest due `queued` row with
 * `FOR UPDATE SKIP LOCKED` and hold it under a lease (`locked_until`) that they renew while running;
 * a row whose lease ran out is queued again, so a killed worker's job is picked up by another.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    payload: jsonb('payload').notNull(),
    state: varchar('state', { length: 10 }).$type<JobState>().notNull().default('queued'),
    /** Not claimed before this moment (a delayed job, or the backoff after a failure). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedBy: varchar('locked_by', { length: 200 }),
    lockedUntil: moment('locked_until'),
    /** The last failure's message (never a stack). */
    lastError: text('last_error'),
    progressDone: integer('progress_done'),
    progressTotal: integer('progress_total'),
    result: jsonb('result'),
    /** At most one queued or running job per (name, dedupe_key): enqueueing it again returns that job. */
    dedupeKey: varchar('dedupe_key', { length: 200 }),
    /**
     * The user who started the job, whom it runs as; null for system work. A deleted user's jobs go
     * with them (never 'set null', which would turn them into system jobs).
     */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
  },
  (t) => [
    // Claiming: the oldest due queued job; finding expired leases: running rows by locked_until.
    index('jobs_claim_idx').on(t.runAt, t.id).where(sql`${t.state} = 'queued'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`${t.state} = 'running'`),
    uniqueIndex('jobs_dedupe_unique')
      .on(t.name, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null and ${t.state} in ('queued', 'running')`),
    index('jobs_state_idx').on(t.state, t.id),
    index('jobs_created_by_idx').on(t.createdBy),
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
  ],
);

/**
 * The next tick of each recurring job (a definition with a `schedule`). Every worker looks at the due rows
 * and moves a row's `next_run_at` on with a compare-and-set on the tick it read, enqueueing the tick's job in
 * the same transaction: however many workers look at once, one of them wins each tick and the others see
 * the row already moved, so each tick is enqueued once.
 */
export const jobSchedules = pgTable('job_schedules', {
  name: varchar('name', { length: 100 }).primaryKey(),
  /** The schedule the tick was computed from (`every 60000 ms`, `cron 0 3 * * *`): a changed one starts over. */
  schedule: varchar('schedule', { length: 200 }).notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: moment('last_run_at'),
  lastJobId: integer('last_job_id'),
});
