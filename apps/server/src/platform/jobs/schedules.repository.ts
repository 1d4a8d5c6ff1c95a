import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobSchedules } from '../db/schema/index.ts';
import { type AnyJobDefinition, DEFAULT_MAX_ATTEMPTS } from './define.ts';
import { insertJob } from './jobs.repository.ts';
import { describeSchedule, firstTick, nextTick, type Schedule } from './schedule.ts';

type Scheduled = AnyJobDefinition & { schedule: Schedule };

/** The dedupe key of every scheduled run: a tick while the previous run waits or runs is merged into it. */
export const SCHEDULE_DEDUPE_KEY = 'schedule';

/** Adds the schedules first seen, and starts over those whose schedule changed. */
export async function registerSchedules(db: Db, defs: readonly Scheduled[], now: Date): Promise<void> {
  if (defs.length === 0) return;
  await db
    .insert(jobSchedules)
    .values(
      defs.map((d) => ({
        name: d.name,
        schedule: describeSchedule(d.schedule),
        nextRunAt: firstTick(d.schedule, now),
      })),
    )
    .onConflictDoUpdate({
      target: jobSchedules.name,
      set: { schedule: sql`excluded.schedule`, nextRunAt: sql`excluded.next_run_at` },
      setWhere: ne(jobSchedules.schedule, sql`excluded.schedule`),
    });
}

/**
 * Enqueues the job of every due tick, once: the tick is taken by moving `next_run_at` on from the value read
 * (compare-and-set) in the transaction that enqueues the job, so a worker that read the same tick changes no
 * row and enqueues nothing. Returns the ids of the jobs this call enqueued (or merged into).
 */
export async function takeDueTicks(db: Db, defs: readonly Scheduled[], now: Date): Promise<number[]> {
  if (defs.length === 0) return [];
  const byName = new Map(defs.map((d) => [d.name, d]));
  const due = await db
    .select({ name: jobSchedules.name, nextRunAt: jobSchedules.nextRunAt })
    .from(jobSchedules)
    .where(and(inArray(jobSchedules.name, [...byName.keys()]), lte(jobSchedules.nextRunAt, now)));
  const ids: number[] = [];
  for (const row of due) {
    const def = byName.get(row.name)!;
    const id = await db.transaction(async (tx) => {
      const taken = await tx
        .update(jobSchedules)
        .set({ nextRunAt: nextTick(def.schedule, row.nextRunAt, now), lastRunAt: row.nextRunAt })
        .where(and(eq(jobSchedules.name, row.name), eq(jobSchedules.nextRunAt, row.nextRunAt)))
        .returning({ name: jobSchedules.name });
      if (taken.length === 0) return null;
      const job = await insertJob(tx, {
        name: def.name,
        payload: def.payload.parse({}),
        maxAttempts: def.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        runAt: row.nextRunAt,
        dedupeKey: SCHEDULE_DEDUPE_KEY,
        createdBy: null,
      });
      await tx.update(jobSchedules).set({ lastJobId: job.id }).where(eq(jobSchedules.name, row.name));
      return job.id;
    });
    if (id !== null) ids.push(id);
  }
  return ids;
}
