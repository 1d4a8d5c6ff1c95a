import type { DroneListItem } from '@linewalker/domain';
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
