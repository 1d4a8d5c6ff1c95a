import type { Readable } from 'node:stream';
import { endpoints } from '@linewalker/domain';
import { notFound } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.types.ts';
import { callerOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { LocalStorage } from '../../platform/storage/local.ts';
import { badSignature, receiveUpload } from './files.service.ts';

/**
 * The local storage driver's signed URLs. Access is the URL's signature (issued by a route that checked
 * the caller's rights), so these routes are public at the session level.
 */
export async function filesRoutes(app: App): Promise<void> {
  const storage = app.deps.storage;
  if (!(storage instanceof LocalStorage)) return;

  // Uploads arrive as raw bodies of any type; stream them to disk instead of buffering.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.route({
    ...endpointRoute(endpoints.sourceFiles.signedFileUpload, {
      tags: ['Files'],
      summary: 'Upload to a signed URL (local storage driver)',
      description:
        'Send the Content-Type the URL was signed for (a CSV or KMZ from sign-s3 may also come with none or ' +
        'application/octet-stream). 403 bad_signature for a wrong, expired or ' +
        'altered link, another key or another content type; 413 too_large past UPLOAD_MAX_BYTES (counted ' +
        'on the bytes received, with or without Content-Length; nothing is kept); 409 already_uploaded once ' +
        'a file was stored under the key (the first one stays).',
    }),
    config: { access: 'public' },
    handler: async (req, reply) => {
      const length = req.headers['content-length'];
      try {
        const { sizeBytes } = await receiveUpload(app.deps, storage, callerOf(req), {
          key: (req.params as { '*': string })['*'],
          expires: req.query.expires,
          signature: req.query.signature,
          contentType: req.headers['content-type'],
          declaredLength: length === undefined ? null : Number(length),
          body: req.body as Readable,
        });
        return reply.status(200).send({ ok: true, size_bytes: sizeBytes });
      } catch (err) {
        // A refused body may still be arriving: close the connection after answering instead of reading it.
        if (!(req.raw as Readable).readableEnded) reply.header('connection', 'close');
        throw err;
      }
    },
  });

  app.route({
    ...endpointRoute(endpoints.sourceFiles.signedFileDownload, {
      tags: ['Files'],
      summary: 'Download from a signed URL (local storage driver)',
      description:
        'Links are short-lived and bound to one key; they are handed out by routes that check the ' +
        "reader's right to the file's project (e.g. GET /projects/{id}/files/{fileId}).",
    }),
    config: { access: 'public' },
    handler: async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const signed = storage.verify({
        method: 'GET',
        key,
        expires: req.query.expires,
        signature: req.query.signature,
      });
      if (!signed) throw badSignature();
      if (!(await storage.exists(key))) throw notFound('File');
      // Served as an opaque download, never rendered on our origin, whatever its bytes hold.
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', 'attachment')
        .header('x-content-type-options', 'nosniff')
        .send(await storage.read(key));
    },
  });
}
