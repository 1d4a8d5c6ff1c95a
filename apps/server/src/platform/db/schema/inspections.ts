import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, moment, updatedAt } from './columns.ts';
import { projects } from './projects.ts';
import { structures } from './structures.ts';
import { components } from './taxonomy.ts';

/** The sem_ condition fields of an inspection (spec 2 §3), kept together as one jsonb object of text values. */
export type SemConditionKey =
  | 'conductor'
  | 'dampers'
  | 'distbn_ub_or_joint_use'
  | 'foundation'
  | 'ground_anchor_attachment'
  | 'grounding'
  | 'groundline_attachment'
  | 'guys_anchors'
  | 'hardwear'
  | 'insulators'
  | 'jumper'
  | 'ohgw_opgw'
  | 'pole'
  | 'pole_material'
  | 'side_trimming'
  | 'splices'
  | 'structid_aerial_markers'
  | 'undergrowth';
export type SemConditions = Partial<Record<SemConditionKey, string>>;

export type ReviewStatus = 'Complete' | 'Reshoot Requested';

/**
 * One inspection per structure, or per (structure, component) for component-level projects (inspection_type '1').
 * review_status null means pending; the inspection is completed once date_reviewed is set.
 */
export const inspections = pgTable(
  'inspections',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    structureId: integer('structure_id')
      .notNull()
      .references(() => structures.id, { onDelete: 'cascade' }),
    componentId: integer('component_id').references(() => components.id),
    reviewStatus: varchar('review_status', { length: 20 }).$type<ReviewStatus>(),
    dateReviewed: moment('date_reviewed'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Highest annotation risk (1..5); null or 0 counts as Satisfactory. */
    maxRiskLevel: smallint('max_risk_level'),
    reshootReason: varchar('reshoot_reason', { length: 500 }),
    reshootRequestedAt: moment('reshoot_requested_at'),
    reshootRequestedBy: integer('reshoot_requested_by').references(() => users.id, { onDelete: 'set null' }),
    escalatedAt: moment('escalated_at'),
    escalatedBy: integer('escalated_by').references(() => users.id, { onDelete: 'set null' }),
    // Completion data (spec 1 §3).
    strType: varchar('str_type', { length: 50 }),
    armType: varchar('arm_type', { length: 50 }),
    armQty: smallint('arm_qty'),
    anchorQty: smallint('anchor_qty'),
    guyQty: smallint('guy_qty'),
    insulatorType: varchar('insulator_type', { length: 10 }).$type<'Ceramic' | 'Glass' | 'Polymer'>(),
    insulatorQty: smallint('insulator_qty'),
    condSleeveQty: smallint('cond_sleeve_qty'),
    inspector: varchar('inspector', { length: 100 }),
    comments: text('comments'),
    semRemark: text('sem_remark'),
    semConditions: jsonb('sem_conditions').$type<SemConditions>(),
    /** Completed while the structure had no photo standing; the reviewer confirmed it (issue 9). */
    completedWithoutPhotos: boolean('completed_without_photos').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One inspection per structure and component; a NULL component counts as one value (PostgreSQL 15+).
    unique('inspections_structure_component_unique').on(t.structureId, t.componentId).nullsNotDistinct(),
    index('inspections_project_reviewed_idx').on(t.projectId, t.dateReviewed),
    check('inspections_review_status_check', sql`${t.reviewStatus} in ('Complete', 'Reshoot Requested')`),
    check('inspections_max_risk_check', sql`${t.maxRiskLevel} between 0 and 5`),
    check('inspections_arm_qty_check', sql`${t.armQty} between 0 and 10`),
    check('inspections_anchor_qty_check', sql`${t.anchorQty} between 0 and 16`),
    check('inspections_insulator_type_check', sql`${t.insulatorType} in ('Ceramic', 'Glass', 'Polymer')`),
    check(
      'inspections_quantities_check',
      sql`${t.guyQty} >= 0 and ${t.insulatorQty} >= 0 and ${t.condSleeveQty} >= 0`,
    ),
  ],
);

/** Dropdown fields of the completion form: 1 'Asset Material', 2 'Asset Type'. */
export const inspectionFields = pgTable('inspection_fields', {
  id: integer('id').primaryKey(),
  fieldName: varchar('field_name', { length: 50 }).notNull().unique(),
});

/** Options (value ids) of those fields: 1..5 materials, 6..9 asset types (spec 1 §3 'Field options'). */
export const inspectionFieldOptions = pgTable(
  'inspection_field_options',
  {
    id: integer('id').primaryKey(),
    fieldId: integer('field_id')
      .notNull()
      .references(() => inspectionFields.id),
    optionText: varchar('option_text', { length: 50 }).notNull(),
  },
  (t) => [index('inspection_field_options_field_idx').on(t.fieldId)],
);

export const inspectionFieldValues = pgTable(
  'inspection_field_values',
  {
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => inspectionFields.id),
    valueId: integer('value_id')
      .notNull()
      .references(() => inspectionFieldOptions.id),
  },
  (t) => [primaryKey({ columns: [t.inspectionId, t.fieldId] })],
);
