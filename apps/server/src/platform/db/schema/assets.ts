import { index, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { companies } from './accounts.ts';
import { createdAt, lonLat, moment } from './columns.ts';

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
