import { AssetOrder, OrderAssetOption, OrderUpdate } from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const orderColumns = sql`o.id, o.asset_id, o.company_id, a.line_name, o.pole_location_id,
  o.pole_order_status_id, coalesce(s.status_text, 'Unknown') as pole_order_status, o.status_address,
  o.location[1] as lat, o.location[0] as lng,
  ${iso(sql`o.shipment_created_date`)} as shipment_created_date, ${iso(sql`o.sent_time`)} as sent_time`;
const orderFrom = sql`asset_orders o
  left join assets a on a.id = o.asset_id
  left join pole_order_statuses s on s.id = o.pole_order_status_id`;

/** The orders of one company (or every company: null), newest first. */
export function listOrders(db: Db, companyId: number | null) {
  return queryRows(
    db,
    sql`select ${orderColumns} from ${orderFrom}
        ${companyId === null ? sql`` : sql`where o.company_id = ${companyId}`}
        order by o.shipment_created_date desc nulls last, o.id desc`,
    AssetOrder,
  );
}

export async function findOrder(db: Db, id: number, lock = false) {
  const [row] = await queryRows(
    db,
    // `for update of o`: the left-joined tables cannot be locked (and need not be).
    sql`select ${orderColumns} from ${orderFrom} where o.id = ${id} ${lock ? sql`for update of o` : sql``}`,
    AssetOrder,
  );
  return row ?? null;
}

/** An order's history, oldest first. */
export function listUpdates(db: Db, orderId: number) {
  return queryRows(
    db,
    sql`select u.id, u.pole_order_status_id, s.status_text as pole_order_status, u.status_address,
          u.location[1] as lat, u.location[0] as lng, ${iso(sql`u.occurred_at`)} as occurred_at, u.source
        from asset_order_updates u join pole_order_statuses s on s.id = u.pole_order_status_id
        where u.order_id = ${orderId} order by u.occurred_at, u.id`,
    OrderUpdate,
  );
}

const TrackPointRow = z.object({
  order_id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  pole_order_status_id: z.number().int(),
});

/** Every position of the orders of one company (or all), per order oldest first. */
export function listTrackPoints(db: Db, companyId: number | null) {
  return queryRows(
    db,
    sql`select u.order_id, u.location[1] as lat, u.location[0] as lng, u.pole_order_status_id
        from asset_order_updates u join asset_orders o on o.id = u.order_id
        where u.location is not null ${companyId === null ? sql`` : sql`and o.company_id = ${companyId}`}
        order by u.order_id, u.occurred_at, u.id`,
    TrackPointRow,
  );
}

const AssetRow = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  line_name: z.string(),
  struct_num: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type AssetRow = z.infer<typeof AssetRow>;

export async function findAsset(db: Db, id: number) {
  const [row] = await queryRows(
    db,
    sql`select id, company_id, line_name, struct_num, location[1] as lat, location[0] as lng
        from assets where id = ${id}`,
    AssetRow,
  );
  return row ?? null;
}

/** Assets whose line or structure name contains `search` (any case), for the create-order dialog. */
export function searchAssets(db: Db, search: string, companyId: number | null, limit: number) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows(
    db,
    sql`select a.id, a.company_id, c.company_name, a.line_name, a.struct_num, a.health_risk,
          (select o.id from asset_orders o where o.asset_id = a.id
             and o.pole_order_status_id is distinct from 5 limit 1) as open_order_id
        from assets a join companies c on c.id = a.company_id
        where (a.line_name ilike ${pattern} or a.struct_num ilike ${pattern}
               or (a.line_name || ' ' || a.struct_num) ilike ${pattern})
          ${companyId === null ? sql`` : sql`and a.company_id = ${companyId}`}
        order by a.health_risk desc, a.line_name, a.struct_num, a.id
        limit ${limit}`,
    OrderAssetOption,
  );
}

export interface NewOrder {
  asset: AssetRow;
  statusAddress: string;
  lat: number | null;
  lng: number | null;
  at: Date;
  userId: number | null;
}

const pointOf = (lat: number | null, lng: number | null) =>
  lat === null || lng === null ? sql`null` : sql`point(${lng}, ${lat})`;

/** A new order (waiting for manufacturing); null when the asset already has one not delivered. */
export async function insertOrder(db: Db, o: NewOrder) {
  const [row] = await queryRows(
    db,
    sql`insert into asset_orders (pole_location_id, company_id, asset_id, pole_order_status_id, status_address,
          location, shipment_created_date, created_by)
        values (${o.asset.struct_num}, ${o.asset.company_id}, ${o.asset.id}, 1, ${o.statusAddress},
          ${pointOf(o.lat, o.lng)}, ${o.at.toISOString()}, ${o.userId})
        on conflict do nothing returning id`,
    z.object({ id: z.number().int() }),
  );
  return row?.id ?? null;
}

export interface NewUpdate {
  orderId: number;
  statusId: number;
  statusAddress: string;
  lat: number | null;
  lng: number | null;
  occurredAt: Date;
  source: 'staff' | 'webhook';
  externalId: string | null;
  userId: number | null;
}

/** Adds one update to an order's history; false when its external id was stored before (a replay). */
export async function insertUpdate(db: Db, u: NewUpdate): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into asset_order_updates (order_id, pole_order_status_id, status_address, location, occurred_at,
          source, external_id, created_by)
        values (${u.orderId}, ${u.statusId}, ${u.statusAddress}, ${pointOf(u.lat, u.lng)},
          ${u.occurredAt.toISOString()}, ${u.source}, ${u.externalId}, ${u.userId})
        on conflict do nothing returning id`,
    z.object({ id: z.number().int() }),
  );
  return rows.length > 0;
}

/**
 * The order's current state from its history: the update that happened last gives the status and address,
 * the last one with coordinates the position, the first one in transit or later the sent time. Computed
 * from the whole history, so updates arriving out of order (a late webhook) still leave the newest state.
 */
export async function refreshOrderState(db: Db, orderId: number, sentFrom: number): Promise<void> {
  await db.execute(sql`update asset_orders o set
      pole_order_status_id = last.pole_order_status_id,
      status_address = last.status_address,
      location = (select u.location from asset_order_updates u
                  where u.order_id = o.id and u.location is not null
                  order by u.occurred_at desc, u.id desc limit 1),
      sent_time = (select min(u.occurred_at) from asset_order_updates u
                   where u.order_id = o.id and u.pole_order_status_id >= ${sentFrom})
    from (select pole_order_status_id, status_address from asset_order_updates
          where order_id = ${orderId} order by occurred_at desc, id desc limit 1) last
    where o.id = ${orderId}`);
}
