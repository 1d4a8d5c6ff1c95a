import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { forbidden, notFound, tooLarge } from '../../platform/errors.ts';
import { LocalStorage } from '../../platform/storage/local.ts';

const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;
const SignedQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().min(10).max(200) });

/**
 * The local storage driver's signed URLs. Access is the URL's signature (issued by an
 * authorised route), so these routes are public at the session level.
 */
export async function filesRoutes(app: App): Promise<void> {
  const storage = app.deps.storage;
  if (!(storage instanceof LocalStorage)) return;

  // Uploads arrive as raw bodies of any type; stream them to disk instead of buffering.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  const refuse = () => forbidden('This link is invalid or has expired', 'bad_signature');

  app.put(
    '/files/*',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Files'],
        summary: 'Upload to a signed URL (local storage driver)',
        querystring: SignedQuery,
      },
    },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!storage.verify('PUT', key, req.query.expires, req.query.signature)) throw refuse();
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > MAX_UPLOAD_BYTES) throw tooLarge();
      await storage.write(key, req.body as Readable);
      return reply.status(200).send({ ok: true });
    },
  );

  app.get(
    '/files/*',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Files'],
        summary: 'Download from a signed URL (local storage driver)',
        querystring: SignedQuery,
      },
    },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!storage.verify('GET', key, req.query.expires, req.query.signature)) throw refuse();
      if (!(await storage.exists(key))) throw notFound('File');
      return reply.header('cache-control', 'private, max-age=3600').send(await storage.read(key));
    },
  );
}
