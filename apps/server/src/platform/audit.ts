import type { Actor, AnonymousCaller } from './auth/actor.ts';
import type { Db } from './db/client.ts';
import { auditLog } from './db/schema/index.ts';

export interface AuditEntry {
  action: string;
  objectType: string;
  objectId?: string | number | null;
  details?: Record<string, unknown> | null;
  /** Overrides the actor's user (e.g. a login, where the caller has no session yet). */
  userId?: number | null;
}

/** Writes one audit record; call it inside the transaction that makes the change. */
export async function writeAudit(tx: Db, by: Actor | AnonymousCaller, entry: AuditEntry): Promise<void> {
  const actorUserId = 'kind' in by ? by.userId : null;
  await tx.insert(auditLog).values({
    userId: entry.userId !== undefined ? entry.userId : actorUserId,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId == null ? null : String(entry.objectId),
    details: entry.details ?? null,
    ip: by.ip,
  });
}
