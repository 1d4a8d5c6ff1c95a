import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { aiModels } from './ai.ts';
import { createdAt } from './columns.ts';
import { ettEvaluationCodes, knuckleFlatPositions } from './ett.ts';
import { images } from './images.ts';
import { components, deficiencies } from './taxonomy.ts';

/** A defect marked on an image: a rectangle or a polygon, with component, deficiency and risk (spec 2 §3 'Annotation'). */
export const annotations = pgTable(
  'annotations',
  {
    id: serial('id').primaryKey(),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … within the image. */
    annotationNumber: integer('annotation_number').notNull(),
    shape: varchar('shape', { length: 7 }).$type<'rect' | 'polygon'>().notNull(),
    rectTopLeftX: doublePrecision('rect_top_left_x'),
    rectTopLeftY: doublePrecision('rect_top_left_y'),
    rectWidth: doublePrecision('rect_width'),
    rectHeight: doublePrecision('rect_height'),
    polygon: jsonb('polygon').$type<Array<[number, number]>>(),
    riskLevel: smallint('risk_level').notNull().default(2),
    /** Null for AI markups, which need no component. */
    categoryId: integer('category_id').references(() => components.id),
    subCategoryId: integer('sub_category_id').references(() => deficiencies.id),
    note: varchar('note', { length: 500 }),
    /** Size of the image as drawn on, so coordinates can be rescaled. */
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    ettEvaluationCodeId: integer('ett_evaluation_code_id').references(() => ettEvaluationCodes.id),
    ettKnuckleFlatPositionId: integer('ett_knuckle_flat_position_id').references(
      () => knuckleFlatPositions.id,
    ),
    /** Set for AI-mode markups. */
    modelId: integer('model_id').references(() => aiModels.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Also serves lookups by image_id.
    unique('annotations_image_number_unique').on(t.imageId, t.annotationNumber),
    check('annotations_risk_level_check', sql`${t.riskLevel} between 1 and 5`),
    check('annotations_shape_check', sql`${t.shape} in ('rect', 'polygon')`),
  ],
);
