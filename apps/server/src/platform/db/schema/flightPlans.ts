import { index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
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
    storageKey: varchar('storage_key', { length: 500 }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdDate: moment('created_date').notNull().defaultNow(),
    flightStartedDate: moment('flight_started_date'),
  },
  (t) => [index('flight_plans_project_idx').on(t.projectId)],
);
