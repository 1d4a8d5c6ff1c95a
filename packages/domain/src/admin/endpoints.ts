import { AuditPage, OutboxPage, PageQuery } from '../admin.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The super admin's logs: outgoing messages and the audit log. */
export const adminEndpoints = {
  outbox: defineEndpoint({ method: 'GET', path: '/admin/outbox', query: PageQuery, response: OutboxPage }),
  audit: defineEndpoint({ method: 'GET', path: '/admin/audit', query: PageQuery, response: AuditPage }),
};
