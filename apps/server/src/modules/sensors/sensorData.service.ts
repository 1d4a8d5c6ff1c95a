import {
  riskOfOpenAlerts,
  SENSOR_RANGES,
  type SensorRange,
  type SensorStructureValue,
} from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { companyScope } from '../../platform/auth/policy.ts';
import { requireFound } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './sensorData.repository.ts';

const Xyz = z.object({ x: z.number(), y: z.number(), z: z.number() });
const xyzOf = (value: unknown) => {
  const parsed = Xyz.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** A customer's own company; staff every company, or the one `companyId` names. */
function scopeSql(actor: Actor, companyId: number | undefined) {
  const own = companyScope(actor);
  const company = own ?? companyId;
  return company === undefined ? sql`true` : sql`p.company_id = ${company}`;
}

function toStructure(row: repo.SensorListRow): SensorStructureValue {
  const tilt = xyzOf(row.tilt);
  const vibration = xyzOf(row.vibration);
  return {
    common_sense_device_id: row.device_id,
    line_name: row.line_name,
    struct_num: row.struct_num,
    structure_id: row.structure_id,
    company_id: row.company_id,
    latitude: row.latitude,
    longitude: row.longitude,
    battery: row.battery,
    last_seen: row.last_seen,
    tilt_x: tilt?.x ?? null,
    tilt_y: tilt?.y ?? null,
    tilt_z: tilt?.z ?? null,
    recent_vibration_x: vibration?.x ?? null,
    recent_vibration_y: vibration?.y ?? null,
    recent_vibration_z: vibration?.z ?? null,
    first_vibration_reading_date: row.first_vibration,
    recent_vibration_reading_date: vibration ? row.latest_time : null,
    alert: riskOfOpenAlerts(row.risk === null ? [] : [row.risk]),
    vibrations: [],
  };
}

/**
 * The sensors page's list: every live device in the caller's scope with its structure and latest value;
 * the device `deviceId` names (when in scope) also carries its vibration over `range`, downsampled. With
 * no device named, the first row does: it is the page's first selection (spec 3 §9), so the page opens
 * with its chart without asking for the whole list a second time.
 */
export async function sensorData(
  db: Db,
  actor: Actor,
  query: { company_id?: number | undefined; device_id?: string | undefined; range: SensorRange },
  now: Date,
): Promise<SensorStructureValue[]> {
  const rows = (await repo.listSensorStructures(db, scopeSql(actor, query.company_id))).map(toStructure);
  const selected = query.device_id ? rows.find((r) => r.common_sense_device_id === query.device_id) : rows[0];
  if (selected) {
    const from = new Date(now.getTime() - SENSOR_RANGES[query.range]);
    selected.vibrations = await repo.vibrationSeries(db, selected.common_sense_device_id, from, now);
  }
  return rows;
}

export async function sensorDevices(db: Db, actor: Actor, companyId: number | undefined) {
  const rows = await repo.listSensorStructures(db, scopeSql(actor, companyId));
  return rows.map((r) => ({ device_id: r.device_id, structure_id: r.structure_id }));
}

/** Spec 3 §7: a list whose first item is the device's latest payload (empty before its first reading). */
export async function sensorDevicePayload(db: Db, actor: Actor, deviceId: string) {
  const device = await repo.deviceCompany(db, deviceId);
  if (!device) throw notFound('Device');
  // A device not on a structure belongs to no customer: staff only.
  if (device.company_id === null && companyScope(actor) !== null) throw notFound('Device');
  if (device.company_id !== null)
    requireFound(actor, 'sensor.read', 'Device', { company_id: device.company_id });
  return repo.latestPayload(db, deviceId);
}
