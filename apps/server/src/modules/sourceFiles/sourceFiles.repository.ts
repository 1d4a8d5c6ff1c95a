import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { type FileUploadKind, fileUploads } from '../../platform/db/schema/index.ts';

export async function insertFileUpload(
  db: Db,
  row: { storageKey: string; kind: FileUploadKind; contentType: string; uploadedBy: number },
): Promise<string> {
  const [inserted] = await db.insert(fileUploads).values(row).returning({ id: fileUploads.id });
  return inserted!.id;
}

export type FileUploadRow = NonNullable<Awaited<ReturnType<typeof findFileUpload>>>;

/** The upload this server issued for `storageKey`, if any (and, given `uploadedBy`, signed by that user). */
export async function findFileUpload(db: Db, storageKey: string, uploadedBy?: number) {
  const [row] = await db
    .select({
      id: fileUploads.id,
      storageKey: fileUploads.storageKey,
      kind: fileUploads.kind,
      uploadedBy: fileUploads.uploadedBy,
      completedAt: fileUploads.completedAt,
      sizeBytes: fileUploads.sizeBytes,
      md5: fileUploads.md5,
    })
    .from(fileUploads)
    .where(
      uploadedBy === undefined
        ? eq(fileUploads.storageKey, storageKey)
        : and(eq(fileUploads.storageKey, storageKey), eq(fileUploads.uploadedBy, uploadedBy)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Records that the upload's file arrived, once (with the MD5 of its bytes when the server streamed them
 * itself): false when it was already recorded (the caller lost a race, or the upload was completed before).
 */
export async function markUploadCompleted(
  db: Db,
  id: string,
  sizeBytes: number,
  md5: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(fileUploads)
    .set({ completedAt: new Date(), sizeBytes, md5 })
    .where(and(eq(fileUploads.id, id), isNull(fileUploads.completedAt)))
    .returning({ id: fileUploads.id });
  return rows.length === 1;
}
