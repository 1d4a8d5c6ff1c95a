import { SENSOR_CHART_BUCKETS } from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { isoUtc } from '../../platform/db/geo.ts';
import { queryRows } from '../../platform/db/rows.ts';
import { HOUR_MS, ROLLUP_ORIGIN } from './sensorRollup.ts';

const num = z.number().nullable();
const ListRow = z.object({
  device_id: z.string(),
  structure_id: num,
  company_id: num,
  line_name: z.string().nullable(),
  struct_num: z.string().nullable(),
  latitude: num,
  longitude: num,
  battery: num,
  last_seen: z.string().nullable(),
  latest_time: z.string().nullable(),
  first_vibration: z.string().nullable(),
  tilt: z.unknown(),
  vibration: z.unknown(),
  risk: z.number().nullable(),
});
export type SensorListRow = z.infer<typeof ListRow>;

/**
 * Every live device in scope with its structure, line and latest value (one row per device, from the
 * latest-value columns: the readings are not read), and the highest level of its open alerts (the risk).
 * `scope` confines it to a company's structures.
 */
export function listSensorStructures(db: Db, scope: SQL) {
  return queryRows(
    db,
    sql`select d.device_id, d.structure_id, p.company_id, l.line_name, s.struct_num,
          s.location[1] as latitude, s.location[0] as longitude, d.battery,
          ${isoUtc(sql`d.last_seen_at`)} as last_seen, ${isoUtc(sql`d.latest_payload_time`)} as latest_time,
          ${isoUtc(sql`d.first_vibration_time`)} as first_vibration,
          d.latest_payload->'tilt'->-1 as tilt, d.latest_payload->'vibration'->-1 as vibration,
          (select max(a.level)::int from sensor_alerts a
            where a.device_id = d.device_id and a.ended_at is null and a.raised_at is not null) as risk
        from sensor_devices d
        left join structures s on s.id = d.structure_id
        left join projects p on p.id = s.project_id
        left join lines l on l.id = s.line_id
        where d.retired_at is null and ${scope}
        order by l.line_name nulls last, s.struct_num nulls last, d.device_id`,
    ListRow,
  );
}

const Point = z.object({ recorded_date: z.string(), x: z.number(), y: z.number(), z: z.number() });
const SeriesRow = Point.extend({ o: z.unknown() });

/**
 * The chart's points from `g` (one row per bucket: first and last vibration time, min and max per axis): the
 * minimum at the bucket's first time and the maximum at its last (one point when they are the same), so a
 * chart never gets more than two points a bucket.
 */
function pointsOf(db: Db, g: SQL) {
  return queryRows(
    db,
    sql`with g as (${g})
        select ${isoUtc(sql`t0`)} as recorded_date, x0 as x, y0 as y, z0 as z, t0 as o from g
        union all
        select ${isoUtc(sql`t1`)}, x1, y1, z1, t1 from g where (x1, y1, z1, t1) is distinct from (x0, y0, z0, t0)
        order by o`,
    SeriesRow,
  );
}

/**
 * One device's vibration from raw readings over [from, to], in buckets of `bucketMs` from `origin`
 * (`date_bin`). Reads the (device, time) key only.
 */
export function rawVibrationSeries(
  db: Db,
  deviceId: string,
  from: Date,
  to: Date,
  bucketMs: number,
  origin: Date,
) {
  return pointsOf(
    db,
    sql`select date_bin(${`${bucketMs} milliseconds`}::interval, v.t, ${origin.toISOString()}::timestamptz) as b,
          min(t) as t0, max(t) as t1, min(x) as x0, max(x) as x1, min(y) as y0, max(y) as y1, min(z) as z0, max(z) as z1
        from (select r.payload_time as t, (e->>'x')::float8 as x, (e->>'y')::float8 as y, (e->>'z')::float8 as z
              from sensor_readings r, jsonb_array_elements(coalesce(r.payload->'vibration', '[]'::jsonb)) e
              where r.device_id = ${deviceId} and r.payload_time >= ${from.toISOString()}::timestamptz
                and r.payload_time <= ${to.toISOString()}::timestamptz) v
        group by 1`,
  );
}

/**
 * One device's vibration from the hourly rollup, in buckets of `bucketMs` (whole hours) on the rollup's grid,
 * over the hours from `from` to `to` (both on the grid; each hour whole). Reads at most one row an hour.
 */
export function rollupVibrationSeries(db: Db, deviceId: string, from: Date, to: Date, bucketMs: number) {
  return pointsOf(
    db,
    sql`select date_bin(${`${bucketMs} milliseconds`}::interval, hour, ${ROLLUP_ORIGIN}::timestamptz) as b,
          min(vibration_first_at) as t0, max(vibration_last_at) as t1,
          min(vibration_x_min) as x0, max(vibration_x_max) as x1, min(vibration_y_min) as y0,
          max(vibration_y_max) as y1, min(vibration_z_min) as z0, max(vibration_z_max) as z1
        from sensor_readings_hourly
        where device_id = ${deviceId} and hour >= ${from.toISOString()}::timestamptz
          and hour <= ${to.toISOString()}::timestamptz and vibration_first_at is not null
        group by 1`,
  );
}

/** Ranges at least this long are drawn from the hourly rollup; shorter ones from raw readings. */
export const ROLLUP_RANGE_MS = 2 * 86_400_000;

/**
 * One device's vibration over [from, to], downsampled on the server so the chart never gets more than 1,000
 * points whatever the number of readings. A short range: raw readings cut into SENSOR_CHART_BUCKETS equal
 * buckets. A long range (≥ ROLLUP_RANGE_MS): the hourly rollup in buckets of whole hours (the fewest hours
 * giving at most SENSOR_CHART_BUCKETS buckets: 1 h for 7 days, 2 h for 30), from the bucket holding `from`
 * to the hour holding `to` — never raw rows.
 */
export function vibrationSeries(db: Db, deviceId: string, from: Date, to: Date) {
  const span = to.getTime() - from.getTime();
  if (span < ROLLUP_RANGE_MS) {
    // Buckets on a fixed grid (not from `from`): an unchanged device answers the same points on the next
    // 5-second refresh, so its ETag holds (304). One bucket fewer: the window then touches at most 500.
    const { bucketMs, origin } = rawWindow(from, to);
    return rawVibrationSeries(db, deviceId, from, to, bucketMs, origin);
  }
  const { start, end, bucketMs } = rollupWindow(from, to);
  return rollupVibrationSeries(db, deviceId, start, end, bucketMs);
}

/** The start of the `step`-long bucket holding `t`, on the rollup's grid. */
function onGrid(t: number, step: number): number {
  const origin = Date.parse(ROLLUP_ORIGIN);
  return origin + Math.floor((t - origin) / step) * step;
}

/** The raw chart's buckets over [from, to]: their size and the grid they are on. */
export function rawWindow(from: Date, to: Date) {
  const bucketMs = Math.max(1000, Math.ceil((to.getTime() - from.getTime()) / (SENSOR_CHART_BUCKETS - 1)));
  return { bucketMs, origin: new Date(onGrid(from.getTime(), bucketMs)) };
}

/** The rollup chart's window: its first bucket's start, the hour holding `to`, and the bucket size. */
export function rollupWindow(from: Date, to: Date) {
  const bucketMs = Math.ceil((to.getTime() - from.getTime()) / HOUR_MS / SENSOR_CHART_BUCKETS) * HOUR_MS;
  return {
    start: new Date(onGrid(from.getTime(), bucketMs)),
    end: new Date(onGrid(to.getTime(), HOUR_MS)),
    bucketMs,
  };
}

export function deviceCompany(db: Db, deviceId: string) {
  return queryRows(
    db,
    sql`select d.device_id, p.company_id from sensor_devices d
        left join structures s on s.id = d.structure_id left join projects p on p.id = s.project_id
        where d.device_id = ${deviceId}`,
    z.object({ device_id: z.string(), company_id: num }),
  ).then((rows) => rows[0] ?? null);
}

export function latestPayload(db: Db, deviceId: string) {
  return queryRows(
    db,
    sql`select device_id, ${isoUtc(sql`latest_payload_time`)} as payload_time, latest_payload as payload, battery
        from sensor_devices where device_id = ${deviceId} and latest_payload_time is not null`,
    z.object({
      device_id: z.string(),
      payload_time: z.string(),
      payload: z.record(z.string(), z.unknown()),
      battery: num,
    }),
  );
}
