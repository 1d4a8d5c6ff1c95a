import { putSignedFile as put, UPLOAD_CONTENT_TYPES } from '../../../lib/signedUpload.ts';

/** Sends a CSV to its signed URL with PUT, reporting progress (the shared uploader, typed for CSV). */
export const putSignedFile = (
  signedRequest: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> => put(signedRequest, file, UPLOAD_CONTENT_TYPES.csv, onProgress, signal);
