import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { acceptedPhotoFor, projectInActorScope } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';

export const StoredImage = z.object({
  id: z.number(),
  company_id: z.number(),
  md5: z.string(),
  storage_key: z.string(),
  content_type: z.string().nullable(),
  size_bytes: z.number().nullable(),
  has_thumb: z.boolean(),
  has_medium: z.boolean(),
  /** The upright pixel size, known once the photo is processed. */
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type StoredImage = z.infer<typeof StoredImage>;

/** A photo with its project's company, confined to the actor's company (a customer's own). */
export async function findImage(db: Db, actor: Actor, imageId: number): Promise<StoredImage | null> {
  const [row] = await queryRows(
    db,
    sql`select i.id, p.company_id, i.md5, i.storage_key, i.content_type, i.size_bytes::float8 as size_bytes,
          i.has_thumb, i.has_medium, i.width, i.height
        from images i join projects p on p.id = i.project_id
        where i.id = ${imageId} and ${projectInActorScope(actor)} and ${acceptedPhotoFor(actor)}`,
    StoredImage,
  );
  return row ?? null;
}

export async function imageExif(
  db: Db,
  actor: Actor,
  imageId: number,
): Promise<{
  company_id: number;
  exif: Record<string, unknown> | null;
  md5: string;
  size_bytes: number | null;
} | null> {
  const [row] = await queryRows(
    db,
    sql`select p.company_id, i.exif, i.md5, i.size_bytes::float8 as size_bytes
        from images i join projects p on p.id = i.project_id
        where i.id = ${imageId} and ${projectInActorScope(actor)} and ${acceptedPhotoFor(actor)}`,
    z.object({
      company_id: z.number(),
      exif: z.union([z.record(z.string(), z.unknown()), z.string()]).nullable(),
      md5: z.string(),
      size_bytes: z.number().nullable(),
    }),
  );
  if (!row) return null;
  const exif = typeof row.exif === 'string' ? (JSON.parse(row.exif) as Record<string, unknown>) : row.exif;
  return { ...row, exif };
}
