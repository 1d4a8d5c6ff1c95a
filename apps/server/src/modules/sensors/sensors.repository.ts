import { SensorDeviceRow, type SensorMessageValue } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { execute, queryRows } from '../../platform/db/rows.ts';

/** A message with the device it came from, ready to store. */
export interface DeviceReading extends SensorMessageValue {
  deviceId: string;
}

const DeviceAuthRow = z.object({ device_id: z.string(), structure_id: z.number().nullable() });

/** The live (not retired) device whose token hashes to `tokenHash`, optionally also checking its id. */
export async function findActiveDeviceByToken(db: Db, tokenHash: string, deviceId?: string) {
  const [row] = await queryRows(
    db,
    sql`select device_id, structure_id from sensor_devices
        where token_hash = ${tokenHash} and retired_at is null
        ${deviceId === undefined ? sql`` : sql`and device_id = ${deviceId}`}
        limit 1`,
    DeviceAuthRow,
  );
  return row ?? null;
}

const deviceColumns = sql`device_id, structure_id,
  to_char(retired_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as retired_at, battery,
  to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_seen_at`;

/** Registers a device; null when the id is taken (two registrations at once: one wins, one gets null). */
export async function insertDevice(db: Db, deviceId: string, structureId: number, tokenHash: string) {
  const [row] = await queryRows(
    db,
    sql`insert into sensor_devices (device_id, structure_id, token_hash) values (${deviceId}, ${structureId}, ${tokenHash})
        on conflict (device_id) do nothing returning ${deviceColumns}`,
    SensorDeviceRow,
  );
  return row ?? null;
}

export async function findDevice(db: Db, deviceId: string, lock = false) {
  const [row] = await queryRows(
    db,
    sql`select ${deviceColumns} from sensor_devices where device_id = ${deviceId} ${lock ? sql`for update` : sql``}`,
    SensorDeviceRow,
  );
  return row ?? null;
}

export async function moveDevice(db: Db, deviceId: string, structureId: number) {
  const [row] = await queryRows(
    db,
    sql`update sensor_devices set structure_id = ${structureId} where device_id = ${deviceId} returning ${deviceColumns}`,
    SensorDeviceRow,
  );
  return row ?? null;
}

/** Retires a device: its token stops working at once; its readings stay. Idempotent. */
export async function retireDevice(db: Db, deviceId: string) {
  const [row] = await queryRows(
    db,
    sql`update sensor_devices set retired_at = coalesce(retired_at, now()) where device_id = ${deviceId}
        returning ${deviceColumns}`,
    SensorDeviceRow,
  );
  return row ?? null;
}

const ActiveLatest = z.object({ device_id: z.string(), latest_ms: z.number().nullable() });

/**
 * The live devices among `deviceIds`, locked for the caller's transaction in one order (two servers storing
 * the same devices wait for each other, never deadlock), with the time of their latest reading so far (ms).
 */
export async function lockActiveDevices(db: Db, deviceIds: readonly string[]) {
  const rows = await queryRows(
    db,
    sql`select device_id, (extract(epoch from latest_payload_time) * 1000)::float8 as latest_ms
        from sensor_devices
        where device_id = any(${`{${deviceIds.map((id) => `"${id}"`).join(',')}}`}::text[]) and retired_at is null
        order by device_id for update`,
    ActiveLatest,
  );
  return new Map(rows.map((r) => [r.device_id, r.latest_ms]));
}

/**
 * Stores a batch of readings in two statements (call inside one transaction): the readings, each
 * (device, time) once (a duplicate is skipped), then each device's latest-value row: the newest payload,
 * the battery of its newest message that has one, last seen now, the first vibration time. Answers how many
 * rows were new.
 */
export async function storeReadings(db: Db, readings: readonly DeviceReading[]): Promise<number> {
  if (readings.length === 0) return 0;
  const input = JSON.stringify(
    readings.map((r) => ({
      d: r.deviceId,
      t: r.payload_time.toISOString(),
      p: r.payload,
      b: r.battery ?? null,
      v: (r.payload.vibration?.length ?? 0) > 0,
    })),
  );
  const stored = await execute(
    db,
    sql`insert into sensor_readings (device_id, payload_time, payload)
        select d, t, p from jsonb_to_recordset(${input}::jsonb) as x(d text, t timestamptz, p jsonb)
        order by d, t
        on conflict (device_id, payload_time) do nothing`,
  );
  await execute(
    db,
    sql`with x as (select * from jsonb_to_recordset(${input}::jsonb) as x(d text, t timestamptz, p jsonb, b float8, v boolean)),
        newest as (select distinct on (d) d, t, p from x order by d, t desc),
        bat as (select distinct on (d) d, t, b from x where b is not null order by d, t desc),
        vib as (select d, min(t) as t from x where v group by d)
        update sensor_devices s set
          latest_payload_time = case when s.latest_payload_time is null or newest.t >= s.latest_payload_time
                                     then newest.t else s.latest_payload_time end,
          latest_payload = case when s.latest_payload_time is null or newest.t >= s.latest_payload_time
                                then newest.p else s.latest_payload end,
          battery = case when bat.t is not null and (s.latest_payload_time is null or bat.t >= s.latest_payload_time)
                         then bat.b else s.battery end,
          first_vibration_time = least(s.first_vibration_time, vib.t),
          last_seen_at = now()
        from newest left join bat on bat.d = newest.d left join vib on vib.d = newest.d
        where s.device_id = newest.d`,
  );
  return stored;
}

/** Replaces the token hashes of the live devices among `devices`; answers the ids it changed. */
export async function rekeyDevices(
  db: Db,
  devices: { deviceId: string; hash: string }[],
): Promise<Set<string>> {
  if (devices.length === 0) return new Set();
  const rows = await queryRows(
    db,
    sql`update sensor_devices s set token_hash = x.h
        from jsonb_to_recordset(${JSON.stringify(devices.map((d) => ({ d: d.deviceId, h: d.hash })))}::jsonb) as x(d text, h text)
        where s.device_id = x.d and s.retired_at is null returning s.device_id`,
    z.object({ device_id: z.string() }),
  );
  return new Set(rows.map((r) => r.device_id));
}
