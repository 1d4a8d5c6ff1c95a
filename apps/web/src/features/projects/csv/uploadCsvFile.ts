import type { GetFieldsResponse } from '@linewalker/domain';
import { getFileFields } from '../api/getFileFields.ts';
import { putSignedFile } from '../api/putSignedFile.ts';
import { signCsvUpload } from '../api/signUpload.ts';

export interface UploadSteps {
  onProgress: (percent: number) => void;
  /** The file is stored; its columns are being read. */
  onStored: (url: string) => void;
}

/** Spec 1 §7: sign-s3 → PUT the file to `signedRequest` → getFields with the answered `url`. */
export async function uploadCsvFile(
  file: File,
  steps: UploadSteps,
  signal?: AbortSignal,
): Promise<{ url: string; fields: GetFieldsResponse }> {
  const { signedRequest, url } = await signCsvUpload(signal);
  await putSignedFile(signedRequest, file, steps.onProgress, signal);
  steps.onStored(url);
  return { url, fields: await getFileFields(url, signal) };
}
