import { createHash } from 'node:crypto';
import { ROLE_IDS } from '@linewalker/domain';
import { completeImageUpload, imageUploadToken } from '../modules/upload/photoIngest.service.ts';
import type { UserActor } from '../platform/auth/actor.ts';
import type { Deps } from '../platform/deps.types.ts';

/**
 * Uploads one demo photo the way the web does (ask for a token, write the bytes, complete the upload);
 * answers whether it was stored now (false when the same photo was already there).
 */
export async function uploadDemoPhoto(
  deps: Deps,
  actor: UserActor,
  photo: { projectId: number; bytes: Buffer; fileName: string; structureId: number | null },
): Promise<boolean> {
  const md5 = createHash('md5').update(photo.bytes).digest('base64');
  // Loading the demo data is the server's own doing, not a person starting uploads: the per-user hourly
  // limit (UPLOAD_TOKENS_PER_HOUR, which an install may set low) must not stop the server from starting.
  const seedDeps: Deps = { ...deps, config: { ...deps.config, uploadTokensPerHour: 2 ** 31 - 1 } };
  const token = await imageUploadToken(seedDeps, actor, {
    projectId: photo.projectId,
    md5,
    contentType: 'image/jpeg',
  });
  if (token.alreadyUploaded || !token.uuid || !token.imageUrl) return false;
  await deps.storage.write(token.imageUrl, photo.bytes, 'image/jpeg');
  const answer = await completeImageUpload(seedDeps, actor, token.uuid, {
    projectId: photo.projectId,
    imageUrl: token.imageUrl,
    fileName: photo.fileName,
    md5Hash: md5,
    imgSizeBytes: photo.bytes.length,
    structureId: photo.structureId,
    exif: null,
  });
  return !answer.alreadyUploaded;
}

/** The field user the demo uploads as (a user of the customer's company, like a pilot's upload). */
export const demoUploaderActor = (
  uploader: { id: number; company_id: number },
  requestId: string,
): UserActor => ({
  kind: 'user',
  userId: uploader.id,
  roleId: ROLE_IDS.user,
  roleName: 'user',
  companyId: uploader.company_id,
  ip: null,
  requestId,
});
