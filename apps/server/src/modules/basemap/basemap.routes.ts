import { ApiError, endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import {
  currentExtractInfo,
  readExtractBytes,
  removeCurrentExtract,
  signExtractUpload,
  useExtract,
} from './basemap.service.ts';

const tags = ['Maps'];

/** The self-hosted basemap: a super admin uploads a regional PMTiles extract; every map reads it in ranges. */
export async function basemapRoutes(app: App): Promise<void> {
  const api = endpoints.basemapMore;
  app.route({
    ...endpointRoute(endpoints.basemap.sign, {
      tags,
      summary: 'A signed URL to upload a basemap extract (.pmtiles) to',
      description:
        'Super admins only. PUT the file to `signedRequest` with Content-Type application/vnd.pmtiles (up to ' +
        'UPLOAD_MAX_BYTES), then POST `url` to /basemap/extracts to make it the maps\u2019 Streets basemap.',
    }),
    config: { access: 'basemap.manage' },
    handler: (req) => signExtractUpload(app.deps, actorOf(req)),
  });

  app.route({
    ...endpointRoute(endpoints.basemap.use, {
      tags,
      summary: 'Use an uploaded extract as the Streets basemap',
      description:
        'Super admins only, with an upload they signed (404 otherwise). The file must be a PMTiles (version 3) ' +
        'archive of vector (MVT) or PNG/JPEG/WebP tiles: its header, directory and metadata are read now, and ' +
        'anything else answers 400 unsupported_file with the reason. It replaces the extract in use (whose ' +
        'file is deleted). name is the file name shown on the admin page.',
      errors: { 400: ApiError },
    }),
    config: { access: 'basemap.manage' },
    handler: (req) => useExtract(app.deps, actorOf(req), req.body.url, req.body.name),
  });

  app.route({
    ...endpointRoute(endpoints.basemap.current, {
      tags,
      summary: 'The extract the maps use, or null',
      description: 'Super admins only (every map learns it from GET /config).',
    }),
    config: { access: 'basemap.manage' },
    handler: (req) => currentExtractInfo(app.deps, actorOf(req)),
  });

  app.route({
    ...endpointRoute(endpoints.basemap.remove, {
      tags,
      summary: 'Stop using the self-hosted extract',
      description:
        'Super admins only. Maps go back to MAP_STYLE_URL for Streets (or the offline map); the file is ' +
        'deleted, the record kept as history. removed is false when no extract was in use.',
    }),
    config: { access: 'basemap.manage' },
    handler: (req) => removeCurrentExtract(app.deps, actorOf(req)),
  });

  app.route({
    ...endpointRoute(api.readExtractBytes, {
      tags,
      summary: 'The bytes of a basemap extract, with HTTP range requests',
      description:
        'Any signed-in user (the maps read it). A `Range: bytes=a-b` header (also `a-` and `-n`) answers 206 ' +
        'with that part; none answers the whole file; a range past the end answers 416. Immutable: a new ' +
        'extract gets a new id.',
    }),
    config: { access: 'authenticated' },
    handler: async (req, reply) => {
      const part = await readExtractBytes(app.deps, req.params.id, req.headers.range);
      reply
        .status(part.status)
        .header('accept-ranges', 'bytes')
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(part.end - part.start + 1))
        .header('etag', part.etag)
        .header('cache-control', 'private, max-age=31536000, immutable');
      if (part.status === 206) reply.header('content-range', `bytes ${part.start}-${part.end}/${part.size}`);
      return reply.send(part.body);
    },
  });
}
