import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { exifOf, imageBytes, imageTile } from './images.service.ts';

const tags = ['Images'];

/** A size's bytes never change once made: the browser keeps them for a year without asking again. */
const IMMUTABLE = 'private, max-age=31536000, immutable';
/** A bigger size standing in for one not made yet: ask again next time. */
const REVALIDATE = 'private, no-cache';

/** Serving photos (spec 3 §7 'Images') and their EXIF (spec 2 §2 image details). */
export async function imagesRoutes(app: App): Promise<void> {
  const api = endpoints.uploadImages;
  const deps = app.deps;

  app.route({
    ...endpointRoute(api.imageBytes, {
      tags,
      summary: 'A photo in a size (thumbnail, medium or the original)',
      description:
        'FULL_IMG is the original, byte for byte. THUMBNAIL_IMG (longest side 320) and MEDIUM_IMG (2048) ' +
        'are JPEGs made in the background; until one is made the next bigger size is served (with ' +
        '`Cache-Control: no-cache`), otherwise `private, max-age=31536000, immutable`. ETag from the md5 and ' +
        'the size served; If-None-Match answers 304. 404 for a photo of another company or none.',
    }),
    config: { access: 'image.read' },
    handler: async (req, reply) => {
      const result = await imageBytes(
        deps,
        actorOf(req),
        req.params.id,
        req.query.size,
        req.headers['if-none-match'],
      );
      reply.header('etag', result.etag).header('cache-control', result.exact ? IMMUTABLE : REVALIDATE);
      if ('notModified' in result) return reply.status(304).send();
      reply.header('content-type', result.contentType);
      if (result.sizeBytes !== null) reply.header('content-length', result.sizeBytes);
      return reply.send(result.body);
    },
  });

  app.route({
    ...endpointRoute(api.imageTile, {
      tags,
      summary: 'A deep-zoom tile of a photo (JPEG, up to 512 × 512)',
      description:
        "Level 0 is the original's own pixels, level L the original scaled by 2^-L; only levels sharper " +
        'than the 2048 px medium exist. Column and row count 512 px tiles of the level from the top left. ' +
        'Cut from the original on the first request and kept in storage (`x-tile-cache: miss`, then ' +
        '`hit`); the bytes never change (`private, max-age=31536000, immutable`, ETag, If-None-Match → ' +
        "304). 400 for a tile outside the photo's grid; 404 for a photo of another company, none, or one " +
        'not processed yet.',
    }),
    config: { access: 'image.read' },
    handler: async (req, reply) => {
      const result = await imageTile(deps, actorOf(req), req.params, req.headers['if-none-match']);
      reply.header('etag', result.etag).header('cache-control', IMMUTABLE);
      if ('notModified' in result) return reply.status(304).send();
      reply
        .header('content-type', 'image/jpeg')
        .header('content-length', result.sizeBytes)
        .header('x-tile-cache', result.cache);
      return reply.send(result.body);
    },
  });

  app.route({
    ...endpointRoute(api.exifOf, {
      tags,
      summary: "A photo's metadata as read from the stored file",
      description:
        'Number and string entries of its EXIF and XMP (names as the file has them), the base64 md5 of the ' +
        'original verified on upload and its size in bytes. 404 for a photo of another company or none.',
    }),
    config: { access: 'image.read' },
    handler: (req) => exifOf(deps, actorOf(req), req.query.imageId),
  });
}
