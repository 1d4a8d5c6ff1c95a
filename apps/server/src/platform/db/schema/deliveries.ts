import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, serial, unique, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, moment, updatedAt } from './columns.ts';
import { jobs } from './jobs.ts';
import { projects } from './projects.ts';

export type DeliveryPackageStatus = 'queued' | 'building' | 'ready' | 'failed';

/**
 * One 'Archive Selected' (spec 2 §2 'Archive (Delivery)'): the photos it delivered and the ZIP a background
 * job builds of them (originals, CSV index, annotations as GeoJSON) for the customer to download.
 */
export const deliveryPackages = pgTable(
  'delivery_packages',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … within the project. */
    number: integer('number').notNull(),
    /** Written to each delivered photo's archive_name. */
    archiveName: varchar('archive_name', { length: 255 }).notNull(),
    status: varchar('status', { length: 10 }).$type<DeliveryPackageStatus>().notNull().default('queued'),
    imageCount: integer('image_count').notNull(),
    /** Photos written into the ZIP so far by the running build. */
    filesDone: integer('files_done').notNull().default(0),
    /** The originals' bytes, as stored. */
    bytesTotal: bigint('bytes_total', { mode: 'number' }),
    /** Where the ZIP is (and will be) stored; fixed at creation so a rerun overwrites the same key. */
    storageKey: varchar('storage_key', { length: 500 }).notNull().unique(),
    /** The ZIP's size once built. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** The last build failure (a retry clears it when it succeeds). */
    error: varchar('error', { length: 500 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: moment('completed_at'),
  },
  (t) => [
    unique('delivery_packages_project_number_unique').on(t.projectId, t.number),
    check('delivery_packages_status_check', sql`${t.status} in ('queued', 'building', 'ready', 'failed')`),
  ],
);
