import { randomUUID } from 'node:crypto';
import {
  type GetFieldsResponse,
  KMZ_LIMITS,
  KMZ_MESSAGES,
  type KmzFieldsResponse,
  type SignUploadResponse,
  type UploadExtension,
} from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import { auditInsert } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import type { FileUploadKind } from '../../platform/db/schema/index.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, notFound, tooLarge } from '../../platform/errors.ts';
import { readCsvFields } from './csvFields.ts';
import { DOCUMENT_CONTENT_TYPES } from './documentTypes.ts';
import { KmzReadError } from './kmz/kmlText.ts';
import { readKmzFields } from './kmz/kmzFields.ts';
import { findFileUpload, insertFileUpload, markUploadCompleted } from './sourceFiles.repository.ts';
import { countUploadToken } from './uploadTokens.ts';

/** A KMZ named where a CSV is expected (a project's CSV import) or the reverse. */
export const KMZ_NOT_SUPPORTED = 'KMZ files are not supported here: create a bid from them (Bids).';

/**
 * Registers an upload and answers where to PUT it. The key is ours (a fresh UUID), so a client can never
 * choose where in storage its file lands; `url` is that key, the reference later calls accept.
 */
export async function signUpload(
  deps: Deps,
  actor: UserActor,
  extension: UploadExtension,
): Promise<SignUploadResponse> {
  authorize(actor, 'upload.sign');
  const key = `uploads/${extension}/${randomUUID()}.${extension}`;
  const { signedUrl } = await registerSignedUpload(deps, actor, {
    key,
    kind: extension,
    contentType: DOCUMENT_CONTENT_TYPES[extension],
  });
  return { signedRequest: signedUrl, url: key, key };
}

/**
 * Records an upload the server issues (its key, kind and signer), with its audit record, and answers the
 * signed PUT URL bound to that key and content type plus the upload's id. Callers have checked the signer's
 * rights and chosen the key (always a fresh server-made one). Each user may sign `UPLOAD_TOKENS_PER_HOUR`
 * uploads an hour (429 past it): what a client may leave behind on disk until the orphan sweep is bounded.
 */
export async function registerSignedUpload(
  deps: Deps,
  actor: UserActor,
  upload: { key: string; kind: FileUploadKind; contentType: string },
): Promise<{ id: string; signedUrl: string }> {
  return (await registerSignedUploadUnless(deps, actor, upload, sql`select 1 where false`))!;
}

/**
 * `registerSignedUpload` unless `exists` (SQL: a query) finds a row when it runs: then nothing is written
 * (nor counted against the limit) and the answer is null. The check, the count, the registration and its
 * audit record are one statement.
 */
export async function registerSignedUploadUnless(
  deps: Deps,
  actor: UserActor,
  upload: { key: string; kind: FileUploadKind; contentType: string },
  exists: SQL,
): Promise<{ id: string; signedUrl: string } | null> {
  const { key, kind, contentType } = upload;
  const db = deps.database.db;
  const count = countUploadToken(db, deps.config, actor.userId, sql`not exists (${exists})`);
  const row = await insertFileUpload(
    db,
    { storageKey: key, kind, contentType, uploadedBy: actor.userId },
    count,
    (inserted) =>
      auditInsert(
        actor,
        { action: 'file.sign', objectType: 'file_upload', objectId: sql`${inserted}.id`, details: { key } },
        inserted,
      ),
  );
  if (!row) return null;
  count.check(row);
  return { id: row.id!, signedUrl: await deps.storage.signedPutUrl(key, contentType) };
}

/**
 * The upload behind `url` if it is a key this server issued to `userId` (only the user who signed an
 * upload may use it: a key is not a permission) and its file has arrived, else null: callers differ in
 * how they report a missing file. `db` lets an import read inside its own transaction.
 */
export async function findArrivedUpload(
  db: Db,
  deps: Pick<Deps, 'storage' | 'config'>,
  url: string,
  userId: number,
) {
  const upload = await findFileUpload(db, url, userId);
  if (!upload) return null;
  return (await arrivedSize(db, deps, upload)) === null ? null : upload;
}

/**
 * The stored size of a registered upload's file, or null when it has not arrived. An upload PUT through
 * the local driver was recorded as completed then; one PUT straight to S3 is recorded here, when first
 * seen, and refused past the size cap (a presigned PUT cannot limit its size).
 */
export async function arrivedSize(
  db: Db,
  deps: Pick<Deps, 'storage' | 'config'>,
  upload: { id: string; storageKey: string; completedAt: Date | string | null },
): Promise<number | null> {
  const size = await deps.storage.size(upload.storageKey);
  if (size === null || upload.completedAt) return size;
  if (size > deps.config.uploadMaxBytes) {
    await deps.storage.delete(upload.storageKey);
    throw tooLarge();
  }
  await markUploadCompleted(db, upload.id, size);
  return size;
}

/** The registered upload behind `url`: a key this server issued to `userId`, whose file arrived. */
export async function issuedUpload(deps: Deps, url: string, userId: number) {
  const upload = await findArrivedUpload(deps.database.db, deps, url, userId);
  if (!upload) throw notFound('File');
  return upload;
}

/**
 * The fields of an uploaded file: a CSV's columns, or a KMZ's (or plain KML's) placemark fields. A KMZ that
 * cannot be read (not a zip or KML, a zip bomb, a DOCTYPE, broken XML) answers 400 with the reason.
 */
export async function fileFields(
  deps: Deps,
  actor: Actor,
  url: string,
): Promise<GetFieldsResponse | KmzFieldsResponse> {
  authorize(actor, 'upload.sign');
  // Only the user who signed an upload may use it; background work has signed none.
  if (actor.userId === null) throw notFound('File');
  const upload = await issuedUpload(deps, url, actor.userId);
  if (upload.kind === 'csv') return readCsvFields(await deps.storage.read(upload.storageKey));
  if (upload.kind !== 'kmz') throw badRequest(KMZ_NOT_SUPPORTED, 'unsupported_file');
  if ((upload.sizeBytes ?? 0) > KMZ_LIMITS.fileBytes) {
    throw badRequest(KMZ_MESSAGES.fileTooLarge, 'unsupported_file');
  }
  try {
    return await readKmzFields(await deps.storage.read(upload.storageKey));
  } catch (err) {
    if (err instanceof KmzReadError) throw badRequest(err.message, 'unsupported_file');
    throw err;
  }
}
