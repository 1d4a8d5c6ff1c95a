import { SignUploadResponse } from '@linewalker/domain';
import { apiRequest } from '../../../lib/api.ts';

/** Where to PUT a CSV file, and the `url` later calls refer to it by (spec 1 §7 'Signed upload URL'). */
export const signCsvUpload = (signal?: AbortSignal): Promise<SignUploadResponse> =>
  apiRequest('/doc_upload/sign-s3', { query: { extension: 'csv' }, schema: SignUploadResponse, signal });
