import { createHash, randomUUID } from 'node:crypto';
import { ASSIGNMENT_SEARCH_RADIUS_M, type AssignmentChoice, chooseStructure } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { auditInsert } from '../../platform/audit.ts';
import type { UserActor } from '../../platform/auth/actor.ts';
import type { ProjectRef } from '../../platform/auth/objectRefs.ts';
import { requireProject } from '../../platform/auth/require.ts';
import { withRetries } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest } from '../../platform/errors.ts';
import { enqueueFrom } from '../../platform/jobs/enqueue.ts';
import { imageProcessJob } from './imageProcess.job.ts';
import * as repo from './photoIngest.repository.ts';
import { METADATA_PREFIX_BYTES, type PhotoMetadata, readPhotoMetadata } from './photoMetadata.ts';
import { sniffImageType } from './storedFile.ts';

/** Where a project's photos are stored: the prefix ties an upload to its project. */
export const projectPrefix = (projectId: number) => `images/${projectId}/`;

export interface StoredPhoto {
  /** Storage key of the original, under the project's prefix. */
  key: string;
  md5: string;
  sizeBytes: number;
  contentType: 'image/jpeg' | 'image/png';
  metadata: PhotoMetadata;
  fileName: string;
  /** Chosen by the uploader; null assigns by the camera pose. */
  structureId: number | null;
  fileUploadId: string | null;
  stepClip: repo.NewImage['stepclipJson'];
  /** What the audit record says the photo came from. */
  source: 'upload' | 'drone_capture';
  details?: Record<string, unknown>;
}

/**
 * A stored original becomes a project photo: assigned to the structure it was chosen for, else to the one its
 * camera pose points at, inserted once per project md5 (null when a parallel copy won), audited, and queued
 * for its thumbnail and medium — the same way for an upload from the browser and a drone console capture.
 */
export async function recordProjectPhoto(
  deps: Deps,
  actor: UserActor,
  project: ProjectRef,
  photo: StoredPhoto,
): Promise<number | null> {
  const db = deps.database.db;
  const { metadata } = photo;
  const manual = photo.structureId !== null;
  let choice: AssignmentChoice | null = null;
  if (!manual && metadata.latitude !== null && metadata.longitude !== null) {
    const candidates = await repo.structuresNear(
      db,
      project.id,
      metadata.latitude,
      metadata.longitude,
      ASSIGNMENT_SEARCH_RADIUS_M,
    );
    choice = chooseStructure(
      {
        latitude: metadata.latitude,
        longitude: metadata.longitude,
        bearing: metadata.bearing,
        gimbalPitch: metadata.gimbalPitch,
        relativeAltitude: metadata.relativeAltitude,
      },
      candidates,
    );
  }
  const structureId = manual ? photo.structureId : (choice?.structureId ?? null);
  const now = new Date();

  const values: repo.NewImage = {
    projectId: project.id,
    structureId,
    uploadedBy: actor.userId,
    md5: photo.md5,
    imageName: photo.fileName,
    storageKey: photo.key,
    sizeBytes: photo.sizeBytes,
    width: metadata.width,
    height: metadata.height,
    contentType: photo.contentType,
    exif: metadata.exif,
    captureTime: metadata.captureTime,
    captureOffset: metadata.captureOffset,
    location:
      metadata.latitude !== null && metadata.longitude !== null
        ? { x: metadata.longitude, y: metadata.latitude }
        : null,
    altitude: metadata.altitude,
    relativeAltitude: metadata.relativeAltitude,
    bearing: metadata.bearing,
    gimbalPitch: metadata.gimbalPitch,
    cameraMake: metadata.make,
    cameraModel: metadata.model,
    metersFromStruct: manual ? null : (choice?.metersFromStruct ?? null),
    assignmentConfidence: manual ? null : choice ? choice.confidence : null,
    assignedAt: structureId !== null ? now : null,
    fileUploadId: photo.fileUploadId,
    stepclipJson: project.inspection_type === '1' && photo.stepClip ? photo.stepClip : null,
  };
  // The photo, the flight plans' start, its audit record and its job in one statement (all or nothing,
  // as a transaction would be, without its round trips); retried like one on a deadlock.
  return withRetries(() =>
    repo.insertImageOnce(db, values, {
      captureTime: metadata.captureTime,
      audit: (img) =>
        auditInsert(
          actor,
          {
            action: 'image.upload',
            objectType: 'image',
            objectId: sql`img.id`,
            details: {
              projectId: project.id,
              md5: photo.md5,
              sizeBytes: photo.sizeBytes,
              structureId,
              assignment: manual ? 'manual' : 'automatic',
              source: photo.source,
              ...photo.details,
            },
          },
          img,
        ),
      // Enqueued without the uploader: the thumbnail and medium are the system's work, done even when the
      // uploader is deactivated before the job runs (a job run in a user's name would fail for good then),
      // and the worker need not read the user back for a job that never uses it.
      job: (img) =>
        enqueueFrom(
          imageProcessJob,
          {
            payload: sql`jsonb_build_object('imageId', img.id)`,
            dedupeKey: sql`'image:' || img.id`,
          },
          img,
        ),
    }),
  );
}

/**
 * A photo the server itself holds (a drone console capture) into the project's photos: stored under the
 * project's prefix, its metadata read from its own EXIF and XMP as for an upload, then recorded and queued
 * like one. A photo the project already holds answers that photo's id.
 */
export async function ingestServerPhoto(
  deps: Deps,
  actor: UserActor,
  projectId: number,
  bytes: Buffer,
  fileName: string,
  details?: Record<string, unknown>,
): Promise<number> {
  const db = deps.database.db;
  const project = await requireProject(db, actor, 'image.upload', projectId);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw badRequest('Only JPEG and PNG photos can be stored', 'unsupported_file');
  const md5 = createHash('md5').update(bytes).digest('base64');
  const existing = await repo.imageByMd5(db, project.id, md5);
  if (existing) return existing.id;
  const metadata = await readPhotoMetadata(bytes.subarray(0, METADATA_PREFIX_BYTES), project.time_zone);
  const size = await sharp(bytes).metadata();
  if (size.width && size.height) Object.assign(metadata, { width: size.width, height: size.height });
  const key = `${projectPrefix(project.id)}${randomUUID()}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
  await deps.storage.write(key, bytes, contentType);
  const imageId = await recordProjectPhoto(deps, actor, project, {
    key,
    md5,
    sizeBytes: bytes.length,
    contentType,
    metadata,
    fileName,
    structureId: null,
    fileUploadId: null,
    stepClip: null,
    source: 'drone_capture',
    details,
  });
  if (imageId !== null) return imageId;
  await deps.storage.delete(key);
  const winner = await repo.imageByMd5(db, project.id, md5);
  return winner!.id;
}
