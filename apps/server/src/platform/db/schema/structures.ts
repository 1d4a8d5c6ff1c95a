import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { assets } from './assets.ts';
import { createdAt, lonLat, updatedAt } from './columns.ts';
import { crewGroups } from './crews.ts';
import { projects } from './projects.ts';
import { sourceFiles } from './uploads.ts';

/** Power lines belong to a customer company and can be shared by several of its projects. */
export const lines = pgTable(
  'lines',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    lineName: varchar('line_name', { length: 50 }).notNull(),
    lineNum: varchar('line_num', { length: 50 }),
    /** 1 means archived (spec 2 §3 'Line'). */
    archived: smallint('archived').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // 'Line already exists' is judged against the company's line names, case-insensitively.
    uniqueIndex('lines_company_name_unique').on(t.companyId, sql`lower(${t.lineName})`),
    check('lines_archived_check', sql`${t.archived} in (0, 1)`),
  ],
);

export const projectLines = pgTable(
  'project_lines',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.lineId] }), index('project_lines_line_idx').on(t.lineId)],
);

export const structures = pgTable(
  'structures',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    structNum: varchar('struct_num', { length: 100 }).notNull(),
    /** x = longitude, y = latitude. */
    location: lonLat('location').notNull(),
    /** 1 manual, 2 KMZ (or CSV), 3 nadir (spec 2 §3). */
    structureSourceTypeId: smallint('structure_source_type_id').notNull().default(2),
    crewGroupId: integer('crew_group_id').references(() => crewGroups.id, { onDelete: 'set null' }),
    sourceFileId: integer('source_file_id').references(() => sourceFiles.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The company's asset (same line name and structure name, any case); set by triggers on every write. */
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An asset's newest structure (newest project first) in one index step: with asset_id alone the planner
    // walked a project index backwards per asset (6 ms each, 200 s for Asset Health's 50,000-structure map).
    index('structures_asset_idx').on(t.assetId, t.projectId, t.id),
    // 'Cannot create duplicate structures.'; also serves lookups by (project_id, line_id).
    unique('structures_project_line_num_unique').on(t.projectId, t.lineId, t.structNum),
    index('structures_project_crew_idx').on(t.projectId, t.crewGroupId),
    index('structures_line_idx').on(t.lineId),
    // The Inspect tab's list order: a project's lines, then each line's structures in creation order.
    index('structures_project_line_idx').on(t.projectId, t.lineId, t.id),
    // Deleting a crew group nulls its structures through the foreign key; this keeps that from scanning the table.
    index('structures_crew_idx').on(t.crewGroupId).where(sql`${t.crewGroupId} is not null`),
    index('structures_location_gist').using('gist', t.location),
    check('structures_source_type_check', sql`${t.structureSourceTypeId} in (1, 2, 3)`),
  ],
);
