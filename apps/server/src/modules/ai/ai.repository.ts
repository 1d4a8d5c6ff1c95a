import { AiPatch } from '@linewalker/domain';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';
import {
  aiImages,
  aiModelImages,
  aiModels,
  aiModelVersions,
  aiPatches,
} from '../../platform/db/schema/index.ts';

const Moment = z.union([z.date(), z.string()]).nullable();
const iso = (v: Date | string | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

export const ModelRow = z.object({
  id: z.number().int(),
  model_class_id: z.number().int().nullable(),
  model_class_name: z.string(),
  model_holdbackpercentage: z.number().int(),
  model_notes: z.string().nullable(),
  userinitatedstarttrainingdate: Moment,
  markup_changed_at: Moment,
  currentstep: z.number().int(),
  totalstepcount: z.number().int(),
  split_seed: z.number().int(),
  training_job_state: z.string().nullable(),
  imgs_total: z.number().int(),
  imgs_ready: z.number().int(),
  users_contibuting: z.number().int(),
});
export type ModelRow = z.infer<typeof ModelRow>;

const modelSelect = sql`select m.id, m.model_class_id, m.model_class_name, m.model_holdbackpercentage::int as model_holdbackpercentage,
    m.model_notes, m.userinitatedstarttrainingdate, m.markup_changed_at, m.currentstep, m.totalstepcount, m.split_seed,
    (select j.state from jobs j where j.id = m.training_job_id) as training_job_state,
    (select count(*) from ai_model_images mi where mi.model_id = m.id)::int as imgs_total,
    (select count(*) from ai_model_images mi where mi.model_id = m.id
       and (mi.nothing_to_find or exists (select 1 from ai_patches p where p.model_id = m.id and p.ai_image_id = mi.ai_image_id)))::int as imgs_ready,
    (select count(distinct u) from (
       select uploaded_by as u from ai_model_images where model_id = m.id
       union select marked_by from ai_model_images where model_id = m.id
       union select created_by from ai_patches where model_id = m.id) c where u is not null)::int as users_contibuting
  from ai_models m`;

export async function listModels(db: Db): Promise<ModelRow[]> {
  return queryRows(db, sql`${modelSelect} order by lower(m.model_class_name)`, ModelRow);
}

export async function findModel(db: Db, id: number, lock = false): Promise<ModelRow | null> {
  if (lock) await db.execute(sql`select id from ai_models where id = ${id} for update`);
  const [row] = await queryRows(db, sql`${modelSelect} where m.id = ${id}`, ModelRow);
  return row ?? null;
}

export const VersionRow = z.object({
  model_id: z.number().int(),
  version: z.number().int(),
  trained_at: Moment,
  train_images: z.number().int(),
  validation_images: z.number().int(),
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  ap50: z.number().nullable(),
  threshold: z.number(),
  confusion: z.unknown(),
  pr_curve: z.unknown(),
  weights_key: z.string(),
});
export type VersionRow = z.infer<typeof VersionRow>;

/** The newest version of each model that has one. */
export async function latestVersions(db: Db, modelIds: readonly number[]): Promise<Map<number, VersionRow>> {
  if (modelIds.length === 0) return new Map();
  const rows = await queryRows(
    db,
    sql`select distinct on (model_id) model_id, version, trained_at, train_images, validation_images,
          precision, recall, ap50, threshold, confusion, pr_curve, weights_key
        from ai_model_versions where model_id = any(${`{${modelIds.join(',')}}`}::int[])
        order by model_id, version desc`,
    VersionRow,
  );
  return new Map(rows.map((r) => [r.model_id, r]));
}

export { iso };

/** True when another model (not `exceptId`) has this class name in any case. */
export async function classNameTaken(db: Db, className: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select id from ai_models where lower(model_class_name) = lower(${className})
        and (${exceptId ?? null}::int is null or id <> ${exceptId ?? null}::int)`,
    z.object({ id: z.number().int() }),
  );
  return rows.length > 0;
}

/** Inserts the model unless its class name is taken (also by a parallel insert): null then. */
export async function insertModel(
  db: Db,
  values: { className: string; notes: string | null; holdback: number; createdBy: number },
): Promise<number | null> {
  const rows = await db
    .insert(aiModels)
    .values({
      modelClassName: values.className,
      modelNotes: values.notes,
      modelHoldbackpercentage: values.holdback,
      createdBy: values.createdBy,
    })
    .onConflictDoNothing()
    .returning({ id: aiModels.id });
  return rows[0]?.id ?? null;
}

export async function updateModel(
  db: Db,
  id: number,
  values: { className: string; notes: string | null; holdback: number; classId?: number | null },
): Promise<void> {
  await db
    .update(aiModels)
    .set({
      modelClassName: values.className,
      modelNotes: values.notes,
      modelHoldbackpercentage: values.holdback,
      ...(values.classId !== undefined ? { modelClassId: values.classId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(aiModels.id, id));
}

export async function touchMarkup(db: Db, modelId: number): Promise<void> {
  await db.update(aiModels).set({ markupChangedAt: new Date() }).where(eq(aiModels.id, modelId));
}

export const AiImageRow = z.object({
  id: z.number().int(),
  storage_key: z.string(),
  img_width: z.number().int().nullable(),
  img_height: z.number().int().nullable(),
});
export type AiImageRow = z.infer<typeof AiImageRow>;

export async function aiImageByMd5(db: Db, md5: string): Promise<AiImageRow | null> {
  const [row] = await queryRows(
    db,
    sql`select id, storage_key, img_width, img_height from ai_images where md5 = ${md5}`,
    AiImageRow,
  );
  return row ?? null;
}

/** Inserts the image unless one with its md5 is stored (also by a parallel completion): null then. */
export async function insertAiImage(db: Db, values: typeof aiImages.$inferInsert): Promise<number | null> {
  const rows = await db.insert(aiImages).values(values).onConflictDoNothing().returning({ id: aiImages.id });
  return rows[0]?.id ?? null;
}

/** Links an image to a model (once): true when the link is new. */
export async function linkImage(db: Db, modelId: number, imageId: number, userId: number): Promise<boolean> {
  const rows = await db
    .insert(aiModelImages)
    .values({ modelId, aiImageId: imageId, uploadedBy: userId })
    .onConflictDoNothing()
    .returning({ id: aiModelImages.aiImageId });
  return rows.length > 0;
}

/** The image as a model uses it (null when the model has no such image). */
export async function modelImage(db: Db, modelId: number, imageId: number): Promise<AiImageRow | null> {
  const [row] = await queryRows(
    db,
    sql`select i.id, i.storage_key, i.img_width, i.img_height
        from ai_model_images mi join ai_images i on i.id = mi.ai_image_id
        where mi.model_id = ${modelId} and mi.ai_image_id = ${imageId}`,
    AiImageRow,
  );
  return row ?? null;
}

export async function insertPatch(db: Db, values: typeof aiPatches.$inferInsert): Promise<number> {
  const [row] = await db.insert(aiPatches).values(values).returning({ id: aiPatches.id });
  return row!.id;
}

export async function findPatch(db: Db, id: number) {
  const [row] = await db
    .select({ id: aiPatches.id, modelId: aiPatches.modelId, aiImageId: aiPatches.aiImageId })
    .from(aiPatches)
    .where(eq(aiPatches.id, id));
  return row ?? null;
}

export async function deletePatch(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(aiPatches).where(eq(aiPatches.id, id)).returning({ id: aiPatches.id });
  return rows.length > 0;
}

export async function setNothingToFind(
  db: Db,
  modelId: number,
  imageId: number,
  value: boolean,
  userId: number,
): Promise<void> {
  await db
    .update(aiModelImages)
    .set({ nothingToFind: value, markedBy: userId })
    .where(and(eq(aiModelImages.modelId, modelId), eq(aiModelImages.aiImageId, imageId)));
}

const ModelImageRow = z.object({
  image_id: z.number().int(),
  image_name: z.string(),
  storage_key: z.string(),
  img_width: z.number().int().nullable(),
  img_height: z.number().int().nullable(),
  nothing_to_find: z.boolean(),
});
const PatchRow = AiPatch.extend({ ai_image_id: z.number().int() });
export type PatchRow = z.infer<typeof PatchRow>;

/** The model's images in upload order, and their patches for this model. */
export async function modelImagesWithPatches(db: Db, modelId: number) {
  const images = await queryRows(
    db,
    sql`select i.id as image_id, i.image_name, i.storage_key, i.img_width, i.img_height, mi.nothing_to_find
        from ai_model_images mi join ai_images i on i.id = mi.ai_image_id
        where mi.model_id = ${modelId} order by mi.created_at, i.id`,
    ModelImageRow,
  );
  const patches = await queryRows(
    db,
    sql`select id, ai_image_id, "left", top, width, height, polygon, note, created_by
        from ai_patches where model_id = ${modelId} and not negative order by id`,
    PatchRow,
  );
  return { images, patches };
}

/**
 * The model's marked-up images with their patches' rectangles: positives (drawn or accepted) as boxes, and
 * the regions of dismissed markups as negatives. An image marked 'nothing to find here', or holding only
 * dismissed markups, is a negative example: in the set with no boxes.
 */
export async function trainingImages(db: Db, modelId: number) {
  const boxes = (negative: boolean) =>
    sql`coalesce((select json_agg(json_build_array(p."left", p.top, p.width, p.height) order by p.id)
                  from ai_patches p
                  where p.model_id = mi.model_id and p.ai_image_id = i.id and p.negative = ${negative}),
                '[]'::json)`;
  const rows = await queryRows(
    db,
    sql`select i.id, i.storage_key, mi.nothing_to_find, ${boxes(false)} as boxes, ${boxes(true)} as negatives
        from ai_model_images mi join ai_images i on i.id = mi.ai_image_id
        where mi.model_id = ${modelId}
          and (mi.nothing_to_find or exists (select 1 from ai_patches p where p.model_id = mi.model_id and p.ai_image_id = i.id))
        order by i.id`,
    z.object({
      id: z.number().int(),
      storage_key: z.string(),
      nothing_to_find: z.boolean(),
      boxes: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
      negatives: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
    }),
  );
  return rows;
}

export async function startTraining(db: Db, modelId: number, jobId: number): Promise<void> {
  await db
    .update(aiModels)
    .set({
      userinitatedstarttrainingdate: new Date(),
      currentstep: 0,
      totalstepcount: 0,
      trainingJobId: jobId,
    })
    .where(eq(aiModels.id, modelId));
}

/** Progress of the run of `jobId` (nothing when the model no longer trains for that job): false then. */
export async function trainingProgress(db: Db, modelId: number, jobId: number, step: number, total: number) {
  const rows = await db
    .update(aiModels)
    .set({ currentstep: step, totalstepcount: total })
    .where(
      and(
        eq(aiModels.id, modelId),
        eq(aiModels.trainingJobId, jobId),
        sql`${aiModels.userinitatedstarttrainingdate} is not null`,
      ),
    )
    .returning({ id: aiModels.id });
  return rows.length > 0;
}

/** Ends a run: the model no longer trains (cancelled, failed for good, or done). */
export async function endTraining(db: Db, modelId: number, done?: { total: number }): Promise<void> {
  await db
    .update(aiModels)
    .set({
      userinitatedstarttrainingdate: null,
      ...(done
        ? { currentstep: done.total, totalstepcount: done.total }
        : { currentstep: 0, totalstepcount: 0 }),
    })
    .where(eq(aiModels.id, modelId));
}

export async function insertVersion(db: Db, values: typeof aiModelVersions.$inferInsert): Promise<number> {
  const [row] = await db.insert(aiModelVersions).values(values).returning({ id: aiModelVersions.id });
  return row!.id;
}

export async function nextVersion(db: Db, modelId: number): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`select coalesce(max(version), 0)::int + 1 as n from ai_model_versions where model_id = ${modelId}`,
    z.object({ n: z.number().int() }),
  );
  return row!.n;
}
