import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';

/**
 * Deletes up to `limit` uploads signed before `olderThan` that nothing uses: no photo, source file, flight
 * plan, training image or basemap extract in use holds their key or id (a file PUT and never completed, or a
 * URL never used). Answers their storage keys, for the caller to delete the objects once the rows are gone (a
 * row deleted first means a completion racing the sweep finds no upload, never an image without its file).
 */
export async function deleteOrphanUploads(db: Db, olderThan: Date, limit: number): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`delete from file_uploads where id in (
          select f.id from file_uploads f
          where f.created_at < ${olderThan.toISOString()}::timestamptz
            and not exists (select 1 from images i where i.file_upload_id = f.id or i.storage_key = f.storage_key)
            and not exists (select 1 from source_files s where s.file_upload_id = f.id or s.storage_key = f.storage_key)
            and not exists (select 1 from flight_plans p where p.storage_key = f.storage_key)
            and not exists (select 1 from ai_images a where a.storage_key = f.storage_key)
            and not exists (select 1 from basemap_extracts b where b.storage_key = f.storage_key and b.removed_at is null)
          order by f.created_at
          limit ${limit}
          for update skip locked)
        returning storage_key`,
    z.object({
      storage_key: z.string(),
    }),
  );
  return rows.map((r) => r.storage_key);
}
