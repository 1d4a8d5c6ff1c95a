import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { execute, queryRows } from '../../platform/db/rows.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { defineJob } from '../../platform/jobs/define.ts';

/** Raw readings are deleted this many hours at a time, so one transaction stays small. */
const HOURS_PER_STEP = 24;

/**
 * Deletes raw readings older than `rawDays`, a day at a time, each day in one transaction. Nothing is lost to
 * the charts: every reading is already in the hourly rollup (sensorRollup.ts), which the ingest keeps in the
 * transaction that stores it, and which is kept. Run again (a retried job), it finds nothing more. Answers
 * how many raw readings it removed.
 */
export async function pruneSensorReadings(db: Db, rawDays: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - rawDays * 86_400_000);
  cutoff.setUTCMinutes(0, 0, 0);
  let removed = 0;
  for (;;) {
    const n = await withTransaction(db, async (tx) => {
      const [oldest] = await queryRows(
        tx,
        sql`select (extract(epoch from min(payload_time)) * 1000)::float8 as t from sensor_readings
            where payload_time < ${cutoff.toISOString()}::timestamptz`,
        z.object({ t: z.number().nullable() }),
      );
      if (oldest?.t == null) return 0;
      const end = new Date(Math.min(oldest.t + HOURS_PER_STEP * 3_600_000, cutoff.getTime()));
      return execute(
        tx,
        sql`delete from sensor_readings where payload_time < ${end.toISOString()}::timestamptz`,
      );
    });
    if (n === 0) return removed;
    removed += n;
  }
}

/** Hourly: raw readings past `SENSOR_RAW_DAYS` are deleted (their hourly rollup stays). */
export const sensorRetentionJob = defineJob({
  name: 'sensors.retention',
  payload: z.object({}),
  schedule: { everyMs: 3_600_000 },
  maxAttempts: 3,
  leaseMs: 10 * 60_000,
  async run(ctx) {
    const removed = await pruneSensorReadings(
      ctx.deps.database.db,
      ctx.deps.config.sensorRawDays,
      new Date(),
    );
    return { removed };
  },
});
