import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { createdAt, lonLat, moment, updatedAt } from './columns.ts';

/** One issue of an asset's latest completed inspection: an annotation at risk ≥ 2 on a standing photo. */
export interface AssetIssue {
  annotation_id: number;
  image_id: number;
  project_id: number;
  structure_id: number;
  component: string | null;
  deficiency: string | null;
  risk: number;
}

/**
 * The utility's asset registry: one physical structure of a customer company, (company, line name,
 * structure name) compared case-insensitively. Project structures link to it (structures.asset_id) through
 * triggers on every write path (migration `assets`); the health columns are kept current by triggers on
 * inspections, photos and annotations: the result of the newest completed inspection of any linked structure.
 */
export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    lineName: varchar('line_name', { length: 50 }).notNull(),
    structNum: varchar('struct_num', { length: 100 }).notNull(),
    /** x = longitude, y = latitude: the position in the newest project that has the structure. */
    location: lonLat('location').notNull(),
    /** The project the location was taken from (the newest = highest id). */
    locationProjectId: integer('location_project_id'),
    /** Spec 1 scale: 1..5 from the newest completed inspection, -2 Not Inspected (photos), -1 Not Acquired. */
    healthRisk: smallint('health_risk').notNull().default(-1),
    /** Annotations at risk ≥ 2 on the standing photos of that inspection's structure. */
    issueCount: integer('issue_count').notNull().default(0),
    issues: jsonb('issues').$type<AssetIssue[]>().notNull().default(sql`'[]'::jsonb`),
    /** The project structure whose completed inspection the health is (null: none completed). */
    healthStructureId: integer('health_structure_id'),
    healthDate: moment('health_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assets_company_line_struct_unique').on(
      t.companyId,
      sql`lower(${t.lineName})`,
      sql`lower(${t.structNum})`,
    ),
    // Health first: led by company_id, this index tied with the unique one when the statistics were still
    // empty (a fresh install's first import) and the linking trigger's per-structure probe took it, reading
    // the company's every asset per structure — an import of 4,500 structures spent 30 s there.
    index('assets_health_company_idx').on(t.healthRisk, t.companyId),
    index('assets_location_gist').using('gist', t.location),
    check('assets_health_risk_check', sql`${t.healthRisk} in (-2, -1, 1, 2, 3, 4, 5)`),
  ],
);

/** 1 waiting for manufacturing, 2 in manufacturing, 3 waiting for pickup, 4 in transit, 5 delivered (spec 3 §4). */
export const poleOrderStatuses = pgTable('pole_order_statuses', {
  id: smallint('id').primaryKey(),
  statusText: varchar('status_text', { length: 40 }).notNull(),
});

/**
 * Pole orders (spec 3 §3 'Asset order'): a replacement ordered for an asset. The status, address, position and
 * sent time are the order's current state, kept from its history (asset_order_updates) in the transaction
 * that adds an update: the update that happened last (occurred_at, then id) gives the status and address,
 * the last one with coordinates the position, the first one 'in transit' or later the sent time.
 */
export const assetOrders = pgTable(
  'asset_orders',
  {
    id: serial('id').primaryKey(),
    /** The structure name of the asset (the table's 'pole location'). */
    poleLocationId: varchar('pole_location_id', { length: 100 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    assetId: integer('asset_id').references(() => assets.id),
    poleOrderStatusId: smallint('pole_order_status_id').references(() => poleOrderStatuses.id),
    statusAddress: varchar('status_address', { length: 200 }),
    /** x = longitude, y = latitude: where the pole is now. */
    location: lonLat('location'),
    shipmentCreatedDate: moment('shipment_created_date'),
    sentTime: moment('sent_time'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('asset_orders_company_idx').on(t.companyId),
    index('asset_orders_location_gist').using('gist', t.location),
    // One open (not delivered) order per asset: a second 'Order replacement' is refused (409).
    uniqueIndex('asset_orders_open_asset_unique')
      .on(t.assetId)
      .where(sql`${t.poleOrderStatusId} is distinct from 5`),
  ],
);

/**
 * Each status update of an order, kept as its history and drawn as the shipment's track. Updates from the
 * carrier's webhook carry its update_id (unique: a replayed or retried delivery changes nothing).
 */
export const assetOrderUpdates = pgTable(
  'asset_order_updates',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => assetOrders.id, { onDelete: 'cascade' }),
    poleOrderStatusId: smallint('pole_order_status_id')
      .notNull()
      .references(() => poleOrderStatuses.id),
    statusAddress: varchar('status_address', { length: 200 }).notNull(),
    location: lonLat('location'),
    occurredAt: moment('occurred_at').notNull(),
    source: varchar('source', { length: 10 }).notNull(),
    externalId: varchar('external_id', { length: 100 }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('asset_order_updates_order_idx').on(t.orderId, t.occurredAt),
    uniqueIndex('asset_order_updates_external_unique').on(t.externalId),
    check('asset_order_updates_source_check', sql`${t.source} in ('staff', 'webhook')`),
  ],
);
