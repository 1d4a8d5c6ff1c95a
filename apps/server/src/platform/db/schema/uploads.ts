import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bids } from './bids.ts';
import { createdAt, moment } from './columns.ts';
import { projects } from './projects.ts';

export type FileUploadKind = 'csv' | 'kmz' | 'image' | 'flight_plan' | 'ai_image' | 'pmtiles';

/**
 * Every signed upload URL the server hands out. A later "file is uploaded" call is honoured only
 * for a storage key found here, so clients cannot make the server read arbitrary objects.
 */
export const fileUploads = pgTable(
  'file_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: varchar('storage_key', { length: 500 }).notNull().unique(),
    kind: varchar('kind', { length: 12 }).$type<FileUploadKind>().notNull(),
    originalName: varchar('original_name', { length: 255 }),
    contentType: varchar('content_type', { length: 100 }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: moment('completed_at'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /**
     * Base64 MD5 of the bytes as the local driver's signed PUT streamed them into storage (null for S3,
     * whose PUT the server never sees): a completion compares against it instead of reading the file again.
     */
    md5: varchar('md5', { length: 24 }),
  },
  (t) => [
    index('file_uploads_created_idx').on(t.createdAt),
    check(
      'file_uploads_kind_check',
      sql`${t.kind} in ('csv', 'kmz', 'image', 'flight_plan', 'ai_image', 'pmtiles')`,
    ),
  ],
);

/** A CSV or KMZ a project (or a bid) was built from, with the columns chosen in the mapping step (spec 1 §3 'Uploaded file entry'). */
export const sourceFiles = pgTable(
  'source_files',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    bidId: integer('bid_id').references(() => bids.id, { onDelete: 'cascade' }),
    fileUploadId: uuid('file_upload_id').references(() => fileUploads.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 3 }).$type<'csv' | 'kmz'>().notNull(),
    storageKey: varchar('storage_key', { length: 500 }).notNull(),
    url: varchar('url', { length: 1000 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    latField: varchar('lat_field', { length: 100 }),
    lonField: varchar('lon_field', { length: 100 }),
    lineNameField: varchar('line_name_field', { length: 100 }),
    structNumField: varchar('struct_num_field', { length: 100 }),
    /** KMZ only: a fixed line name typed by the user instead of a line field. */
    lineName: varchar('line_name', { length: 50 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('source_files_project_idx').on(t.projectId),
    index('source_files_bid_idx').on(t.bidId),
    check('source_files_kind_check', sql`${t.kind} in ('csv', 'kmz')`),
    check('source_files_owner_check', sql`num_nonnulls(${t.projectId}, ${t.bidId}) >= 1`),
  ],
);
