import { randomUUID } from 'node:crypto';
import type {
  ExistingMd5Response,
  ImageUploadedBody,
  ImageUploadedResponse,
  ImageUploadTokenResponse,
} from '@linewalker/domain';
import sharp from 'sharp';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { requireProject } from '../../platform/auth/require.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { arrivedSize, registerSignedUploadUnless } from '../sourceFiles/sourceFiles.service.ts';
import { assertPixelCap, FRAME_SEARCH_MAX_BYTES, jpegFrameSize } from './jpegFrame.ts';
import * as repo from './photoIngest.repository.ts';
import { METADATA_PREFIX_BYTES, type PhotoMetadata, readPhotoMetadata } from './photoMetadata.ts';
import { projectPrefix, recordProjectPhoto } from './photoStore.ts';
import { digestStream, type StoredFileDigest, sniffImageType } from './storedFile.ts';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

export async function existingMd5(deps: Deps, actor: Actor, projectId: number): Promise<ExistingMd5Response> {
  const db = deps.database.db;
  await requireProject(db, actor, 'image.upload', projectId);
  return {
    md5Images: await repo.projectMd5s(db, projectId),
    concurrentUploads: deps.config.concurrentUploads,
  };
}

export async function imagesUploaded(
  deps: Deps,
  actor: Actor,
  projectId: number,
  md5s: string[],
): Promise<{ uploaded: string[] }> {
  const db = deps.database.db;
  await requireProject(db, actor, 'image.upload', projectId);
  return { uploaded: await repo.md5sInProject(db, projectId, [...new Set(md5s)]) };
}

/**
 * 'Skipped - Already Uploaded' when the project holds the file; otherwise a registered upload under a fresh
 * key of the project's photo folder and a URL to PUT it to with `contentType`.
 */
export async function imageUploadToken(
  deps: Deps,
  actor: UserActor,
  query: { projectId: number; md5: string; contentType: keyof typeof EXTENSIONS },
): Promise<ImageUploadTokenResponse> {
  const db = deps.database.db;
  await requireProject(db, actor, 'image.upload', query.projectId);
  const key = `${projectPrefix(query.projectId)}${randomUUID()}.${EXTENSIONS[query.contentType]}`;
  // The md5 check, the rate-limit count and the registration are one statement (a photo already in the
  // project is neither counted nor registered).
  const registered = await registerSignedUploadUnless(
    deps,
    actor,
    { key, kind: 'image', contentType: query.contentType },
    repo.md5InProjectQuery(query.projectId, query.md5),
  );
  if (!registered) return { alreadyUploaded: true, uuid: null, signedTokenUrl: null, imageUrl: null };
  return { alreadyUploaded: false, uuid: registered.id, signedTokenUrl: registered.signedUrl, imageUrl: key };
}

export const md5Mismatch = (detail: string) =>
  new AppError('md5_mismatch', `The uploaded file does not match its md5 (${detail}); upload it again.`);

/** The actual pixel size of the photo (as displayed, EXIF orientation applied) from its header. */
async function pixelSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const m = await sharp(bytes, { failOn: 'none' }).metadata();
    const oriented = m.autoOrient ?? m;
    return oriented.width && oriented.height ? { width: oriented.width, height: oriented.height } : null;
  } catch {
    return null;
  }
}

/** A stored size as displayed: EXIF orientations 5–8 (a quarter turn) swap width and height. */
function oriented(size: { width: number; height: number } | null, orientation: string | number | undefined) {
  if (!size) return null;
  const quarter =
    typeof orientation === 'number' ? orientation >= 5 && orientation <= 8 : /90|270/.test(orientation ?? '');
  return quarter ? { width: size.height, height: size.width } : size;
}

export const PIXEL_SIZE_UNREADABLE = `The photo's pixel size cannot be read (no JPEG frame header in its first ${FRAME_SEARCH_MAX_BYTES / 1024 / 1024} MB).`;

/**
 * The stored photo's MD5, size and first bytes. When the local driver's PUT recorded the MD5 of the bytes
 * it streamed into storage (they are published once under the key, never replaced) and the file still has
 * the recorded size, that MD5 stands and only the first bytes are read; otherwise (S3, whose PUT the server
 * never sees) the stored file is read and hashed.
 */
async function storedDigest(
  deps: Deps,
  upload: repo.ImageUploadRow,
  storedSize: number,
): Promise<StoredFileDigest> {
  const key = upload.storage_key;
  if (upload.md5 !== null && upload.size_bytes === storedSize) {
    return {
      md5: upload.md5,
      sizeBytes: storedSize,
      prefix: await deps.storage.readStart(key, METADATA_PREFIX_BYTES),
    };
  }
  return digestStream(await deps.storage.read(key), METADATA_PREFIX_BYTES);
}

/**
 * Upload complete (`imageUploadedV2/{uuid}`). Trusts nothing the browser says about the file: the upload
 * must be the caller's own for this project and the stored bytes must have the declared md5 (else the
 * object is deleted and nothing is written); metadata is read from the stored bytes. The photo is then
 * stored once per project (a parallel completion of the same file answers alreadyUploaded and its copy is
 * deleted), assigned manually or by the camera pose, audited, and queued for its thumbnail and medium.
 */
export async function completeImageUpload(
  deps: Deps,
  actor: UserActor,
  uploadId: string,
  body: ImageUploadedBody,
): Promise<ImageUploadedResponse> {
  const db = deps.database.db;
  const project = await requireProject(db, actor, 'image.upload', body.projectId);
  const upload = await repo.findUserUpload(db, uploadId, actor.userId);
  if (upload?.kind !== 'image' || !upload.storage_key.startsWith(projectPrefix(project.id))) {
    throw notFound('Upload');
  }
  // A completion that already succeeded (its answer lost on the way): the same answer again.
  if (upload.image_id !== null) {
    return { alreadyUploaded: true, imageId: upload.image_id, addImageResponse: { error: null } };
  }
  if (body.imageUrl !== upload.storage_key) {
    throw badRequest('imageUrl is not the storage key of this upload', 'upload_mismatch');
  }
  if (body.structureId != null && !(await repo.structureInProject(db, body.structureId, project.id))) {
    throw badRequest('The structure is not in this project', 'structures_not_in_project');
  }
  const key = upload.storage_key;
  const storedSize = await arrivedSize(db, deps, {
    ...upload,
    storageKey: key,
    completedAt: upload.completed_at,
  });
  if (storedSize === null) throw conflict('The file has not been uploaded yet', 'upload_incomplete');

  let metadata: PhotoMetadata;
  let digest: StoredFileDigest;
  try {
    digest = await storedDigest(deps, upload, storedSize);
    if (digest.md5 !== body.md5Hash) throw md5Mismatch('the stored bytes hash differently');
    if (digest.sizeBytes !== body.imgSizeBytes) throw md5Mismatch('the stored size differs');
    const type = sniffImageType(digest.prefix);
    if (!type) throw badRequest('Only JPEG and PNG photos can be uploaded', 'unsupported_file');
    // sharp reads the header on libuv's pool while the EXIF/XMP are parsed here (it never rejects).
    const headerSize = pixelSize(digest.prefix);
    metadata = await readPhotoMetadata(digest.prefix, project.time_zone);
    // Radiometric JPEGs carry hundreds of KB of camera data before the frame header: read on for those,
    // streaming the markers (nothing kept, at most FRAME_SEARCH_MAX_BYTES read), never the whole file.
    const size =
      (await headerSize) ??
      (type === 'image/jpeg'
        ? oriented(await jpegFrameSize(await deps.storage.read(key)), metadata.exif.Orientation)
        : null);
    // Without its size the pixel cap cannot hold: a frame header claiming 65,000 × 65,000 behind 16 MB of
    // padding was accepted. A file the frame search gave up on is refused like one too large; a short file
    // without a size is kept as before (its processing fails for good and the web shows a placeholder).
    if (!size && digest.sizeBytes > FRAME_SEARCH_MAX_BYTES) {
      throw badRequest(PIXEL_SIZE_UNREADABLE, 'unsupported_file');
    }
    if (size) Object.assign(metadata, size);
    assertPixelCap(metadata.width ?? 0, metadata.height ?? 0);
  } catch (err) {
    // A refused file is not kept: the browser uploads it again under a new token.
    await deps.storage.delete(key);
    throw err;
  }
  const contentType = sniffImageType(digest.prefix)!;

  const imageId = await recordProjectPhoto(deps, actor, project, {
    key,
    md5: digest.md5,
    sizeBytes: digest.sizeBytes,
    contentType,
    metadata,
    fileName: body.fileName,
    structureId: body.structureId ?? null,
    fileUploadId: upload.id,
    stepClip: body.stepClip ?? null,
    source: 'upload',
  });
  if (imageId !== null) {
    return { alreadyUploaded: false, imageId, addImageResponse: { error: null } };
  }
  // Another completion of the same file won: keep its copy, drop this one.
  const winner = await repo.imageByMd5(db, project.id, digest.md5);
  if (winner?.storage_key !== key) await deps.storage.delete(key);
  return { alreadyUploaded: true, imageId: winner?.id ?? null, addImageResponse: { error: null } };
}
