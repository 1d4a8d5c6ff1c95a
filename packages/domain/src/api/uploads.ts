import { z } from 'zod';

/** File kinds a project or bid can be built from (`GET /doc_upload/sign-s3?extension=`). */
export const UPLOAD_EXTENSIONS = ['csv', 'kmz'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

export const SignUploadQuery = z.object({ extension: z.enum(UPLOAD_EXTENSIONS) });

/** The getFields request and answer are `GetFieldsRequest` / `GetFieldsResponse` in `csv/schemas.ts`. */
export const SignUploadResponse = z.object({
  signedRequest: z
    .string()
    .describe('PUT the file body here (our own storage route, or a presigned S3 URL).'),
  url: z
    .string()
    .describe('The reference later calls accept (getFields, the kmzs of a project): the storage key.'),
  key: z.string().describe('Storage key, e.g. uploads/csv/<uuid>.csv.'),
});
export type SignUploadResponse = z.infer<typeof SignUploadResponse>;
