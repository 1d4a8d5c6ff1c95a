import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

/**
 * The demo's reviews were made up without photos for most structures (only one project gets real demo
 * photos). A completed inspection whose structure has no standing photo is marked as completed without
 * photos, as the app records it when a reviewer confirms such a completion, so no structure shows as
 * inspected from nothing without saying so. Run after every seeding step that adds photos; idempotent.
 */
export async function markReviewsWithoutPhotos(db: Db): Promise<void> {
  await db.execute(sql`
    update inspections i
    set completed_without_photos = not exists (
      select 1 from images im where im.structure_id = i.structure_id and im.reject_datetime is null)
    where i.review_status = 'Complete'`);
}
