import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, real, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, moment } from './columns.ts';

/**
 * Self-hosted basemap extracts (PMTiles archives a super admin uploaded): the newest one is the maps'
 * Streets basemap, served by our server with HTTP range requests. Replacing or removing one sets its
 * removed_at and deletes its file: the rows stay as the upload history.
 */
export const basemapExtracts = pgTable(
  'basemap_extracts',
  {
    id: serial('id').primaryKey(),
    storageKey: varchar('storage_key', { length: 500 }).notNull().unique(),
    /** The file name the admin uploaded (what the admin page shows). */
    name: varchar('name', { length: 255 }).notNull().default(''),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    tileType: varchar('tile_type', { length: 6 }).$type<'vector' | 'raster'>().notNull(),
    minZoom: smallint('min_zoom').notNull(),
    maxZoom: smallint('max_zoom').notNull(),
    minLon: real('min_lon').notNull(),
    minLat: real('min_lat').notNull(),
    maxLon: real('max_lon').notNull(),
    maxLat: real('max_lat').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    removedAt: moment('removed_at'),
  },
  (t) => [check('basemap_extracts_tile_type_check', sql`${t.tileType} in ('vector', 'raster')`)],
);
