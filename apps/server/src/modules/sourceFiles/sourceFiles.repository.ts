import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AnyRow, queryRows } from '../../platform/db/rows.ts';
import { type FileUploadKind, fileUploads } from '../../platform/db/schema/index.ts';
import { HitRow } from '../../platform/http/rateLimiter.ts';

/**
 * Registers an upload in one statement with what goes with it: the signer's rate-limit count (`count`, a
 * CTE `hit`; the upload is inserted only when `allowed`) and its audit record (`audit` over the CTE
 * `upload`). Answers the count's row and the upload's id (null when not allowed), or nothing when the count's
 * own condition kept it from counting (nothing was written).
 */
export async function insertFileUpload(
  db: Db,
  row: { storageKey: string; kind: FileUploadKind; contentType: string; uploadedBy: number },
  count: { statement: SQL; allowed: (hit: SQL) => SQL },
  audit: (upload: SQL) => SQL,
): Promise<(HitRow & { id: string | null }) | null> {
  const [inserted] = await queryRows(
    db,
    sql`with hit as (${count.statement}),
          upload as (
            insert into file_uploads (storage_key, kind, content_type, uploaded_by)
            select ${row.storageKey}, ${row.kind}, ${row.contentType}, ${row.uploadedBy}::int
            where ${count.allowed(sql`hit`)}
            returning id),
          audit as (${audit(sql`upload`)})
        select hit.count, hit.window_start, upload.id from hit left join upload on true`,
    HitRow.extend({ id: z.string().nullable() }),
  );
  return inserted ?? null;
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
