import { type EndpointQuery, endpoints, type ImageUploadedBody } from '@linewalker/domain';
import { apiRequest } from '../../../lib/api.ts';

/** GET /inspections/existingMd5/?projectId: hashes already in the project and the upload concurrency. */
export const getExistingMd5 = (projectId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.photoIngest.existingMd5, { query: { projectId }, signal });

type UploadContentType = EndpointQuery<typeof endpoints.photoIngest.imageUploadToken>['contentType'];

/** GET /inspections/imageUploadToken/?projectId&md5: alreadyUploaded, or where to PUT the bytes. */
export const getImageUploadToken = (
  projectId: number,
  md5: string,
  contentType: string,
  signal?: AbortSignal,
) =>
  apiRequest(endpoints.photoIngest.imageUploadToken, {
    // The signed URL is bound to the Content-Type the bytes are PUT with.
    // The file's own type, as the browser reports it: the server refuses any but IMAGE_CONTENT_TYPES (400).
    query: { projectId, md5, contentType: contentType as UploadContentType },
    signal,
  });

/** POST /inspections/imageUploadedV2/{uuid}: the bytes are stored; the server checks and keeps them. */
export const postImageUploaded = (uuid: string, body: ImageUploadedBody, signal?: AbortSignal) =>
  apiRequest(endpoints.photoIngest.imageUploadedV2, { params: { uuid }, body, signal });

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
