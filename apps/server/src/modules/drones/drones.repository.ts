import type { CompanyObject, DroneListItem } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';

type DroneRow = Omit<DroneListItem, 'last_status_at'> & { last_status_at: Date | string | null };

/** Every registered drone with its company and last status, by name. */
export async function listDroneRows(db: Db): Promise<DroneListItem[]> {
  const rows = await queryRows<DroneRow>(
    db,
    sql`select d.id, d.name, d.serial_number, d.driver, d.company_id, c.company_name, d.project_id,
          d.last_status, d.last_status_at
        from drones d
        left join companies c on c.id = d.company_id
        order by d.name, d.id`,
  );
  return rows.map((r) => ({
    ...r,
    driver: r.driver,
    last_status_at: r.last_status_at === null ? null : new Date(r.last_status_at).toISOString(),
  }));
}

export interface DroneRecord {
  id: number;
  name: string;
  driver: 'simulator' | 'mavlink';
  company_id: number | null;
  project_id: number | null;
  home_lat: number | null;
  home_lon: number | null;
  home_alt: number | null;
}

/** A drone as the policy sees it (a drone of no company is the operator's own). */
export const droneObject = (d: DroneRecord): CompanyObject => ({
  kind: 'Drone',
  companyId: d.company_id ?? 1,
});

export async function findDrone(db: Db, id: number): Promise<DroneRecord | null> {
  const [row] = await queryRows<DroneRecord>(
    db,
    sql`select id, name, driver, company_id, project_id, home_lat, home_lon, home_alt from drones where id = ${id}`,
  );
  return row ?? null;
}

export interface SceneStructure {
  line_id: number;
  struct_num: string;
  lat: number;
  lon: number;
}

/**
 * The structures the simulated camera shows: those of the drone's project, or with no project those within
 * about 2 km of its home, in each line's creation order (spans join neighbours).
 */
export async function sceneStructures(db: Db, drone: DroneRecord): Promise<SceneStructure[]> {
  if (drone.home_lat === null || drone.home_lon === null) return [];
  const near = sql`abs(s.location[1] - ${drone.home_lat}) < 0.02 and abs(s.location[0] - ${drone.home_lon}) < 0.03`;
  const where = drone.project_id === null ? near : sql`s.project_id = ${drone.project_id}`;
  return queryRows<SceneStructure>(
    db,
    sql`select s.line_id, s.struct_num, s.location[1]::float8 as lat, s.location[0]::float8 as lon
        from structures s where ${where}
        order by s.line_id, s.id limit 2000`,
  );
}
