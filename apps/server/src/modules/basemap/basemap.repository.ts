import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { basemapExtracts } from '../../platform/db/schema/index.ts';

export type BasemapExtractRow = typeof basemapExtracts.$inferSelect;
export type NewBasemapExtract = typeof basemapExtracts.$inferInsert;

/** The extract the maps use: the newest one uploaded, or null. */
export async function currentExtract(db: Db): Promise<BasemapExtractRow | null> {
  const [row] = await db.select().from(basemapExtracts).orderBy(desc(basemapExtracts.id)).limit(1);
  return row ?? null;
}

export async function insertExtract(db: Db, row: NewBasemapExtract): Promise<number> {
  const [inserted] = await db
    .insert(basemapExtracts)
    .values(row)
    .onConflictDoNothing({ target: basemapExtracts.storageKey })
    .returning({ id: basemapExtracts.id });
  return inserted?.id ?? 0;
}

export async function findExtract(
  db: Db,
  by: { id: number } | { storageKey: string },
): Promise<BasemapExtractRow | null> {
  const [row] = await db
    .select()
    .from(basemapExtracts)
    .where('id' in by ? eq(basemapExtracts.id, by.id) : eq(basemapExtracts.storageKey, by.storageKey))
    .limit(1);
  return row ?? null;
}
