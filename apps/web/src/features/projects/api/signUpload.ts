import type { SignUploadResponse } from '@linewalker/domain';
import { signUpload } from '../../../lib/signedUpload.ts';

/** Where to PUT a CSV file, and the `url` later calls refer to it by (spec 1 §7 'Signed upload URL'). */
export const signCsvUpload = (signal?: AbortSignal): Promise<SignUploadResponse> => signUpload('csv', signal);
