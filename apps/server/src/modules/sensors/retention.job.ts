import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { execute } from '../../platform/db/rows.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { defineJob } from '../../platform/jobs/define.ts';

/** Raw readings are folded this many hours at a time, so one transaction stays small. */
const HOURS_PER_STEP = 24;

/**
 * Folds raw readings older than `rawDays` into hourly aggregates (per device and hour: how many, the vibration
 * range on each axis, the mean tilt) and deletes them, a day at a time, each day in one transaction. An hour
 * folded twice (a job run again after a crash) adds to its aggregate only the readings still raw, so nothing
 * is counted twice. Answers how many raw readings it removed.
 */
export async function pruneSensorReadings(db: Db, rawDays: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - rawDays * 86_400_000);
  cutoff.setUTCMinutes(0, 0, 0);
  let removed = 0;
  for (;;) {
    const n = await withTransaction(db, async (tx) => {
      const oldest = (await tx.execute(
        sql`select min(payload_time) as t from sensor_readings where payload_time < ${cutoff.toISOString()}::timestamptz`,
      )) as unknown as { rows: { t: Date | string | null }[] };
      const t = oldest.rows[0]?.t;
      if (!t) return 0;
      const end = new Date(Math.min(new Date(t).getTime() + HOURS_PER_STEP * 3_600_000, cutoff.getTime()));
      const window = sql`payload_time < ${end.toISOString()}::timestamptz`;
      await execute(
        tx,
        sql`insert into sensor_readings_hourly as h (device_id, hour, readings, vibration_x_min, vibration_x_max,
              vibration_y_min, vibration_y_max, vibration_z_min, vibration_z_max, tilt_x, tilt_y, tilt_z)
            select r.device_id, date_trunc('hour', r.payload_time), count(distinct r.payload_time),
              min((v->>'x')::float8), max((v->>'x')::float8), min((v->>'y')::float8), max((v->>'y')::float8),
              min((v->>'z')::float8), max((v->>'z')::float8),
              avg((r.payload->'tilt'->-1->>'x')::float8), avg((r.payload->'tilt'->-1->>'y')::float8),
              avg((r.payload->'tilt'->-1->>'z')::float8)
            from sensor_readings r
            left join lateral jsonb_array_elements(coalesce(r.payload->'vibration', '[]'::jsonb)) v on true
            where ${window}
            group by r.device_id, date_trunc('hour', r.payload_time)
            on conflict (device_id, hour) do update set
              readings = h.readings + excluded.readings,
              vibration_x_min = least(h.vibration_x_min, excluded.vibration_x_min),
              vibration_x_max = greatest(h.vibration_x_max, excluded.vibration_x_max),
              vibration_y_min = least(h.vibration_y_min, excluded.vibration_y_min),
              vibration_y_max = greatest(h.vibration_y_max, excluded.vibration_y_max),
              vibration_z_min = least(h.vibration_z_min, excluded.vibration_z_min),
              vibration_z_max = greatest(h.vibration_z_max, excluded.vibration_z_max),
              tilt_x = coalesce((h.tilt_x * h.readings + excluded.tilt_x * excluded.readings) / (h.readings + excluded.readings), h.tilt_x, excluded.tilt_x),
              tilt_y = coalesce((h.tilt_y * h.readings + excluded.tilt_y * excluded.readings) / (h.readings + excluded.readings), h.tilt_y, excluded.tilt_y),
              tilt_z = coalesce((h.tilt_z * h.readings + excluded.tilt_z * excluded.readings) / (h.readings + excluded.readings), h.tilt_z, excluded.tilt_z)`,
      );
      return execute(tx, sql`delete from sensor_readings where ${window}`);
    });
    if (n === 0) return removed;
    removed += n;
  }
}

/** Hourly: raw readings past `SENSOR_RAW_DAYS` become hourly aggregates. */
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
