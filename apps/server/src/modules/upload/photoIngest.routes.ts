import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './photoIngest.service.ts';

const tags = ['Photo upload'];

/**
 * The photo upload calls of the Upload tab (spec 2 §4 'Batch upload', §7; paths from spec 3 §7). The
 * catalogue writes existingMd5 and imageUploadToken with a trailing slash; both spellings are served (the
 * one without would otherwise fall to `GET /inspections/:id`).
 */
export async function photoIngestRoutes(app: App): Promise<void> {
  const api = endpoints.photoIngest;
  const deps = app.deps;

  for (const endpoint of [api.existingMd5, api.existingMd5NoSlash]) {
    app.route({
      ...endpointRoute(endpoint, {
        tags,
        summary: 'Base64 MD5 of every photo of a project, and the upload concurrency',
        description:
          'The browser skips files whose md5 is listed. concurrentUploads is CONCURRENT_UPLOADS (default 2). ' +
          'Customers 403; a project of another company or none 404.',
      }),
      config: { access: 'image.upload' },
      handler: (req) => service.existingMd5(deps, actorOf(req), req.query.projectId),
    });
  }

  for (const endpoint of [api.imageUploadToken, api.imageUploadTokenNoSlash]) {
    app.route({
      ...endpointRoute(endpoint, {
        tags,
        summary: 'Where to upload one photo, unless the project already holds it',
        description:
          'alreadyUploaded true (other fields null) when the project holds a photo with this md5. Otherwise ' +
          'registers an upload and answers uuid (complete it with imageUploadedV2/{uuid}), imageUrl (its ' +
          'storage key) and signedTokenUrl: PUT the bytes there with Content-Type contentType (default ' +
          'image/jpeg; the signature is bound to it) within 15 minutes.',
      }),
      config: { access: 'image.upload' },
      handler: (req) => service.imageUploadToken(deps, actorOf(req), req.query),
    });
  }

  for (const endpoint of [api.imageUploadedV2, api.imageUploaded]) {
    app.route({
      ...endpointRoute(endpoint, {
        tags,
        summary: 'Upload complete: verify, read and store the photo',
        description:
          "The upload must be the caller's own for this project (else 404) and imageUrl its storage key " +
          '(400 upload_mismatch); 409 upload_incomplete before the bytes arrived. The server hashes the ' +
          'stored bytes: another md5 or size answers 400 md5_mismatch and the stored file is deleted; a ' +
          'file that is not a JPEG or PNG 400 unsupported_file. GPS, altitudes, camera pose, capture time ' +
          '(stored in UTC: DateTimeOriginal with OffsetTimeOriginal, else the GPS date and time stamps, else ' +
          "the camera's time in the zone of the photo's own GPS position, else in the project's; answered " +
          'with the local offset), make and model come from the ' +
          'stored file, never from `exif`. structureId (a structure of the project, else 400 ' +
          'structures_not_in_project) assigns manually; without it the camera pose chooses the structure ' +
          'or leaves the photo unassigned. A photo already in the project (also when uploaded in parallel) ' +
          'answers alreadyUploaded true and its copy is not kept. Thumbnail and medium follow in a job. ' +
          'imageUploaded/{uuid} is the same call.',
      }),
      config: { access: 'image.upload' },
      handler: (req) => service.completeImageUpload(deps, actorOf(req), req.params.uuid, req.body),
    });
  }

  app.route({
    ...endpointRoute(api.postCheckImagesUploaded, {
      tags,
      summary: 'Which of these md5s the project already holds',
      description: 'At most 10,000 md5s per call. Reads only.',
    }),
    config: { access: 'image.upload' },
    handler: (req) => service.imagesUploaded(deps, actorOf(req), req.body.projectId, req.body.md5s),
  });
}
