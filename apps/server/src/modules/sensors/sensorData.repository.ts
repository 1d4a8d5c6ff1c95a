import { SENSOR_CHART_BUCKETS, type SensorStructureValue } from '@linewalker/domain';
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

const BucketRow = z.object({
  t0: z.string(),
  t1: z.string(),
  x0: z.number(),
  x1: z.number(),
  y0: z.number(),
  y1: z.number(),
  z0: z.number(),
  z1: z.number(),
  /** Per axis, whether the bucket's highest value came before its lowest (raw readings only; null when unknown). */
  xd: z.boolean().nullable(),
  yd: z.boolean().nullable(),
  zd: z.boolean().nullable(),
});
type BucketRow = z.infer<typeof BucketRow>;
type VibrationPoint = SensorStructureValue['vibrations'][number];

const AXES = ['x', 'y', 'z'] as const;

/**
 * The chart's points from its buckets (in time order): two a bucket, at its first and last reading, one
 * when a single value. Each axis goes from one of its bucket's extremes to the other in the order they
 * happened, where known (raw readings); otherwise (the hourly rollup keeps no order) from the extreme
 * nearer the line's previous value, so the line never climbs inside every bucket and drops between them
 * (a sawtooth the data does not have).
 */
export function bucketPoints(rows: readonly BucketRow[]): VibrationPoint[] {
  const points: VibrationPoint[] = [];
  let last: VibrationPoint | null = null;
  for (const row of rows) {
    const first: VibrationPoint = { recorded_date: row.t0, x: 0, y: 0, z: 0 };
    const second: VibrationPoint = { recorded_date: row.t1, x: 0, y: 0, z: 0 };
    for (const axis of AXES) {
      const low = row[`${axis}0`];
      const high = row[`${axis}1`];
      const known = row[`${axis}d`];
      const before = last?.[axis];
      const highFirst = known ?? (before !== undefined && Math.abs(before - high) < Math.abs(before - low));
      first[axis] = highFirst ? high : low;
      second[axis] = highFirst ? low : high;
    }
    points.push(first);
    const same = row.t0 === row.t1 && first.x === second.x && first.y === second.y && first.z === second.z;
    if (!same) points.push(second);
    last = second;
  }
  return points;
}

async function chartPoints(db: Db, buckets: SQL) {
  const rows = await queryRows(
    db,
    sql`select ${isoUtc(sql`t0`)} as t0, ${isoUtc(sql`t1`)} as t1, x0, x1, y0, y1, z0, z1, xd, yd, zd
        from (${buckets}) g order by t0`,
    BucketRow,
  );
  return bucketPoints(rows);
}

/**
 * One device's vibration from raw readings over [from, to], in buckets of `bucketMs` from `origin`
 * (`date_bin`): per bucket its first and last time, each axis's extremes and which came first. Reads the
 * (device, time) key only.
 */
export function rawVibrationSeries(
  db: Db,
  deviceId: string,
  from: Date,
  to: Date,
  bucketMs: number,
  origin: Date,
) {
  // A reading's vibration is a list of samples in the order taken: k orders them by time, then place in the
  // list (microseconds since `from` times a million, plus the place: exact for ranges up to ~100 days).
  return chartPoints(
    db,
    sql`select min(t) as t0, max(t) as t1, min(x) as x0, max(x) as x1, min(y) as y0, max(y) as y1,
          min(z) as z0, max(z) as z1,
          min(k) filter (where x = bx1) < min(k) filter (where x = bx0) as xd,
          min(k) filter (where y = by1) < min(k) filter (where y = by0) as yd,
          min(k) filter (where z = bz1) < min(k) filter (where z = bz0) as zd
        from (select b, t, k, x, y, z, min(x) over w as bx0, max(x) over w as bx1, min(y) over w as by0,
                max(y) over w as by1, min(z) over w as bz0, max(z) over w as bz1
              from (select date_bin(${`${bucketMs} milliseconds`}::interval, r.payload_time, ${origin.toISOString()}::timestamptz) as b,
                      r.payload_time as t,
                      (extract(epoch from r.payload_time - ${from.toISOString()}::timestamptz) * 1000000)::bigint * 1000000 + e.n as k,
                      (e.v->>'x')::float8 as x, (e.v->>'y')::float8 as y, (e.v->>'z')::float8 as z
                    from sensor_readings r,
                      jsonb_array_elements(coalesce(r.payload->'vibration', '[]'::jsonb)) with ordinality e(v, n)
                    where r.device_id = ${deviceId} and r.payload_time >= ${from.toISOString()}::timestamptz
                      and r.payload_time <= ${to.toISOString()}::timestamptz) v
              window w as (partition by b)) v
        group by b`,
  );
}

/**
 * One device's vibration from the hourly rollup, in buckets of `bucketMs` (whole hours) on the rollup's grid,
 * over the hours from `from` to `to` (both on the grid; each hour whole). Reads at most one row an hour.
 */
export function rollupVibrationSeries(db: Db, deviceId: string, from: Date, to: Date, bucketMs: number) {
  return chartPoints(
    db,
    sql`select min(vibration_first_at) as t0, max(vibration_last_at) as t1,
          min(vibration_x_min) as x0, max(vibration_x_max) as x1, min(vibration_y_min) as y0,
          max(vibration_y_max) as y1, min(vibration_z_min) as z0, max(vibration_z_max) as z1,
          null::boolean as xd, null::boolean as yd, null::boolean as zd
        from sensor_readings_hourly
        where device_id = ${deviceId} and hour >= ${from.toISOString()}::timestamptz
          and hour <= ${to.toISOString()}::timestamptz and vibration_first_at is not null
        group by date_bin(${`${bucketMs} milliseconds`}::interval, hour, ${ROLLUP_ORIGIN}::timestamptz)`,
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
