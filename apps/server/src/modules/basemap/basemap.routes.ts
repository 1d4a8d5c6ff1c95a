import {
  ApiError,
  BasemapExtract,
  IdParam,
  SignUploadResponse,
  UseBasemapExtractRequest,
} from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { currentExtractInfo, readExtractBytes, signExtractUpload, useExtract } from './basemap.service.ts';

const tags = ['Maps'];

/** The self-hosted basemap: a super admin uploads a regional PMTiles extract; every map reads it in ranges. */
export async function basemapRoutes(app: App): Promise<void> {
  app.post(
    '/basemap/extracts/sign',
    {
      config: { access: 'basemap.manage' },
      schema: {
        tags,
        summary: 'A signed URL to upload a basemap extract (.pmtiles) to',
        description:
          'Super admins only. PUT the file to `signedRequest` with Content-Type application/vnd.pmtiles (up to ' +
          'UPLOAD_MAX_BYTES), then POST `url` to /basemap/extracts to make it the maps\u2019 Streets basemap.',
        response: { 200: SignUploadResponse },
      },
    },
    (req) => signExtractUpload(app.deps, actorOf(req)),
  );

  app.post(
    '/basemap/extracts',
    {
      config: { access: 'basemap.manage' },
      schema: {
        tags,
        summary: 'Use an uploaded extract as the Streets basemap',
        description:
          'Super admins only, with an upload they signed (404 otherwise). The file must be a PMTiles (version 3) ' +
          'archive of vector (MVT) or PNG/JPEG/WebP tiles: its header, directory and metadata are read now, and ' +
          'anything else answers 400 unsupported_file with the reason. The newest extract is the one maps use.',
        body: UseBasemapExtractRequest,
        response: { 200: BasemapExtract, 400: ApiError },
      },
    },
    (req) => useExtract(app.deps, actorOf(req), req.body.url),
  );

  app.get(
    '/basemap/extracts/current',
    {
      config: { access: 'basemap.manage' },
      schema: {
        tags,
        summary: 'The extract the maps use, or null',
        description: 'Super admins only (every map learns it from GET /config).',
        response: { 200: BasemapExtract.nullable() },
      },
    },
    (req) => currentExtractInfo(app.deps, actorOf(req)),
  );

  app.get(
    '/basemap/extracts/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The bytes of a basemap extract, with HTTP range requests',
        description:
          'Any signed-in user (the maps read it). A `Range: bytes=a-b` header (also `a-` and `-n`) answers 206 ' +
          'with that part; none answers the whole file; a range past the end answers 416. Immutable: a new ' +
          'extract gets a new id.',
        params: IdParam,
      },
    },
    async (req, reply) => {
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
  );
}
