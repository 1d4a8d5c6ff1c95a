import type { FastifyRequest } from 'fastify';
import type { Db } from './db/client.ts';
import { auditLog } from './db/schema/index.ts';

export interface AuditEntry {
  action: string;
  objectType: string;
  objectId?: string | number | null;
  details?: Record<string, unknown> | null;
  /** Overrides the caller (e.g. a login, where the request has no principal yet). */
  userId?: number | null;
}

/** Writes one audit record; call it inside the transaction that makes the change. */
export async function writeAudit(tx: Db, req: FastifyRequest | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    userId: entry.userId !== undefined ? entry.userId : (req?.principal?.userId ?? null),
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId == null ? null : String(entry.objectId),
    details: entry.details ?? null,
    ip: req?.ip ?? null,
  });
}
