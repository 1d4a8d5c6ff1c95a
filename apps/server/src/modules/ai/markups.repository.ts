import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';
import { aiMarkups } from '../../platform/db/schema/index.ts';

/** The photos of a project a run looks at (rejected ones never; reviewed ones only when asked). */
export async function projectPhotos(db: Db, projectId: number, onlyUnreviewed: boolean) {
  return queryRows(
    db,
    sql`select id, storage_key from images
        where project_id = ${projectId} and reject_datetime is null
          and (${onlyUnreviewed}::boolean = false or first_viewed is null)
        order by id`,
    z.object({ id: z.number().int(), storage_key: z.string() }),
  );
}

/** Replaces the open markups of a model on a photo with a run's findings (reviewed ones stay). */
export async function replaceOpenMarkups(
  db: Db,
  modelId: number,
  version: number,
  imageId: number,
  boxes: readonly { left: number; top: number; width: number; height: number; score: number }[],
): Promise<void> {
  await db
    .delete(aiMarkups)
    .where(and(eq(aiMarkups.modelId, modelId), eq(aiMarkups.imageId, imageId), eq(aiMarkups.status, 'open')));
  if (boxes.length > 0) {
    await db.insert(aiMarkups).values(boxes.map((b) => ({ modelId, version, imageId, ...b })));
  }
}

export const MarkupRow = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  model_class_name: z.string(),
  version: z.number().int(),
  image_id: z.number().int(),
  left: z.number(),
  top: z.number(),
  width: z.number(),
  height: z.number(),
  score: z.number(),
  status: z.enum(['open', 'accepted', 'dismissed']),
  annotation_id: z.number().int().nullable(),
});

const select = sql`select a.id, a.model_id, m.model_class_name, a.version, a.image_id, a."left", a.top, a.width,
    a.height, a.score, a.status, a.annotation_id
  from ai_markups a join ai_models m on m.id = a.model_id`;

export async function markupsOfImage(db: Db, imageId: number) {
  return queryRows(db, sql`${select} where a.image_id = ${imageId} order by a.score desc, a.id`, MarkupRow);
}

export async function markupById(db: Db, id: number, lock = false) {
  if (lock) await db.execute(sql`select id from ai_markups where id = ${id} for update`);
  const [row] = await queryRows(db, sql`${select} where a.id = ${id}`, MarkupRow);
  return row ?? null;
}

export async function reviewMarkup(
  db: Db,
  id: number,
  values: { status: 'accepted' | 'dismissed'; userId: number; annotationId?: number },
): Promise<void> {
  await db
    .update(aiMarkups)
    .set({
      status: values.status,
      reviewedBy: values.userId,
      reviewedAt: new Date(),
      annotationId: values.annotationId ?? null,
    })
    .where(eq(aiMarkups.id, id));
}

export async function imageSize(
  db: Db,
  imageId: number,
): Promise<{ width: number | null; height: number | null }> {
  const [row] = await queryRows(
    db,
    sql`select width, height from images where id = ${imageId}`,
    z.object({ width: z.number().int().nullable(), height: z.number().int().nullable() }),
  );
  return row ?? { width: null, height: null };
}

/** The open markups of a photo at or above `minScore` (of one model, or all), locked in id order. */
export async function openMarkupIds(db: Db, imageId: number, minScore: number, modelId: number | null) {
  const rows = await queryRows(
    db,
    sql`select id from ai_markups
        where image_id = ${imageId} and status = 'open' and score >= ${minScore}
          and (${modelId}::int is null or model_id = ${modelId}::int)
        order by id for update`,
    z.object({ id: z.number().int() }),
  );
  return rows.map((r) => r.id);
}

/**
 * The training image of an inspection photo (its stored original, shared with an uploaded image of the same
 * md5), one of the model's images: made on the first review feedback. Answers its ai_images id.
 */
export async function photoTrainingImage(db: Db, modelId: number, photoId: number, userId: number) {
  await db.execute(sql`insert into ai_images
      (md5, image_name, storage_key, img_width, img_height, size_bytes, source_image_id, uploaded_by)
    select md5, image_name, storage_key, width, height, size_bytes, id, ${userId} from images where id = ${photoId}
    on conflict do nothing`);
  const [row] = await queryRows(
    db,
    sql`select a.id from images p join ai_images a on a.md5 = p.md5 or a.storage_key = p.storage_key
        where p.id = ${photoId} order by (a.source_image_id = p.id) desc nulls last, a.id limit 1`,
    z.object({ id: z.number().int() }),
  );
  await db.execute(sql`insert into ai_model_images (model_id, ai_image_id, uploaded_by)
    values (${modelId}, ${row!.id}, ${userId}) on conflict do nothing`);
  return row!.id;
}

/** The reviewed markup as a patch of the model's training image: positive (accepted) or negative (dismissed). */
export async function feedbackPatch(
  db: Db,
  markup: { id: number; model_id: number; left: number; top: number; width: number; height: number },
  aiImageId: number,
  negative: boolean,
  userId: number,
): Promise<void> {
  await db.execute(sql`insert into ai_patches
      (model_id, ai_image_id, "left", top, width, height, negative, markup_id, created_by, note)
    values (${markup.model_id}, ${aiImageId}, ${markup.left}, ${markup.top}, ${markup.width}, ${markup.height},
      ${negative}, ${markup.id}, ${userId}, ${negative ? 'Dismissed AI markup' : 'Accepted AI markup'})
    on conflict (markup_id) do nothing`);
  await db.execute(sql`update ai_models set markup_changed_at = now() where id = ${markup.model_id}`);
}
