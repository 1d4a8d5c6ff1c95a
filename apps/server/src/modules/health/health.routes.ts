import { endpoints, Health } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';

export async function healthRoutes(app: App): Promise<void> {
  app.route({
    ...endpointRoute(endpoints.health.health, {
      tags: ['System'],
      summary: '200 when the database answers, 503 otherwise',
      errors: { 503: Health },
    }),
    config: { access: 'public' },
    handler: async (_req, reply) => {
      const { database } = app.deps;
      const up = await database.ping();
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'unavailable', database: database.kind });
    },
  });
}
