import { z } from 'zod';
import type { App } from '../../platform/http/app.types.ts';

const Health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']) });

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['System'],
        summary: '200 when the database answers, 503 otherwise',
        response: { 200: Health, 503: Health },
      },
    },
    async (_req, reply) => {
      const { database } = app.deps;
      const up = await database.ping();
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'unavailable', database: database.kind });
    },
  );
}
