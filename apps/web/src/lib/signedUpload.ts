import { endpoints, type SignUploadResponse, type UploadExtension } from '@linewalker/domain';
import { apiRequest } from './api.ts';

/** The type each signed upload is signed for: the PUT must send exactly this one. */
export const UPLOAD_CONTENT_TYPES: Record<UploadExtension, string> = {
  csv: 'text/csv',
  kmz: 'application/vnd.google-earth.kmz',
};

/** Where to PUT a CSV or KMZ, and the `url` later calls refer to it by (`GET /doc_upload/sign-s3?extension=`). */
export const signUpload = (extension: UploadExtension, signal?: AbortSignal): Promise<SignUploadResponse> =>
  apiRequest(endpoints.sourceFiles.signUpload, { query: { extension }, signal });

/** The message of our storage route's refusal (a file over the size limit, an expired link), if it gave one. */
function refusalMessage(xhr: XMLHttpRequest): string | null {
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message !== '' ? message : null;
  } catch {
    return null;
  }
}

/**
 * Sends a file to a signed URL with PUT. XMLHttpRequest rather than fetch: only XHR reports upload
 * progress, and the dialogs show a progress bar per file.
 */
export function putSignedFile(
  signedRequest: string,
  file: File,
  contentType: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', signedRequest);
    // Signed URLs (presigned S3 and our own storage route) are signed for this content type: another is refused.
    xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new Error(refusalMessage(xhr) ?? `The upload failed (${xhr.status}).`));
      }
    };
    xhr.onerror = () => reject(new Error('The upload failed: the connection was lost.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
