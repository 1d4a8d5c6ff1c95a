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
import { companies } from './accounts.ts';
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
    index('assets_company_health_idx').on(t.companyId, t.healthRisk),
    index('assets_location_gist').using('gist', t.location),
    check('assets_health_risk_check', sql`${t.healthRisk} in (-2, -1, 1, 2, 3, 4, 5)`),
  ],
);

/** 1 waiting for manufacturing, 2 in manufacturing, 3 waiting for pickup, 4 in transit, 5 delivered (spec 3 §4). */
export const poleOrderStatuses = pgTable('pole_order_statuses', {
  id: smallint('id').primaryKey(),
  statusText: varchar('status_text', { length: 40 }).notNull(),
});

/** Pole orders shown on the order-tracking map (spec 3 §3 'Asset order'). */
export const assetOrders = pgTable(
  'asset_orders',
  {
    id: serial('id').primaryKey(),
    poleLocationId: varchar('pole_location_id', { length: 50 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    poleOrderStatusId: smallint('pole_order_status_id').references(() => poleOrderStatuses.id),
    statusAddress: varchar('status_address', { length: 200 }),
    /** x = longitude, y = latitude of the pole's destination. */
    location: lonLat('location'),
    shipmentCreatedDate: moment('shipment_created_date'),
    sentTime: moment('sent_time'),
    createdAt: createdAt(),
  },
  (t) => [
    index('asset_orders_company_idx').on(t.companyId),
    index('asset_orders_location_gist').using('gist', t.location),
  ],
);
