import { readingValues, SensorDeviceRow, type SensorMessageValue } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';
import { rollupInsert } from './sensorRollup.ts';

/** A message with the device it came from. */
export interface DeviceReading extends SensorMessageValue {
  deviceId: string;
}

/**
 * A reading as the ingest keeps it until its batch is written: its payload already in JSON (what is stored)
 * and what the alert rules read from it, rather than the parsed message. The ingest holds thousands of
 * readings for a batch's write; a parsed message is a dozen small objects that outlive the young generation,
 * and copying them in every scavenge stalled the ingest's thread (~0.1 s of GC per 10,000 readings).
 */
export interface PreparedReading {
  deviceId: string;
  payloadTimeMs: number;
  payloadJson: string;
  battery: number | null;
  /** Whether the payload has a vibration entry (the device's first vibration time). */
  vibrating: boolean;
  /** What the alert rules judge (readingValues). */
  tilt: number | null;
  vibration: number | null;
}

/** A message of `deviceId` made ready to store (see PreparedReading). */
export function prepareReading(deviceId: string, message: SensorMessageValue): PreparedReading {
  const { tilt, vibration } = readingValues(message.payload);
  return {
    deviceId,
    payloadTimeMs: message.payload_time.getTime(),
    payloadJson: JSON.stringify(message.payload),
    battery: message.battery ?? null,
    vibrating: (message.payload.vibration?.length ?? 0) > 0,
    tilt,
    vibration,
  };
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

const BatchDeviceRow = z.object({
  device_id: z.string(),
  latest_ms: z.number().nullable(),
  company_id: z.number().nullable(),
  ptype_id: z.number().nullable(),
  stored: z.number(),
});
/** A live device of a stored batch: its latest reading time before the batch (ms), company and project type. */
export type BatchDevice = Omit<z.infer<typeof BatchDeviceRow>, 'stored'>;

/**
 * Stores a batch of readings in one statement (call inside the batch's transaction; one round trip and one
 * parse of the batch, which is most of the ingest's database time). It locks the batch's live devices in one
 * order (two servers storing the same devices wait for each other, never deadlock) and keeps only their
 * readings (an unknown or retired device's are dropped); stores each (device, time) once (a duplicate is
 * skipped); moves each device's latest-value row forward only (the newest payload if newer than the stored
 * one, the battery of its newest message that has one, last seen now, the first vibration time). Answers how
 * many readings were new and the live devices with their latest time before the batch, company and project
 * type (what the alert rules need). The hourly rollup gains the new readings in the same statement.
 */
export async function storeBatch(
  db: Db,
  readings: readonly PreparedReading[],
): Promise<{ stored: number; devices: BatchDevice[] }> {
  if (readings.length === 0) return { stored: 0, devices: [] };
  // The batch's JSON put together from each reading's (a device id is JSON-quoted; the rest are numbers,
  // booleans and a toISOString).
  let input = '[';
  for (let i = 0; i < readings.length; i++) {
    const r = readings[i]!;
    input +=
      `${i === 0 ? '' : ','}{"d":${JSON.stringify(r.deviceId)},"t":"${new Date(r.payloadTimeMs).toISOString()}",` +
      `"p":${r.payloadJson},"b":${r.battery ?? 'null'},"v":${r.vibrating}}`;
  }
  input += ']';
  const rows = await queryRows(
    db,
    sql`with x as (select * from jsonb_to_recordset(${input}::jsonb) as x(d text, t timestamptz, p jsonb, b float8, v boolean)),
        dev as (select s.device_id, s.structure_id, s.latest_payload_time as before_t from sensor_devices s
                where s.device_id in (select d from x) and s.retired_at is null
                order by s.device_id for update),
        ins as (insert into sensor_readings (device_id, payload_time, payload)
                select d, t, p from x where d in (select device_id from dev) order by d, t
                on conflict (device_id, payload_time) do nothing returning device_id, payload_time, payload),
        -- The hourly rollup gains exactly the readings stored now (a duplicate is not in ins; a late one
        -- lands in its own hour), in this transaction: a long-range chart never reads raw rows.
        roll as (${rollupInsert(sql`select device_id, payload_time, payload from ins`)} returning 1),
        -- Each device's newest reading, newest battery and first vibration, in one pass over the batch.
        agg as (select d, max(t) as t, (array_agg(p order by t desc))[1] as p,
                  max(t) filter (where b is not null) as bt,
                  (array_agg(b order by t desc) filter (where b is not null))[1] as b,
                  min(t) filter (where v) as vt
                from x group by d),
        upd as (update sensor_devices s set
          latest_payload_time = case when s.latest_payload_time is null or agg.t >= s.latest_payload_time
                                     then agg.t else s.latest_payload_time end,
          latest_payload = case when s.latest_payload_time is null or agg.t >= s.latest_payload_time
                                then agg.p else s.latest_payload end,
          battery = case when agg.bt is not null and (s.latest_payload_time is null or agg.bt >= s.latest_payload_time)
                         then agg.b else s.battery end,
          first_vibration_time = least(s.first_vibration_time, agg.vt),
          last_seen_at = now()
        from agg
        where s.device_id = agg.d and s.retired_at is null returning 1)
        select dev.device_id, (extract(epoch from dev.before_t) * 1000)::float8 as latest_ms,
          p.company_id, p.ptype_id, (select count(*) from ins)::int as stored
        from dev left join structures st on st.id = dev.structure_id left join projects p on p.id = st.project_id`,
    BatchDeviceRow,
  );
  return {
    stored: rows[0]?.stored ?? 0,
    devices: rows.map(({ stored: _s, ...device }) => device),
  };
}

/** Stores readings (see storeBatch); answers how many were new. */
export async function storeReadings(db: Db, readings: readonly DeviceReading[]): Promise<number> {
  return (
    await storeBatch(
      db,
      readings.map((r) => prepareReading(r.deviceId, r)),
    )
  ).stored;
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
