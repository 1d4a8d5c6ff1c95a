import { GetFieldsRequest, GetFieldsResponse, SignUploadQuery, SignUploadResponse } from '@linewalker/domain';
import type { App } from '../../app.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { fileFields, signUpload } from './uploads.service.ts';

const tags = ['Files'];

export async function uploadsRoutes(app: App): Promise<void> {
  app.get(
    '/doc_upload/sign-s3',
    {
      config: { access: 'canCreate' },
      schema: {
        tags,
        summary: 'A signed URL to upload a CSV or KMZ file to',
        description:
          'Registers the upload and answers `signedRequest` (PUT the file there) and `url` (the storage key, ' +
          'which getFields and the kmzs of a project accept). Only keys issued here are ever read back.',
        querystring: SignUploadQuery,
        response: { 200: SignUploadResponse },
      },
    },
    (req) => signUpload(app.deps, actorOf(req), req.query.extension),
  );

  app.post(
    '/kmz/getFields',
    {
      config: { access: 'canCreate' },
      schema: {
        tags,
        summary: 'Columns, sample values and coordinate columns of an uploaded CSV',
        description:
          'Streams a file uploaded through sign-s3 (404 for any other url) and answers its columns with up to 3 ' +
          'sample values each, the delimiter and the number of data rows. ' +
          'Latitude columns are headed Y, lat or latitude; longitude columns X, lon, lng, long or longitude (any ' +
          'case). When there is not exactly one of each, or no row has a usable pair, coordinateFieldsError holds ' +
          'the spec message. ' +
          "KMZ files answer 400 'KMZ files are not supported yet'.",
        body: GetFieldsRequest,
        response: { 200: GetFieldsResponse },
      },
    },
    (req) => fileFields(app.deps, actorOf(req), req.body.url),
  );
}
