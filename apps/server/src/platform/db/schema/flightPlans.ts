import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { moment } from './columns.ts';
import { projects } from './projects.ts';

/** Flight plans (.plan/.json) sent to a drone dock box for a project (spec 2 §3 'wibotic'). */
export const flightPlans = pgTable(
  'flight_plans',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    boxId: varchar('box_id', { length: 100 }).notNull(),
    storageKey: varchar('storage_key', { length: 500 }).notNull().unique(),
    filename: varchar('filename', { length: 255 }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdDate: moment('created_date').notNull().defaultNow(),
    flightStartedDate: moment('flight_started_date'),
    /** 'qgc' (a QGroundControl plan) or 'json' (a JSON mission), as the upload check read it. */
    format: varchar('format', { length: 4 }).$type<'qgc' | 'json'>().notNull().default('qgc'),
    /** The path in flying order, read once at upload: the overview draws it and checks coverage against it. */
    waypoints: jsonb('waypoints')
      .$type<Array<{ lat: number; lon: number; alt: number | null }>>()
      .notNull()
      .default([]),
    waypointCount: integer('waypoint_count').notNull().default(0),
  },
  (t) => [
    index('flight_plans_project_idx').on(t.projectId, t.createdDate),
    check('flight_plans_format_check', sql`${t.format} in ('qgc', 'json')`),
  ],
);
