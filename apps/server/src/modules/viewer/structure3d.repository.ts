import { type CameraPhoto, type StructureModel, StructureModelSchema } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const orNull = z.number().nullable();
const CameraPhotoRow = z.object({
  id: z.number(),
  image_name: z.string(),
  lat: orNull,
  lon: orNull,
  altitude: orNull,
  relative_altitude: orNull,
  bearing: orNull,
  gimbal_pitch: orNull,
}) satisfies z.ZodType<CameraPhoto>;

import type { Db } from '../../platform/db/client.ts';
import { IdRow, queryRows } from '../../platform/db/rows.ts';

/** The structure's position (x = longitude, y = latitude), or null when it is gone. */
export async function structureOrigin(
  db: Db,
  structureId: number,
): Promise<{ lat: number; lon: number } | null> {
  const [row] = await queryRows(
    db,
    sql`select location[1]::float8 as lat, location[0]::float8 as lon from structures where id = ${structureId}`,
    z.object({
      lat: z.number(),
      lon: z.number(),
    }),
  );
  return row ?? null;
}

/** The photos a model is built from: the structure's photos that are not rejected, by id. */
export function modelPhotos(db: Db, structureId: number): Promise<CameraPhoto[]> {
  return queryRows(
    db,
    sql`select id, image_name,
          case when location is null then null else location[1]::float8 end as lat,
          case when location is null then null else location[0]::float8 end as lon,
          altitude, relative_altitude, bearing, gimbal_pitch
        from images
        where structure_id = ${structureId} and reject_datetime is null
        order by id`,
    CameraPhotoRow,
  );
}

/** Ids of the photos a model would be built from now (ascending). */
export async function currentPhotoIds(db: Db, structureId: number): Promise<number[]> {
  const rows = await queryRows(
    db,
    sql`select id from images where structure_id = ${structureId} and reject_datetime is null order by id`,
    IdRow,
  );
  return rows.map((r) => r.id);
}

export const StoredModel = z.object({
  model: StructureModelSchema,
  image_ids: z.array(z.number()),
  built_at: z.string(),
});
export type StoredModel = z.infer<typeof StoredModel>;

export async function findModel(db: Db, structureId: number): Promise<StoredModel | null> {
  const [row] = await queryRows(
    db,
    sql`select model, image_ids, to_char(built_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as built_at
        from structure_models where structure_id = ${structureId}`,
    StoredModel,
  );
  return row ?? null;
}

/** Stores (or replaces) the structure's model in one statement. */
export async function saveModel(
  db: Db,
  structureId: number,
  model: StructureModel,
  imageIds: number[],
  jobId: number,
): Promise<void> {
  await db.execute(
    sql`insert into structure_models (structure_id, model, image_ids, built_at, job_id)
        values (${structureId}, ${JSON.stringify(model)}::jsonb, ${JSON.stringify(imageIds)}::jsonb, now(), ${jobId})
        on conflict (structure_id) do update
          set model = excluded.model, image_ids = excluded.image_ids, built_at = excluded.built_at,
              job_id = excluded.job_id`,
  );
}

/** The latest build job of the structure (any state), if any. */
export async function latestBuildJob(
  db: Db,
  jobName: string,
  dedupeKey: string,
): Promise<{ id: number; state: string } | null> {
  const [row] = await queryRows(
    db,
    sql`select id, state from jobs where name = ${jobName} and dedupe_key = ${dedupeKey}
        order by id desc limit 1`,
    z.object({
      id: z.number(),
      state: z.string(),
    }),
  );
  return row ?? null;
}
