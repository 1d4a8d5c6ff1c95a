import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, moment, updatedAt } from './columns.ts';
import { images } from './images.ts';

export type AiModelState =
  | 'Trained'
  | 'Training'
  | 'Ready to Train'
  | 'Waiting for Markup'
  | 'Waiting for Images';

/** A model recognises one class of item; the page finds it by the slug of model_class_name, hence unique case-insensitively. */
export const aiModels = pgTable(
  'ai_models',
  {
    id: serial('id').primaryKey(),
    /** Id of the class in the training service, set once it knows the model. */
    modelClassId: integer('model_class_id'),
    modelClassName: varchar('model_class_name', { length: 100 }).notNull(),
    /** Share of marked-up images held back for validation (typically 10 or 15). */
    modelHoldbackpercentage: smallint('model_holdbackpercentage').notNull().default(10),
    modelNotes: text('model_notes'),
    // Column names as the spec spells them.
    userinitatedstarttrainingdate: moment('userinitatedstarttrainingdate'),
    currentstep: integer('currentstep').notNull().default(0),
    totalstepcount: integer('totalstepcount').notNull().default(0),
    state: varchar('state', { length: 20 }).$type<AiModelState>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Seed of the hold-back split, drawn once: an image stays on its side of the split for every version. */
    splitSeed: integer('split_seed').notNull().default(sql`floor(random() * 2147483647)::int`),
    /** The training job of the run in progress (the model trains while it is queued or running). */
    trainingJobId: integer('training_job_id'),
    /** When the last patch or negative changed (a trained model older than this is no longer current). */
    markupChangedAt: moment('markup_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ai_models_class_name_unique').on(sql`lower(${t.modelClassName})`),
    check('ai_models_holdback_check', sql`${t.modelHoldbackpercentage} between 0 and 100`),
    check(
      'ai_models_state_check',
      sql`${t.state} in ('Trained', 'Training', 'Ready to Train', 'Waiting for Markup', 'Waiting for Images')`,
    ),
  ],
);

/** Training images, stored once (by md5) and reusable by several models. */
export const aiImages = pgTable('ai_images', {
  id: serial('id').primaryKey(),
  md5: varchar('md5', { length: 32 }).notNull().unique(),
  imageName: varchar('image_name', { length: 255 }).notNull(),
  storageKey: varchar('storage_key', { length: 500 }).notNull().unique(),
  imgWidth: integer('img_width'),
  imgHeight: integer('img_height'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  contentType: varchar('content_type', { length: 50 }),
  hasThumb: boolean('has_thumb').notNull().default(false),
  hasMedium: boolean('has_medium').notNull().default(false),
  /** Set when the image is an inspection photo marked up in AI mode. */
  sourceImageId: integer('source_image_id').references(() => images.id, { onDelete: 'set null' }),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  uploadedAt: moment('uploaded_at').notNull().defaultNow(),
});

/** Which images a model uses; each must be marked up separately per model. */
export const aiModelImages = pgTable(
  'ai_model_images',
  {
    modelId: integer('model_id')
      .notNull()
      .references(() => aiModels.id, { onDelete: 'cascade' }),
    aiImageId: integer('ai_image_id')
      .notNull()
      .references(() => aiImages.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'Nothing to find here': a negative example, marked up without a patch. */
    nothingToFind: boolean('nothing_to_find').notNull().default(false),
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.aiImageId] }),
    index('ai_model_images_image_idx').on(t.aiImageId),
  ],
);

/** Markups of one image for one model (POST /api/v1/ai/patch/{modelId}). */
export const aiPatches = pgTable(
  'ai_patches',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => aiModels.id, { onDelete: 'cascade' }),
    aiImageId: integer('ai_image_id')
      .notNull()
      .references(() => aiImages.id, { onDelete: 'cascade' }),
    left: doublePrecision('left').notNull(),
    top: doublePrecision('top').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    polygon: jsonb('polygon').$type<Array<[number, number]>>(),
    note: varchar('note', { length: 500 }),
    /**
     * A region known to hold nothing of the class: an AI markup a reviewer dismissed (a hard negative for
     * training). Positive patches are drawn or accepted markups.
     */
    negative: boolean('negative').notNull().default(false),
    /** The AI markup this patch came from (accepted: positive; dismissed: negative); one patch per markup. */
    markupId: integer('markup_id')
      .unique()
      .references((): AnyPgColumn => aiMarkups.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ai_patches_model_image_idx').on(t.modelId, t.aiImageId),
    index('ai_patches_image_idx').on(t.aiImageId),
  ],
);

/** One training run of a model: its held-back metrics and where its trained heads are stored. */
export const aiModelVersions = pgTable(
  'ai_model_versions',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => aiModels.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    trainedAt: moment('trained_at').notNull().defaultNow(),
    trainImages: integer('train_images').notNull(),
    validationImages: integer('validation_images').notNull(),
    precision: doublePrecision('precision'),
    recall: doublePrecision('recall'),
    ap50: doublePrecision('ap50'),
    threshold: doublePrecision('threshold').notNull(),
    confusion: jsonb('confusion').notNull(),
    prCurve: jsonb('pr_curve').notNull(),
    weightsKey: varchar('weights_key', { length: 500 }).notNull(),
  },
  (t) => [uniqueIndex('ai_model_versions_model_version_unique').on(t.modelId, t.version)],
);

/**
 * AI markups: what a model version found on an inspection photo ('Run on project'), for the viewer's AI
 * mode. A reviewer accepts one (it becomes an annotation) or dismisses it.
 */
export const aiMarkups = pgTable(
  'ai_markups',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => aiModels.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    left: doublePrecision('left').notNull(),
    top: doublePrecision('top').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    score: doublePrecision('score').notNull(),
    status: varchar('status', { length: 10 })
      .$type<'open' | 'accepted' | 'dismissed'>()
      .notNull()
      .default('open'),
    annotationId: integer('annotation_id'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: moment('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ai_markups_image_idx').on(t.imageId, t.modelId),
    // The Inspect tab's flag: photos with open markups.
    index('ai_markups_open_idx').on(t.imageId).where(sql`${t.status} = 'open'`),
    check('ai_markups_status_check', sql`${t.status} in ('open', 'accepted', 'dismissed')`),
  ],
);
