import type { DroneStatus } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { execute, queryRows } from '../../platform/db/rows.ts';

/**
 * The leases that make a drone one vehicle whatever the number of servers: the link lease (which process
 * talks to the vehicle) and the control lease (which pilot flies it), both rows of `drones`, both taken by one
 * conditional UPDATE so that two takers at once get one winner.
 */

/** Takes or renews the link lease for `holder` when it is free, expired or already its own. */
export async function acquireLinkLease(
  db: Db,
  droneId: number,
  holder: string,
  ms: number,
): Promise<boolean> {
  const n = await execute(
    db,
    sql`update drones set link_holder = ${holder}, link_expires_at = now() + ${ms} * interval '1 millisecond'
        where id = ${droneId}
          and (link_holder is null or link_holder = ${holder} or link_expires_at < now())`,
  );
  return n === 1;
}

/** Renews only a lease `holder` still has (false: another process took it over). */
export async function renewLinkLease(
  db: Db,
  droneId: number,
  holder: string,
  ms: number,
  status: DroneStatus | null,
): Promise<boolean> {
  const n = await execute(
    db,
    sql`update drones set link_expires_at = now() + ${ms} * interval '1 millisecond',
          last_status = coalesce(${status === null ? null : JSON.stringify(status)}::jsonb, last_status),
          last_status_at = case when ${status === null} then last_status_at else now() end
        where id = ${droneId} and link_holder = ${holder}`,
  );
  return n === 1;
}

export async function releaseLinkLease(db: Db, droneId: number, holder: string): Promise<void> {
  await execute(
    db,
    sql`update drones set link_holder = null, link_expires_at = null
        where id = ${droneId} and link_holder = ${holder}`,
  );
}

export const DroneControlRow = z.object({
  id: z.number(),
  controller_id: z.number().nullable(),
  controller_name: z.string().nullable(),
  /** Milliseconds since the epoch; null when nobody controls it. */
  control_expires_at: z.number().nullable(),
  emergency_stop: z.boolean(),
  /** Retired: its link stops, wherever it runs. */
  retired: z.boolean(),
});
export type DroneControlRow = z.infer<typeof DroneControlRow>;

/** The drone's control and emergency-stop state (an expired control lease reads as nobody in control). */
export async function loadControl(db: Db, droneId: number): Promise<DroneControlRow | null> {
  const [row] = await queryRows(
    db,
    sql`select d.id,
          case when d.control_expires_at > now() then d.controller_id end as controller_id,
          case when d.control_expires_at > now() then trim(u.first_name || ' ' || u.last_name) end as controller_name,
          case when d.control_expires_at > now()
            then (extract(epoch from d.control_expires_at) * 1000)::float8 end as control_expires_at,
          d.emergency_stop, d.retired_at is not null as retired
        from drones d left join users u on u.id = d.controller_id
        where d.id = ${droneId}`,
    DroneControlRow,
  );
  return row ?? null;
}

/** Takes (or renews) the control lease for `userId` unless another pilot holds a live one. */
export async function takeControlLease(
  db: Db,
  droneId: number,
  userId: number,
  ms: number,
): Promise<boolean> {
  const n = await execute(
    db,
    sql`update drones set controller_id = ${userId},
          control_expires_at = now() + ${ms} * interval '1 millisecond'
        where id = ${droneId}
          and (controller_id is null or controller_id = ${userId} or control_expires_at is null
               or control_expires_at < now())`,
  );
  return n === 1;
}

/**
 * Renews the lease of the pilot in control and answers the emergency-stop flag; null when `userId` does not
 * hold a live control lease (the command is refused).
 */
export async function renewControlLease(
  db: Db,
  droneId: number,
  userId: number,
  ms: number,
): Promise<{ emergency_stop: boolean } | null> {
  const [row] = await queryRows(
    db,
    sql`update drones set control_expires_at = now() + ${ms} * interval '1 millisecond'
        where id = ${droneId} and controller_id = ${userId} and control_expires_at > now()
        returning emergency_stop`,
    z.object({
      emergency_stop: z.boolean(),
    }),
  );
  return row ?? null;
}

/** True when the caller held it. */
export async function releaseControlLease(db: Db, droneId: number, userId: number): Promise<boolean> {
  const n = await execute(
    db,
    sql`update drones set controller_id = null, control_expires_at = null
        where id = ${droneId} and controller_id = ${userId}`,
  );
  return n === 1;
}

export async function setEmergencyStop(db: Db, droneId: number, active: boolean): Promise<void> {
  await execute(db, sql`update drones set emergency_stop = ${active} where id = ${droneId}`);
}
