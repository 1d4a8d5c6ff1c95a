import { randomUUID } from 'node:crypto';
import type { AiImageUploadedBody } from '@linewalker/domain';
import sharp from 'sharp';
import { writeAudit } from '../../platform/audit.ts';
import type { UserActor } from '../../platform/auth/actor.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { decoderInput } from '../../platform/storage/decoderInput.ts';
import { findArrivedUpload, registerSignedUpload } from '../sourceFiles/sourceFiles.service.ts';
import { assertPixelCap } from '../upload/jpegFrame.ts';
import { digestStream, sniffImageType } from '../upload/storedFile.ts';
import * as repo from './ai.repository.ts';
import { requireModel } from './ai.service.ts';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
/** Uploads for a model are stored under its prefix until completed; the prefix ties an upload to its model. */
const uploadPrefix = (modelId: number) => `ai/uploads/${modelId}/`;

/** Spec 3 §3 'Token response': where to PUT one image for the model (signed for `contentType`, 15 minutes). */
export async function uploadToken(
  deps: Deps,
  actor: UserActor,
  modelId: number,
  contentType: keyof typeof EXTENSIONS,
): Promise<{ signedTokenUrl: string; imageUrl: string }> {
  await requireModel(deps.database.db, actor, 'ai.markup', modelId);
  const key = `${uploadPrefix(modelId)}${randomUUID()}.${EXTENSIONS[contentType]}`;
  const { signedUrl } = await registerSignedUpload(deps, actor, { key, kind: 'ai_image', contentType });
  return { signedTokenUrl: signedUrl, imageUrl: key };
}

const md5Mismatch = (detail: string) =>
  new AppError('md5_mismatch', `The uploaded file does not match its md5 (${detail}); upload it again.`);

/** Width and height as displayed (EXIF orientation applied), or null when sharp cannot read the image. */
async function displayedSize(image: Buffer | string): Promise<{ width: number; height: number } | null> {
  try {
    const m = await sharp(image, { failOn: 'error' }).metadata();
    const o = m.autoOrient ?? m;
    return o.width && o.height ? { width: o.width, height: o.height } : null;
  } catch {
    return null;
  }
}

/**
 * Upload complete: the upload must be the caller's own for this model; the stored bytes must have the
 * declared md5 and be a readable JPEG or PNG (else the file is deleted and nothing is written). An image is
 * stored once: one uploaded again (to this model or another) answers the stored image's id and the new copy
 * is deleted. The image then serves the model (once).
 */
export async function imageUploaded(
  deps: Deps,
  actor: UserActor,
  modelId: number,
  body: AiImageUploadedBody,
): Promise<{ image_id: number; addImageResponse: { error: null } }> {
  const db = deps.database.db;
  await requireModel(db, actor, 'ai.markup', modelId);
  if (!body.imageUrl.startsWith(uploadPrefix(modelId))) throw notFound('Upload');
  const key = body.imageUrl;
  const known = await repo.aiImageByMd5(db, body.md5_hash);

  let imageId: number;
  if (known && known.storage_key === key) {
    // This very upload completed before (its answer lost on the way).
    imageId = known.id;
  } else {
    const upload = await findArrivedUpload(db, deps, key, actor.userId);
    if (upload?.kind !== 'ai_image') {
      if (known) {
        // The same image is stored already: a copy that never arrived is not needed.
        imageId = known.id;
      } else throw conflict('The file has not been uploaded yet', 'upload_incomplete');
    } else {
      imageId = await storeVerified(deps, actor, key, body, upload);
    }
  }

  await withTransaction(db, async (tx) => {
    const linked = await repo.linkImage(tx, modelId, imageId, actor.userId);
    if (!linked) return;
    await repo.touchMarkup(tx, modelId);
    await writeAudit(tx, actor, {
      action: 'ai.image.upload',
      objectType: 'ai_image',
      objectId: imageId,
      details: { modelId, md5: body.md5_hash, fileName: body.fileName },
    });
  });
  return { image_id: imageId, addImageResponse: { error: null } };
}

/** Verifies the stored upload and stores it as an AI image, or answers the image already stored with its md5. */
async function storeVerified(
  deps: Deps,
  actor: UserActor,
  key: string,
  body: AiImageUploadedBody,
  upload: { sizeBytes: number | null; md5: string | null },
): Promise<number> {
  const db = deps.database.db;
  let size: { width: number; height: number };
  let sizeBytes: number;
  let contentType: 'image/jpeg' | 'image/png';
  try {
    let md5: string;
    if (upload.md5 !== null && upload.sizeBytes !== null) {
      md5 = upload.md5;
      sizeBytes = upload.sizeBytes;
    } else {
      const digest = await digestStream(await deps.storage.read(key), 16);
      md5 = digest.md5;
      sizeBytes = digest.sizeBytes;
    }
    if (md5 !== body.md5_hash) throw md5Mismatch('the stored bytes hash differently');
    // Only the header is read (libvips from the local file's path stops at the frame header).
    const type = sniffImageType(await deps.storage.readStart(key, 16));
    const read = type ? await displayedSize(await decoderInput(deps.storage, key)) : null;
    if (!type || !read) throw badRequest('The file is not a readable JPEG or PNG image', 'unsupported_file');
    // The photos' cap: a header claiming 65,000 × 65,000 pixels reads fine here, then every marking-up,
    // training and detection of the image would try to decode 4 billion pixels.
    assertPixelCap(read.width, read.height);
    contentType = type;
    size = read;
  } catch (err) {
    await deps.storage.delete(key);
    throw err;
  }
  const inserted = await withTransaction(db, async (tx) => {
    const id = await repo.insertAiImage(tx, {
      md5: body.md5_hash,
      imageName: body.fileName,
      storageKey: key,
      imgWidth: size.width,
      imgHeight: size.height,
      sizeBytes,
      contentType,
      uploadedBy: actor.userId,
    });
    return id;
  });
  if (inserted !== null) return inserted;
  // Stored already (before, or by a parallel completion): keep that copy, drop this one.
  const winner = await repo.aiImageByMd5(db, body.md5_hash);
  if (winner?.storage_key !== key) await deps.storage.delete(key);
  if (!winner) throw conflict('The image was removed while uploading; upload it again');
  return winner.id;
}
