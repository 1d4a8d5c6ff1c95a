import { endpoints, KMZ_LIMITS, KMZ_MESSAGES, KmzFieldsResponse } from '@linewalker/domain';
import { apiRequest } from '../../../lib/api.ts';
import { putSignedFile, signUpload, UPLOAD_CONTENT_TYPES } from '../../../lib/signedUpload.ts';

/**
 * A KMZ (or KML) through the spec's three calls: sign-s3 for type kmz, PUT to the signed URL, then
 * kmz/getFields for its placemark fields. Answers the `url` the save names and the fields.
 */
export async function uploadKmz(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ url: string; fields: KmzFieldsResponse }> {
  if (file.size > KMZ_LIMITS.fileBytes) throw new Error(KMZ_MESSAGES.fileTooLarge);
  const { signedRequest, url } = await signUpload('kmz', signal);
  await putSignedFile(signedRequest, file, UPLOAD_CONTENT_TYPES.kmz, onProgress, signal);
  // A KMZ answers its placemark fields (the other shape is a CSV's).
  const fields = KmzFieldsResponse.parse(
    await apiRequest(endpoints.sourceFiles.fileFields, { body: { url }, signal }),
  );
  return { url, fields };
}
