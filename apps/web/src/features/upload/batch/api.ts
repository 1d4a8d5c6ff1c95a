import {
  ExistingMd5Response,
  type ImageUploadedBody,
  ImageUploadedResponse,
  ImageUploadTokenResponse,
} from '@linewalker/domain';
import { apiRequest } from '../../../lib/api.ts';

/** GET /inspections/existingMd5/?projectId: hashes already in the project and the upload concurrency. */
export const getExistingMd5 = (projectId: number, signal?: AbortSignal) =>
  apiRequest('/inspections/existingMd5/', { query: { projectId }, schema: ExistingMd5Response, signal });

/** GET /inspections/imageUploadToken/?projectId&md5: alreadyUploaded, or where to PUT the bytes. */
export const getImageUploadToken = (
  projectId: number,
  md5: string,
  contentType: string,
  signal?: AbortSignal,
) =>
  apiRequest('/inspections/imageUploadToken/', {
    // The signed URL is bound to the Content-Type the bytes are PUT with.
    query: { projectId, md5, contentType },
    schema: ImageUploadTokenResponse,
    signal,
  });

/** POST /inspections/imageUploadedV2/{uuid}: the bytes are stored; the server checks and keeps them. */
export const postImageUploaded = (uuid: string, body: ImageUploadedBody, signal?: AbortSignal) =>
  apiRequest(`/inspections/imageUploadedV2/${encodeURIComponent(uuid)}`, {
    method: 'POST',
    body,
    schema: ImageUploadedResponse,
    signal,
  });

/** A PUT the storage answered with a non-2xx status. */
export class BlobUploadError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`The storage refused the file (${status}).`);
    this.name = 'BlobUploadError';
    this.status = status;
  }
}

/**
 * PUT the file's bytes to the signed URL with the file's own content type (the URL is signed for
 * it: our storage route or presigned S3).
 */
export async function putImageBlob(signedUrl: string, file: Blob, signal?: AbortSignal): Promise<void> {
  const response = await fetch(signedUrl, {
    method: 'PUT',
    body: file,
    headers: { 'content-type': file.type },
    signal,
  });
  if (!response.ok) throw new BlobUploadError(response.status);
}
