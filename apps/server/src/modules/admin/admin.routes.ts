import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { listAudit, listOutbox } from './admin.repository.ts';

const tags = ['Administration'];

export async function adminRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(endpoints.admin.outbox, { tags, summary: 'Outgoing e-mail and SMS, newest first' }),
    config: { access: 'admin.read' },
    handler: async (req) => {
      const { items, total } = await listOutbox(db, req.query.limit, req.query.offset);
      return {
        total,
        items: items.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          status: m.status,
          error: m.error,
          attempts: m.attempts,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  });

  app.route({
    ...endpointRoute(endpoints.admin.audit, { tags, summary: 'Audit log of state changes, newest first' }),
    config: { access: 'admin.read' },
    handler: async (req) => {
      const { items, total } = await listAudit(db, req.query.limit, req.query.offset);
      return { total, items: items.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })) };
    },
  });
}
