import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { execute, queryRows } from '../../platform/db/rows.ts';

/** The rollup's grid: whole UTC hours from this origin (date_bin, so the session's time zone plays no part). */
export const ROLLUP_ORIGIN = '2000-01-01T00:00:00Z';
export const HOUR_MS = 3_600_000;

/**
 * Folds rows of `source` (a query or CTE giving device_id, payload_time, payload; each reading once) into
 * sensor_readings_hourly. Per reading its vibration entries are reduced first (so a reading with several
 * entries counts once in the tilt mean), then per device and hour: readings, min/max per axis, the first and
 * last time with a vibration, the tilt mean over readings with a tilt. An hour already there is merged
 * (counts added, min/max widened, means weighted), which is what makes a late reading land correctly and
 * lets a batch add to an hour other batches began. Min/max/first/last are exact; the mean is exact up to
 * floating-point rounding.
 */
export function rollupInsert(source: SQL): SQL {
  return sql`insert into sensor_readings_hourly as h (device_id, hour, readings, vibration_x_min, vibration_x_max,
      vibration_y_min, vibration_y_max, vibration_z_min, vibration_z_max, vibration_first_at, vibration_last_at,
      tilt_readings, tilt_x, tilt_y, tilt_z)
    select r.device_id, date_bin('1 hour', r.payload_time, ${ROLLUP_ORIGIN}::timestamptz), count(*)::int,
      min(r.x0), max(r.x1), min(r.y0), max(r.y1), min(r.z0), max(r.z1),
      min(r.payload_time) filter (where r.n > 0), max(r.payload_time) filter (where r.n > 0),
      count(r.tx)::int, avg(r.tx), avg(r.ty), avg(r.tz)
    from (
      -- Per reading its vibration entries reduced: the one entry itself when there is one (the usual case: a
      -- subquery per reading over its entries cost ~3 ms of a 2,500-reading batch's ~64), else over all.
      select r.device_id, r.payload_time, r.n,
        case when r.n <= 1 then r.x else ${over('min', 'x')} end as x0,
        case when r.n <= 1 then r.x else ${over('max', 'x')} end as x1,
        case when r.n <= 1 then r.y else ${over('min', 'y')} end as y0,
        case when r.n <= 1 then r.y else ${over('max', 'y')} end as y1,
        case when r.n <= 1 then r.z else ${over('min', 'z')} end as z0,
        case when r.n <= 1 then r.z else ${over('max', 'z')} end as z1,
        (r.tilt->>'x')::float8 as tx, (r.tilt->>'y')::float8 as ty, (r.tilt->>'z')::float8 as tz
      from (
        select v.device_id, v.payload_time, v.vib, v.tilt, jsonb_array_length(v.vib) as n,
          (v.vib->0->>'x')::float8 as x, (v.vib->0->>'y')::float8 as y, (v.vib->0->>'z')::float8 as z
        from (
          select s.device_id, s.payload_time, s.payload->'tilt'->-1 as tilt,
            case when jsonb_typeof(s.payload->'vibration') = 'array' then s.payload->'vibration' else '[]'::jsonb end as vib
          from (${source}) s
          offset 0) v
        offset 0) r
    ) r
    group by 1, 2
    order by 1, 2
    on conflict (device_id, hour) do update set
      readings = h.readings + excluded.readings,
      vibration_x_min = least(h.vibration_x_min, excluded.vibration_x_min),
      vibration_x_max = greatest(h.vibration_x_max, excluded.vibration_x_max),
      vibration_y_min = least(h.vibration_y_min, excluded.vibration_y_min),
      vibration_y_max = greatest(h.vibration_y_max, excluded.vibration_y_max),
      vibration_z_min = least(h.vibration_z_min, excluded.vibration_z_min),
      vibration_z_max = greatest(h.vibration_z_max, excluded.vibration_z_max),
      vibration_first_at = least(h.vibration_first_at, excluded.vibration_first_at),
      vibration_last_at = greatest(h.vibration_last_at, excluded.vibration_last_at),
      tilt_readings = h.tilt_readings + excluded.tilt_readings,
      tilt_x = ${mean('tilt_x')}, tilt_y = ${mean('tilt_y')}, tilt_z = ${mean('tilt_z')}`;
}

/** The least or greatest of one axis over a reading's vibration entries (`r.vib`). */
const over = (fn: 'min' | 'max', axis: 'x' | 'y' | 'z') =>
  sql.raw(`(select ${fn}((e->>'${axis}')::float8) from jsonb_array_elements(r.vib) e)`);

const mean = (column: 'tilt_x' | 'tilt_y' | 'tilt_z') => {
  const c = sql.raw(column);
  return sql`(coalesce(h.${c} * h.tilt_readings, 0) + coalesce(excluded.${c} * excluded.tilt_readings, 0))
    / nullif(h.tilt_readings + excluded.tilt_readings, 0)`;
};

/** Raw readings folded per statement by the backfill: a day, so one statement stays under the timeout. */
const BACKFILL_STEP_MS = 24 * HOUR_MS;

/**
 * Adds raw readings that did not come through the ingest (the migration's backfill does the same for the
 * readings stored before the rollup existed; a bulk load, the benchmark's generated readings) to the rollup,
 * a day at a time. Additive: a reading folded twice counts twice, so run it once per set of readings.
 * `deviceIds` confines it to those devices. Answers the readings folded.
 */
export async function backfillSensorRollup(db: Db, deviceIds?: readonly string[]): Promise<number> {
  const devices = deviceIds
    ? sql`and device_id in (select jsonb_array_elements_text(${JSON.stringify(deviceIds)}::jsonb))`
    : sql``;
  const [span] = await queryRows(
    db,
    sql`select (extract(epoch from min(payload_time)) * 1000)::float8 as first,
          (extract(epoch from max(payload_time)) * 1000)::float8 as last, count(*)::int as n
        from sensor_readings where true ${devices}`,
    z.object({ first: z.number().nullable(), last: z.number().nullable(), n: z.number() }),
  );
  if (span?.first == null || span.last == null) return 0;
  for (let at = Math.floor(span.first / HOUR_MS) * HOUR_MS; at <= span.last; at += BACKFILL_STEP_MS) {
    const from = new Date(at).toISOString();
    const to = new Date(at + BACKFILL_STEP_MS).toISOString();
    await execute(
      db,
      rollupInsert(
        sql`select device_id, payload_time, payload from sensor_readings
            where payload_time >= ${from}::timestamptz and payload_time < ${to}::timestamptz ${devices}`,
      ),
    );
  }
  return span.n;
}
