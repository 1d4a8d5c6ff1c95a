import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { createdAt, moment, updatedAt } from './columns.ts';

/** Project types keep fixed ids (1 Distribution, 2 Transmission, 3 ETT, 4 ABB, 5 Substation); ETT/ABB switch on extra workflows. */
export const projectTypes = pgTable('project_types', {
  ptypeId: integer('ptype_id').primaryKey(),
  ptypeName: varchar('ptype_name', { length: 50 }).notNull().unique(),
});

/** Project tiers 1..3; tier 1 may not use 'No Limit' photos (spec 1 §9). */
export const projectTiers = pgTable('project_tiers', {
  ptierId: integer('ptier_id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
});

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    /** The customer company. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    projectName: varchar('project_name', { length: 50 }).notNull(),
    /** '0' Structure, '1' Component (component-level inspections). */
    inspectionType: varchar('inspection_type', { length: 1 }).$type<'0' | '1'>().notNull().default('0'),
    startDate: date('start_date').notNull(),
    /** Required only when structure_assignment_type is 'dueDate'. */
    dueDate: date('due_date'),
    numPilots: integer('num_pilots').notNull().default(1),
    structureAssignmentType: varchar('structure_assignment_type', { length: 10 })
      .$type<'dueDate' | 'ratio'>()
      .notNull()
      .default('dueDate'),
    /** -1 means no limit, otherwise 1..8 photos. */
    photoLimit: smallint('photo_limit').notNull().default(-1),
    closestCity: varchar('closest_city', { length: 50 }),
    pilotStructDay: integer('pilot_struct_day'),
    ptypeId: integer('ptype_id')
      .notNull()
      .references(() => projectTypes.ptypeId),
    ptierId: integer('ptier_id').references(() => projectTiers.ptierId),
    useNewRiskRating: boolean('use_new_risk_rating').notNull().default(false),
    /** Set means archived. */
    archivedDate: moment('archived_date'),
    /**
     * 'importing' while a background job writes the project's CSV rows (customers do not see it, staff see
     * its progress); null once the rows are all in. A failed first import deletes the project.
     */
    importState: varchar('import_state', { length: 10 }).$type<'importing'>(),
    /** The job writing the rows (its progress is the project's 'Importing… N%'). */
    importJobId: integer('import_job_id'),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The project page finds its project by name, case-insensitively.
    uniqueIndex('projects_name_unique').on(sql`lower(${t.projectName})`),
    index('projects_company_idx').on(t.companyId),
    check('projects_inspection_type_check', sql`${t.inspectionType} in ('0', '1')`),
    check('projects_assignment_type_check', sql`${t.structureAssignmentType} in ('dueDate', 'ratio')`),
    check('projects_photo_limit_check', sql`${t.photoLimit} = -1 or ${t.photoLimit} between 1 and 8`),
    check('projects_num_pilots_check', sql`${t.numPilots} >= 0`),
  ],
);

/**
 * Each project's progress figures, kept current by triggers on structures and inspections (migration
 * 0001) so the project list reads one row per project instead of counting every structure and inspection
 * on every load. Never written by the application.
 * - structures: the project's structures;
 * - inspected: structures with at least one inspection, all of them reviewed (one per structure on a
 *   structure project, one per component on a component project);
 * - last_reviewed: the latest date_reviewed of its inspections.
 */
export const projectProgress = pgTable('project_progress', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  structures: integer('structures').notNull().default(0),
  inspected: integer('inspected').notNull().default(0),
  lastReviewed: moment('last_reviewed'),
});
