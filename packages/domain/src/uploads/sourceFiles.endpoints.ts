import { z } from 'zod';
import { SignUploadQuery, SignUploadResponse } from '../api/uploads.ts';
import { KmzFieldsResponse } from '../bids/kmz.ts';
import { PositiveId } from '../common.ts';
import { CsvRowChoice, GetFieldsRequest, GetFieldsResponse } from '../csv/schemas.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The query of a signed URL of the local storage driver. */
export const SignedFileQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().min(10).max(200),
});
const ProjectFileParams = z.object({ id: PositiveId, fileId: PositiveId });

/** The sourceFiles calls (the server's sourceFiles routes and the web's calls to them). */
export const sourceFilesEndpoints = {
  signUpload: defineEndpoint({
    method: 'GET',
    path: '/doc_upload/sign-s3',
    query: SignUploadQuery,
    response: SignUploadResponse,
  }),
  fileFields: defineEndpoint({
    method: 'POST',
    path: '/kmz/getFields',
    body: GetFieldsRequest,
    response: z.union([KmzFieldsResponse, GetFieldsResponse]),
  }),
  skippedRowsCsv: defineEndpoint({
    method: 'POST',
    path: '/kmz/skippedRows',
    body: CsvRowChoice,
    response: z.string(),
  }),
  /** The local storage driver's signed upload (a raw body of any type); answers `{ ok, size_bytes }`. */
  signedFileUpload: defineEndpoint({
    method: 'PUT',
    path: '/files/*',
    query: SignedFileQuery,
    response: z.unknown(),
  }),
  /** The local storage driver's signed download: the file's bytes as an attachment. */
  signedFileDownload: defineEndpoint({
    method: 'GET',
    path: '/files/*',
    query: SignedFileQuery,
    response: z.unknown(),
  }),
  /** A 302 to a signed URL of a file the project was built from. */
  projectFile: defineEndpoint({
    method: 'GET',
    path: '/projects/:id/files/:fileId',
    params: ProjectFileParams,
    response: z.unknown(),
  }),
};
