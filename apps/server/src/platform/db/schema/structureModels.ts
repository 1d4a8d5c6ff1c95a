import type { StructureModel } from '@linewalker/domain';
import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { moment } from './columns.ts';
import { jobs } from './jobs.ts';
import { structures } from './structures.ts';

/**
 * The 3D view of a structure (spec 2 §2 'Map and 3D'): camera positions and directions of its photos and a
 * pole/tower proxy, built by the `structures.model3d` job. One row per structure (the component inspections
 * of a structure share its photos, so they share its model); rebuilding replaces it.
 */
export const structureModels = pgTable('structure_models', {
  structureId: integer('structure_id')
    .primaryKey()
    .references(() => structures.id, { onDelete: 'cascade' }),
  model: jsonb('model').$type<StructureModel>().notNull(),
  /** The photos the model was built from (ascending ids), to tell when it is out of date. */
  imageIds: jsonb('image_ids').$type<number[]>().notNull(),
  builtAt: moment('built_at').notNull().defaultNow(),
  jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
});
