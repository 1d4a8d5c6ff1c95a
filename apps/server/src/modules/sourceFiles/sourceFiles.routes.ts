import { ApiError, endpoints, KMZ_LIMITS } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { skippedRowsCsv } from '../projects/skippedRows.ts';
import { fileFields, signUpload } from './sourceFiles.service.ts';

const tags = ['Files'];

export async function sourceFilesRoutes(app: App): Promise<void> {
  const api = endpoints.sourceFiles;
  app.route({
    ...endpointRoute(api.signUpload, {
      tags,
      summary: 'A signed URL to upload a CSV or KMZ file to',
      description:
        'Registers the upload and answers `signedRequest` (PUT the file there) and `url` (the storage key, ' +
        'which getFields and the kmzs of a project accept). Only keys issued here are ever read back. The link ' +
        'is signed for text/csv or application/vnd.google-earth.kmz; with the local storage driver the PUT ' +
        'may also come with no Content-Type or application/octet-stream (and the usual names of CSV, ZIP ' +
        'and KML files); an S3 link takes exactly the signed type.',
    }),
    config: { access: 'upload.sign' },
    handler: (req) => signUpload(app.deps, actorOf(req), req.query.extension),
  });

  app.route({
    ...endpointRoute(api.fileFields, {
      tags,
      summary: 'Columns of an uploaded CSV, or placemark fields of an uploaded KMZ/KML, with sample values',
      description:
        'Streams a file the caller uploaded through sign-s3 (404 for any other url, including one signed by ' +
        'another user) and answers its columns with up to 3 ' +
        'sample values each, the delimiter and the number of data rows. ' +
        'Latitude columns are headed Y, lat or latitude; longitude columns X, lon, lng, long or longitude (any ' +
        'case). When there is not exactly one of each, or no row has a usable pair, coordinateFieldsError holds ' +
        'the spec message. ' +
        'A KMZ (signed with extension=kmz; a plain .kml uploaded the same way is read as well) answers ' +
        "`kind: 'kmz'`: the fields of its placemarks (the placemark name, the innermost folder's name, and " +
        'each ExtendedData Data / SchemaData SimpleData value) with up to 3 sample values from placemarks with ' +
        'a point, and the counts of points and other placemarks. The KML inside is parsed as a stream without ' +
        `any DTD: a DOCTYPE is refused, the file may have ${KMZ_LIMITS.fileBytes / 1024 / 1024} MB and its KML ` +
        `${KMZ_LIMITS.kmlBytes / 1024 / 1024} MB once uncompressed (measured while inflating, so a zip bomb ` +
        'stops early); any such problem answers 400 `unsupported_file` with the reason. Super admins and ' +
        'project managers only; customers never.',
    }),
    config: { access: 'upload.sign' },
    handler: (req) => fileFields(app.deps, actorOf(req), req.body.url),
  });

  app.route({
    ...endpointRoute(api.skippedRowsCsv, {
      tags,
      summary: 'The rows an import with these column choices skips, as a CSV',
      description:
        'Reads an uploaded CSV (one the caller signed) with the same rules as a project save and the same ' +
        'choices (hand-picked latitude/longitude when the file has no unique pair, Line Name, Structure Name, ' +
        'fallback for blank structure names) and answers every invalid row: Row, Line, Structure, Latitude, ' +
        'Longitude, Reason. Repeats against other files or the project are reported by the save itself. ' +
        '400 validation_failed when the choices cannot be used.',
      errors: { 400: ApiError },
    }),
    config: { access: 'upload.sign' },
    handler: async (req, reply) => {
      const text = await skippedRowsCsv(app.deps, actorOf(req), req.body);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="skipped-rows.csv"')
        .send(text);
    },
  });
}
