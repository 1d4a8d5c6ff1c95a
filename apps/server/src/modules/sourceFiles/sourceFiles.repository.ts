import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AnyRow, queryRows } from '../../platform/db/rows.ts';
import { type FileUploadKind, fileUploads } from '../../platform/db/schema/index.ts';

/**
 * Registers an upload and, in the same statement, its audit record (`audit` over the CTE `upload`, see
 * `auditInsert`): both or neither, without a transaction's BEGIN and COMMIT round trips.
 */
export async function insertFileUpload(
  db: Db,
  row: { storageKey: string; kind: FileUploadKind; contentType: string; uploadedBy: number },
  audit: (upload: SQL) => SQL,
): Promise<string> {
  const insert = db.insert(fileUploads).values(row).returning({ id: fileUploads.id });
  const [inserted] = await queryRows(
    db,
    sql`with upload as (${insert.getSQL()}), audit as (${audit(sql`upload`)}) select id from upload`,
    z.object({ id: z.string() }),
  );
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
 * `audit` (over the CTE `upload`, see `auditInsert`) is written by the same statement, only when it records.
 */
export async function markUploadCompleted(
  db: Db,
  id: string,
  sizeBytes: number,
  md5: string | null = null,
  audit?: (upload: SQL) => SQL,
): Promise<boolean> {
  const update = db
    .update(fileUploads)
    .set({ completedAt: new Date(), sizeBytes, md5 })
    .where(and(eq(fileUploads.id, id), isNull(fileUploads.completedAt)))
    .returning({ id: fileUploads.id });
  if (!audit) return (await update).length === 1;
  const rows = await queryRows(
    db,
    sql`with upload as (${update.getSQL()}), audit as (${audit(sql`upload`)}) select id from upload`,
    AnyRow,
  );
  return rows.length === 1;
}
