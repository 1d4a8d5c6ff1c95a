import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { inspections } from './inspections.ts';

/** Arm (flange for ABB) positions on a structure, fixed list. */
export const ettArmPositions = pgTable('ett_arm_positions', {
  id: integer('id').primaryKey(),
  armPositionText: varchar('arm_position_text', { length: 50 }).notNull(),
  sortOrder: smallint('sort_order').notNull(),
});

/** One arm (or flange) of an inspected structure with its identification (spec 2 §3 'ETT arm'). */
export const ettArms = pgTable(
  'ett_arms',
  {
    id: serial('id').primaryKey(),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    armPositionId: integer('arm_position_id')
      .notNull()
      .references(() => ettArmPositions.id),
    classification: varchar('classification', { length: 15 }).$type<
      'Original' | 'Remanufactured' | 'Replacement'
    >(),
    manufacturer: varchar('manufacturer', { length: 1 }).$type<'F' | 'H' | 'T' | 'V'>(),
    /** Labelled RFID for ABB projects. */
    part: varchar('part', { length: 100 }),
    serialNum: varchar('serial_num', { length: 100 }),
    releaseNum: varchar('release_num', { length: 100 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('ett_arms_inspection_position_unique').on(t.inspectionId, t.armPositionId),
    check(
      'ett_arms_classification_check',
      sql`${t.classification} in ('Original', 'Remanufactured', 'Replacement')`,
    ),
    check('ett_arms_manufacturer_check', sql`${t.manufacturer} in ('F', 'H', 'T', 'V')`),
  ],
);

/** Notes on an arm are append-only: existing ones are read-only, staff add a new one. */
export const ettArmNotes = pgTable(
  'ett_arm_notes',
  {
    id: serial('id').primaryKey(),
    ettArmId: integer('ett_arm_id')
      .notNull()
      .references(() => ettArms.id, { onDelete: 'cascade' }),
    noteText: varchar('note_text', { length: 500 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('ett_arm_notes_arm_idx').on(t.ettArmId)],
);

export const ettEvaluationCodes = pgTable('ett_evaluation_codes', {
  id: integer('id').primaryKey(),
  codeValue: varchar('code_value', { length: 10 }).notNull().unique(),
  description: varchar('description', { length: 200 }).notNull(),
});

export const knuckleFlatPositions = pgTable('knuckle_flat_positions', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
});

/** ABB identification kinds an image can show (several per image). */
export const abbIdTypes = pgTable('abb_id_types', {
  id: integer('id').primaryKey(),
  idTypeName: varchar('id_type_name', { length: 50 }).notNull(),
});
