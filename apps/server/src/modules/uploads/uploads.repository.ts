import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { type FileUploadKind, fileUploads } from '../../platform/db/schema/index.ts';

export async function insertFileUpload(
  db: Db,
  row: { storageKey: string; kind: FileUploadKind; contentType: string; uploadedBy: number },
): Promise<string> {
  const [inserted] = await db.insert(fileUploads).values(row).returning({ id: fileUploads.id });
  return inserted!.id;
}

/** The upload this server issued for `storageKey`, if any. */
export async function findFileUpload(db: Db, storageKey: string) {
  const [row] = await db
    .select({ id: fileUploads.id, storageKey: fileUploads.storageKey, kind: fileUploads.kind })
    .from(fileUploads)
    .where(eq(fileUploads.storageKey, storageKey))
    .limit(1);
  return row ?? null;
}
