import { randomUUID } from 'node:crypto';
import type { GetFieldsResponse, SignUploadResponse, UploadExtension } from '@linewalker/domain';
import type { Deps } from '../../app.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { readCsvFields } from './csvFields.ts';
import { findFileUpload, insertFileUpload } from './uploads.repository.ts';

const CONTENT_TYPES: Record<UploadExtension, string> = {
  csv: 'text/csv',
  kmz: 'application/vnd.google-earth.kmz',
};

export const KMZ_NOT_SUPPORTED = 'KMZ files are not supported yet';

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
  const contentType = CONTENT_TYPES[extension];
  await deps.database.db.transaction(async (tx) => {
    const id = await insertFileUpload(tx, {
      storageKey: key,
      kind: extension,
      contentType,
      uploadedBy: actor.userId,
    });
    await writeAudit(tx, actor, {
      action: 'file.sign',
      objectType: 'file_upload',
      objectId: id,
      details: { key },
    });
  });
  return { signedRequest: await deps.storage.signedPutUrl(key, contentType), url: key, key };
}

/**
 * The registered upload behind `url` if it is a key this server issued and its file has arrived in
 * storage, else null: callers differ in how they report a missing file. `db` lets an import read
 * inside its own transaction.
 */
export async function findArrivedUpload(db: Db, storage: Storage, url: string) {
  const upload = await findFileUpload(db, url);
  if (!upload || !(await storage.exists(upload.storageKey))) return null;
  return upload;
}

/** The registered upload behind `url`, which must be a key this server issued and whose file arrived. */
export async function issuedUpload(deps: Deps, url: string) {
  const upload = await findArrivedUpload(deps.database.db, deps.storage, url);
  if (!upload) throw notFound('File');
  return upload;
}

export async function fileFields(deps: Deps, actor: Actor, url: string): Promise<GetFieldsResponse> {
  authorize(actor, 'upload.sign');
  const upload = await issuedUpload(deps, url);
  if (upload.kind !== 'csv') throw badRequest(KMZ_NOT_SUPPORTED, 'unsupported_file');
  return readCsvFields(await deps.storage.read(upload.storageKey));
}
