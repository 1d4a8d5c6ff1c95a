import { AuditPage, OutboxPage, PageQuery } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { listAudit, listOutbox } from './admin.repository.ts';

const tags = ['Administration'];

export async function adminRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;

  app.get(
    '/admin/outbox',
    {
      config: { access: 'admin.read' },
      schema: {
        tags,
        summary: 'Outgoing e-mail and SMS, newest first',
        querystring: PageQuery,
        response: { 200: OutboxPage },
      },
    },
    async (req) => {
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
  );

  app.get(
    '/admin/audit',
    {
      config: { access: 'admin.read' },
      schema: {
        tags,
        summary: 'Audit log of state changes, newest first',
        querystring: PageQuery,
        response: { 200: AuditPage },
      },
    },
    async (req) => {
      const { items, total } = await listAudit(db, req.query.limit, req.query.offset);
      return { total, items: items.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })) };
    },
  );
}
