import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { basemapExtracts, users } from '../../platform/db/schema/index.ts';

export type BasemapExtractRow = typeof basemapExtracts.$inferSelect;
export type NewBasemapExtract = typeof basemapExtracts.$inferInsert;

/** The extract the maps use: the newest one not removed, or null. */
export async function currentExtract(db: Db): Promise<BasemapExtractRow | null> {
  const [row] = await db
    .select()
    .from(basemapExtracts)
    .where(isNull(basemapExtracts.removedAt))
    .orderBy(desc(basemapExtracts.id))
    .limit(1);
  return row ?? null;
}

/** Who uploaded an extract (first and last name), or null when that user is gone. */
export async function uploaderName(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? `${row.first} ${row.last}`.trim() : null;
}

export async function insertExtract(db: Db, row: NewBasemapExtract): Promise<number> {
  const [inserted] = await db
    .insert(basemapExtracts)
    .values(row)
    .onConflictDoNothing({ target: basemapExtracts.storageKey })
    .returning({ id: basemapExtracts.id });
  return inserted?.id ?? 0;
}

/**
 * Marks as removed the extracts in use older than `beforeId` (every one when null); answers them, so their
 * files can be deleted once the change is committed.
 */
export async function removeExtracts(db: Db, beforeId: number | null): Promise<BasemapExtractRow[]> {
  return db
    .update(basemapExtracts)
    .set({ removedAt: new Date() })
    .where(
      and(
        isNull(basemapExtracts.removedAt),
        beforeId === null ? undefined : lt(basemapExtracts.id, beforeId),
      ),
    )
    .returning();
}

/** An extract in use (removed ones are not served: their files are deleted). */
export async function findExtract(
  db: Db,
  by: { id: number } | { storageKey: string },
): Promise<BasemapExtractRow | null> {
  const [row] = await db
    .select()
    .from(basemapExtracts)
    .where(
      and(
        'id' in by ? eq(basemapExtracts.id, by.id) : eq(basemapExtracts.storageKey, by.storageKey),
        isNull(basemapExtracts.removedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
