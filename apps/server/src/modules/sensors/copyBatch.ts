import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { copyIn, copyTextValue, postgresClientOf } from '../../platform/db/copyFrom.ts';
import { execute, queryRows } from '../../platform/db/rows.ts';
import { HOUR_MS, ROLLUP_COLUMNS, rollupMerge } from './sensorRollup.ts';
import type { BatchDevice, PreparedReading } from './sensors.repository.ts';

const LockedDeviceRow = z.object({
  device_id: z.string(),
  latest_ms: z.number().nullable(),
  company_id: z.number().nullable(),
  ptype_id: z.number().nullable(),
});

/**
 * storeBatch's work on PostgreSQL, cheaper: the readings go in by COPY and the hourly rollup and latest
 * values come folded from JavaScript (batchFold.ts) as flat arrays, so PostgreSQL neither parses the batch
 * as JSON twice nor reads every payload's JSON again for the rollup (those were most of its time per
 * batch). Three statements instead of one: lock the live devices (in id order, as storeBatch) and answer
 * their latest time before the batch, COPY the live devices' readings, fold.
 *
 * COPY has no ON CONFLICT: it is used only when no reading of the batch can be stored already: each is
 * newer than its device's latest reading (the latest-value row never lags the readings: every write path
 * moves it in the same transaction) and no two share a device and time. Otherwise (a late or repeated
 * delivery) it answers null without writing and the caller stores the batch with storeBatch, in the same
 * transaction. Should COPY still meet a stored (device, time), it fails with unique_violation (23505) and the
 * transaction is rolled back: the caller runs the batch again with storeBatch (sensorIngestor.ts).
 *
 * Null too on PGlite (no COPY FROM STDIN on its one connection): storeBatch there.
 */
export async function storeBatchByCopy(
  tx: Db,
  readings: readonly PreparedReading[],
): Promise<{ stored: number; devices: BatchDevice[] } | null> {
  const client = postgresClientOf(tx);
  if (!client) return null;
  if (readings.length === 0) return { stored: 0, devices: [] };
  const ids = [...new Set(readings.map((r) => r.deviceId))];
  // One reading per device (the usual batch: 50 ms of a fleet's stream) makes each reading its own rollup row
  // and latest value, folded by PostgreSQL without grouping; a batch with more goes to storeBatch.
  if (ids.length !== readings.length) return null;
  const devices = await queryRows(
    tx,
    sql`with dev as (select device_id, structure_id, latest_payload_time from sensor_devices
                     where device_id = any(${textArrayLiteral(ids)}::text[]) and retired_at is null
                     order by device_id for update)
        select dev.device_id, (extract(epoch from dev.latest_payload_time) * 1000)::float8 as latest_ms,
          p.company_id, p.ptype_id
        from dev left join structures st on st.id = dev.structure_id left join projects p on p.id = st.project_id`,
    LockedDeviceRow,
  );
  const latestBefore = new Map<string, number | null>();
  for (const d of devices) latestBefore.set(d.device_id, d.latest_ms);
  const live: PreparedReading[] = [];
  for (const r of readings) {
    const before = latestBefore.get(r.deviceId);
    if (before === undefined) continue;
    if (before !== null && r.payloadTimeMs <= before) return null;
    live.push(r);
  }
  if (live.length === 0) return { stored: 0, devices };
  let text = '';
  // Readings of one moment share its text (a fleet often reports on the same second): toISOString costs.
  let lastMs = Number.NaN;
  let lastIso = '';
  for (const r of live) {
    if (r.payloadTimeMs !== lastMs) {
      lastMs = r.payloadTimeMs;
      lastIso = new Date(lastMs).toISOString();
    }
    text += `${copyTextValue(r.deviceId)}\t${lastIso}\t${copyTextValue(r.payloadJson)}\n`;
  }
  await copyIn(client, 'copy sensor_readings (device_id, payload_time, payload) from stdin', text);
  await execute(tx, foldStatement(live));
  return { stored: live.length, devices };
}

/**
 * The rollup's merge and the latest-value update of `readings` (just stored, one per device), in one
 * statement: each reading is one rollup row (its device and hour: one reading, its vibration range, its
 * tilt) and its device's latest value. The readings go as columns of numbers (times in epoch ms: formatting
 * thousands of ISO strings cost more JavaScript time than the rest) and their payloads as one JSON array.
 */
function foldStatement(readings: readonly PreparedReading[]) {
  const c = {
    d: new ArrayLiteral(),
    t: new ArrayLiteral(),
    h: new ArrayLiteral(),
    x0: new ArrayLiteral(),
    x1: new ArrayLiteral(),
    y0: new ArrayLiteral(),
    y1: new ArrayLiteral(),
    z0: new ArrayLiteral(),
    z1: new ArrayLiteral(),
    tx: new ArrayLiteral(),
    ty: new ArrayLiteral(),
    tz: new ArrayLiteral(),
    b: new ArrayLiteral(),
    v: new ArrayLiteral(),
  };
  let payloads = '[';
  for (let i = 0; i < readings.length; i++) {
    const r = readings[i]!;
    c.d.quoted(r.deviceId);
    c.t.add(r.payloadTimeMs);
    c.h.add(Math.floor(r.payloadTimeMs / HOUR_MS) * HOUR_MS);
    c.x0.add(r.vibMinX);
    c.x1.add(r.vibMaxX);
    c.y0.add(r.vibMinY);
    c.y1.add(r.vibMaxY);
    c.z0.add(r.vibMinZ);
    c.z1.add(r.vibMaxZ);
    c.tx.add(r.tiltX);
    c.ty.add(r.tiltY);
    c.tz.add(r.tiltZ);
    c.b.add(r.battery);
    c.v.add(r.vibrating ? 't' : 'f');
    payloads += i === 0 ? r.payloadJson : `,${r.payloadJson}`;
  }
  payloads += ']';
  const at = (column: string) => sql.raw(`to_timestamp(${column} / 1000)`);
  return sql`with r as (select * from rows from (
        unnest(${c.d.end()}::text[], ${c.t.end()}::float8[], ${c.h.end()}::float8[],
          ${c.x0.end()}::float8[], ${c.x1.end()}::float8[], ${c.y0.end()}::float8[], ${c.y1.end()}::float8[],
          ${c.z0.end()}::float8[], ${c.z1.end()}::float8[],
          ${c.tx.end()}::float8[], ${c.ty.end()}::float8[], ${c.tz.end()}::float8[],
          ${c.b.end()}::float8[], ${c.v.end()}::boolean[]),
        jsonb_array_elements(${payloads}::jsonb))
      as r(d, t, hr, x0, x1, y0, y1, z0, z1, tx, ty, tz, b, v, p)),
    roll as (
      -- The grid's origin (2000-01-01T00:00Z) is a whole number of hours after 1970: hr is floored in JavaScript.
      insert into sensor_readings_hourly as h (${ROLLUP_COLUMNS})
      select d, ${at('hr')}, 1, x0, x1, y0, y1, z0, z1,
        case when v then ${at('t')} end, case when v then ${at('t')} end,
        (tx is not null)::int, tx, ty, tz
      from r
      order by 1, 2
      ${rollupMerge}
      returning 1)
    update sensor_devices s set
      latest_payload_time = case when s.latest_payload_time is null or ${at('r.t')} >= s.latest_payload_time
                                 then ${at('r.t')} else s.latest_payload_time end,
      latest_payload = case when s.latest_payload_time is null or ${at('r.t')} >= s.latest_payload_time
                            then r.p else s.latest_payload end,
      battery = case when r.b is not null and (s.latest_payload_time is null or ${at('r.t')} >= s.latest_payload_time)
                     then r.b else s.battery end,
      first_vibration_time = case when r.v then least(s.first_vibration_time, ${at('r.t')})
                                  else s.first_vibration_time end,
      last_seen_at = now()
    from r
    where s.device_id = r.d`;
}

/**
 * A PostgreSQL array literal built value by value, sent as one bind value: numbers (null as NULL),
 * booleans as t/f, or strings quoted (so a device called NULL stays one).
 */
class ArrayLiteral {
  private text = '{';

  add(value: number | string | null): void {
    this.text += `${this.text.length === 1 ? '' : ','}${value ?? 'NULL'}`;
  }

  quoted(value: string): void {
    const safe = /["\\]/.test(value) ? value.replace(/["\\]/g, (ch) => `\\${ch}`) : value;
    this.text += `${this.text.length === 1 ? '' : ','}"${safe}"`;
  }

  end(): string {
    return `${this.text}}`;
  }
}

/** A PostgreSQL array literal of strings (see ArrayLiteral). */
function textArrayLiteral(values: readonly string[]): string {
  const out = new ArrayLiteral();
  for (const v of values) out.quoted(v);
  return out.end();
}
