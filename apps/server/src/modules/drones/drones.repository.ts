import {
  type CompanyObject,
  DEFAULT_DRONE_FAILSAFES,
  DroneFailsafes,
  DroneListItem,
} from '@linewalker/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { IdRow, queryRows } from '../../platform/db/rows.ts';
import { drones } from '../../platform/db/schema/index.ts';

const DroneRow = DroneListItem.omit({ last_status_at: true, retired_at: true, failsafes: true }).extend({
  last_status_at: z.union([z.date(), z.string()]).nullable(),
  retired_at: z.union([z.date(), z.string()]).nullable(),
  failsafes: DroneFailsafes.nullable(),
});

/** A drone's failsafes: its own, or the defaults for one never set. */
export const failsafesOf = (saved: DroneFailsafes | null): DroneFailsafes =>
  saved ?? { ...DEFAULT_DRONE_FAILSAFES };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function droneRowsWhere(db: Db, where: SQL) {
  return queryRows(
    db,
    sql`select d.id, d.name, d.serial_number, d.driver, d.company_id, c.company_name, d.project_id,
          p.project_name, d.address, d.home_lat, d.home_lon, d.home_alt, d.retired_at,
          d.last_status, d.last_status_at, d.failsafes
        from drones d
        left join companies c on c.id = d.company_id
        left join projects p on p.id = d.project_id
        where ${where}
        order by d.name, d.id`,
    DroneRow,
  ).then((rows) =>
    rows.map((r) => ({
      ...r,
      last_status_at: iso(r.last_status_at),
      retired_at: iso(r.retired_at),
      failsafes: failsafesOf(r.failsafes),
    })),
  );
}

/** Registered drones with their company, project and last status, by name (retired ones only when asked). */
export function listDroneRows(db: Db, includeRetired = false): Promise<DroneListItem[]> {
  return droneRowsWhere(db, includeRetired ? sql`true` : sql`d.retired_at is null`);
}

/** One drone as the admin page shows it, retired or not. */
export async function droneItem(db: Db, id: number): Promise<DroneListItem | null> {
  const [row] = await droneRowsWhere(db, sql`d.id = ${id}`);
  return row ?? null;
}

export interface DroneColumns {
  name: string;
  serialNumber: string;
  companyId: number;
  driver: 'simulator' | 'mavlink';
  address: string | null;
  homeLat: number;
  homeLon: number;
  homeAlt: number;
  projectId: number | null;
  failsafes?: DroneFailsafes;
}

export async function insertDrone(tx: Db, values: DroneColumns): Promise<number> {
  const [row] = await tx.insert(drones).values(values).returning({ id: drones.id });
  return row!.id;
}

/** Updates a drone; false when it does not exist. */
export async function updateDrone(tx: Db, id: number, values: DroneColumns): Promise<boolean> {
  const rows = await tx.update(drones).set(values).where(eq(drones.id, id)).returning({ id: drones.id });
  return rows.length > 0;
}

/** Retires a drone (keeping the first retirement's time) or brings it back; false when it does not exist. */
export async function setDroneRetired(tx: Db, id: number, retired: boolean, now: Date): Promise<boolean> {
  const rows = await tx
    .update(drones)
    .set({
      retiredAt: retired ? sql`coalesce(${drones.retiredAt}, ${now.toISOString()}::timestamptz)` : null,
      // A retired drone keeps no pilot in control.
      ...(retired ? { controllerId: null, controlExpiresAt: null } : {}),
    })
    .where(eq(drones.id, id))
    .returning({ id: drones.id });
  return rows.length > 0;
}

/** Another drone (not `exceptId`) has this serial, whatever its case. */
export async function serialTaken(db: Db, serial: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select id from drones where lower(serial_number) = lower(${serial})
        ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`} limit 1`,
    IdRow,
  );
  return rows.length > 0;
}

export async function companyExists(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select id from companies where id = ${id}`, IdRow);
  return rows.length > 0;
}

export async function projectExists(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select id from projects where id = ${id}`, IdRow);
  return rows.length > 0;
}

const DroneRecordRow = z.object({
  id: z.number(),
  name: z.string(),
  driver: z.enum(['simulator', 'mavlink']),
  /** MAVLink: the vehicle's `host:port`. */
  address: z.string().nullable(),
  company_id: z.number().nullable(),
  project_id: z.number().nullable(),
  home_lat: z.number().nullable(),
  home_lon: z.number().nullable(),
  home_alt: z.number().nullable(),
  failsafes: DroneFailsafes.nullable(),
});
export type DroneRecord = Omit<z.infer<typeof DroneRecordRow>, 'failsafes'> & { failsafes: DroneFailsafes };

/** A drone as the policy sees it (a drone of no company is the operator's own). */
export const droneObject = (d: DroneRecord): CompanyObject => ({
  kind: 'Drone',
  companyId: d.company_id ?? 1,
});

/** A drone in service (a retired one is not found: no console, no link, no command). */
export async function findDrone(db: Db, id: number): Promise<DroneRecord | null> {
  const [row] = await queryRows(
    db,
    sql`select id, name, driver, address, company_id, project_id, home_lat, home_lon, home_alt, failsafes
        from drones
        where id = ${id} and retired_at is null`,
    DroneRecordRow,
  );
  return row ? { ...row, failsafes: failsafesOf(row.failsafes) } : null;
}

export const SceneStructure = z.object({
  line_id: z.number(),
  struct_num: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type SceneStructure = z.infer<typeof SceneStructure>;

/**
 * The structures the simulated camera shows: those of the drone's project, or with no project those within
 * about 2 km of its home, in each line's creation order (spans join neighbours).
 */
export async function sceneStructures(db: Db, drone: DroneRecord): Promise<SceneStructure[]> {
  if (drone.home_lat === null || drone.home_lon === null) return [];
  const near = sql`abs(s.location[1] - ${drone.home_lat}) < 0.02 and abs(s.location[0] - ${drone.home_lon}) < 0.03`;
  const where = drone.project_id === null ? near : sql`s.project_id = ${drone.project_id}`;
  return queryRows(
    db,
    sql`select s.line_id, s.struct_num, s.location[1]::float8 as lat, s.location[0]::float8 as lon
        from structures s where ${where}
        order by s.line_id, s.id limit 2000`,
    SceneStructure,
  );
}
