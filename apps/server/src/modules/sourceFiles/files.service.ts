import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { auditInsert } from '../../platform/audit.ts';
import type { Actor, AnonymousCaller } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { conflict, forbidden, notFound, tooLarge } from '../../platform/errors.ts';
import { UploadTooLargeError } from '../../platform/storage/byteLimit.ts';
import { KeyTakenError, type LocalStorage } from '../../platform/storage/local.ts';
import { SIGNED_GET_SECONDS } from '../../platform/storage/storage.ts';
import { signedTypeOf } from './documentTypes.ts';
import { findProjectSourceFile } from './files.repository.ts';
import { findFileUpload, markUploadCompleted } from './sourceFiles.repository.ts';

export interface IncomingUpload {
  key: string;
  expires: number;
  signature: string;
  /** The request's Content-Type: it must be the one the URL was signed for. */
  contentType: string | undefined;
  /** The request's Content-Length, when it sent one (a chunked body has none). */
  declaredLength: number | null;
  body: Readable;
}

export const badSignature = () => forbidden('This link is invalid or has expired', 'bad_signature');
export const alreadyUploaded = () => conflict('This file has already been uploaded', 'already_uploaded');

/**
 * A PUT to a signed URL of the local driver. Everything that can be refused without reading the body is
 * refused first (signature for this key and content type, declared size, the upload's registration, an
 * upload already completed); the body is then counted against the cap (and hashed) as it streams and
 * published only whole and only once, and the upload row records when and how many bytes arrived and their
 * MD5, which a photo's completion checks instead of reading the file back.
 */
export async function receiveUpload(
  deps: Deps,
  storage: LocalStorage,
  caller: AnonymousCaller,
  upload: IncomingUpload,
): Promise<{ sizeBytes: number }> {
  const { key } = upload;
  const signed = storage.verify({
    method: 'PUT',
    key,
    expires: upload.expires,
    signature: upload.signature,
    contentType: signedTypeOf(key, upload.contentType),
  });
  if (!signed) throw badSignature();
  const maxBytes = deps.config.uploadMaxBytes;
  if (upload.declaredLength !== null && upload.declaredLength > maxBytes) throw tooLarge();
  const db = deps.database.db;
  const registered = await findFileUpload(db, key);
  if (!registered) throw notFound('Upload');
  if (registered.completedAt) throw alreadyUploaded();

  let sizeBytes: number;
  let md5: string;
  try {
    ({ sizeBytes, md5 } = await storage.writeNew(key, upload.body, maxBytes));
  } catch (err) {
    if (err instanceof UploadTooLargeError) throw tooLarge();
    if (err instanceof KeyTakenError) throw alreadyUploaded();
    throw err;
  }
  try {
    const recorded = await markUploadCompleted(db, registered.id, sizeBytes, md5, (upload) =>
      auditInsert(
        caller,
        {
          action: 'file.upload',
          objectType: 'file_upload',
          objectId: sql`${upload}.id`,
          // The signer: the PUT itself carries no session, its signature stands for them.
          userId: registered.uploadedBy,
          details: { key, size_bytes: sizeBytes },
        },
        upload,
      ),
    );
    if (!recorded) throw alreadyUploaded();
  } catch (err) {
    // Not recorded, so not kept: the client may PUT again.
    await storage.delete(key);
    throw err;
  }
  return { sizeBytes };
}

/**
 * A short-lived signed GET for a file the project was built from, for a reader who may see the project
 * (another company's project, or a file of another project, is not found).
 */
export async function sourceFileUrl(
  deps: Deps,
  actor: Actor,
  projectId: number,
  fileId: number,
): Promise<string> {
  authorize(actor, 'project.read');
  const file = await findProjectSourceFile(deps.database.db, actor, projectId, fileId);
  if (!file) throw notFound('File');
  return deps.storage.signedGetUrl(file.storageKey, SIGNED_GET_SECONDS);
}
