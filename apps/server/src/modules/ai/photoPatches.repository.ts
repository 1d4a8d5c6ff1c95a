import { AiPatch, type AiPhotoPatch } from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';

/** A model's patch (the domain's shape) drawn on an inspection photo, with its model and author named. */
const PhotoPatchRow = AiPatch.extend({
  model_id: z.number().int(),
  model_class_name: z.string(),
  created_by_name: z.string().nullable(),
});

/**
 * The training image(s) of an inspection photo: the stored original, matched by md5 or storage key as
 * `photoTrainingImage` makes it (an uploaded copy of the same bytes serves both).
 */
const photoImages = (photoId: number) =>
  sql`select a.id from images ph join ai_images a on a.md5 = ph.md5 or a.storage_key = ph.storage_key
      where ph.id = ${photoId}`;

function selectPatches(where: SQL) {
  return sql`select p.id, p.model_id, m.model_class_name, p."left", p.top, p.width, p.height, p.polygon, p.note,
      p.created_by, case when u.id is null then null else u.first_name || ' ' || u.last_name end as created_by_name
    from ai_patches p join ai_models m on m.id = p.model_id left join users u on u.id = p.created_by
    where ${where} order by p.id`;
}

/**
 * The patches drawn on a photo's training image for every model (drawn ones: not the negatives and
 * positives that reviewed markups left, which the markup list shows).
 */
export function photoPatches(db: Db, photoId: number): Promise<AiPhotoPatch[]> {
  return queryRows(
    db,
    selectPatches(sql`p.ai_image_id in (${photoImages(photoId)}) and p.markup_id is null and not p.negative`),
    PhotoPatchRow,
  );
}

export async function photoPatchById(db: Db, id: number): Promise<AiPhotoPatch | null> {
  const [row] = await queryRows(db, selectPatches(sql`p.id = ${id}`), PhotoPatchRow);
  return row ?? null;
}

/** The photo's training image id (spec 2 §3 'img_id'), null until a model uses the photo. */
export async function photoImgId(db: Db, photoId: number): Promise<number | null> {
  const [row] = await queryRows(
    db,
    sql`${photoImages(photoId)} order by a.id limit 1`,
    z.object({ id: z.number().int() }),
  );
  return row?.id ?? null;
}

/** The inspection photo an AI image was made from (the photo a viewer patch lies on), if any. */
export async function sourcePhotoOf(db: Db, aiImageId: number): Promise<number | null> {
  const [row] = await queryRows(
    db,
    sql`select ph.id from ai_images a join images ph on ph.id = a.source_image_id where a.id = ${aiImageId}`,
    z.object({ id: z.number().int() }),
  );
  return row?.id ?? null;
}
