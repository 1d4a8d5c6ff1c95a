import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, moment, updatedAt } from './columns.ts';
import { jobs } from './jobs.ts';
import { projects } from './projects.ts';

export type ProjectReportStatus = 'queued' | 'building' | 'ready' | 'failed';

/**
 * A project-level PDF report (every structure at risk ≥ 3 with its annotations and their photo crops), built
 * by a background job and downloaded through a short-lived signed URL.
 */
export const projectReports = pgTable(
  'project_reports',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).$type<ProjectReportStatus>().notNull().default('queued'),
    /** Structures in the report, set when the build starts. */
    structureCount: integer('structure_count'),
    /** Structures written so far by the running build. */
    structuresDone: integer('structures_done').notNull().default(0),
    /** Where the PDF is (and will be) stored; fixed at creation so a rerun overwrites the same key. */
    storageKey: varchar('storage_key', { length: 500 }).notNull().unique(),
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
    index('project_reports_project_idx').on(t.projectId, t.id),
    check('project_reports_status_check', sql`${t.status} in ('queued', 'building', 'ready', 'failed')`),
  ],
);
