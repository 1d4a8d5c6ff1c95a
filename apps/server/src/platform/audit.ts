import { type SQL, sql } from 'drizzle-orm';
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

const auditUser = (by: Actor | AnonymousCaller, entry: AuditEntry | ChainedAuditEntry) => {
  const actorUserId = 'kind' in by ? by.userId : null;
  return entry.userId !== undefined ? entry.userId : actorUserId;
};

/** Writes one audit record; call it inside the transaction that makes the change. */
export async function writeAudit(tx: Db, by: Actor | AnonymousCaller, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    userId: auditUser(by, entry),
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId == null ? null : String(entry.objectId),
    details: entry.details ?? null,
    ip: by.ip,
  });
}

/** An audit record whose object is a row the same statement writes: `objectId` is SQL reading it. */
export interface ChainedAuditEntry extends Omit<AuditEntry, 'objectId'> {
  objectId: SQL;
}

/**
 * The audit record as an `INSERT … SELECT … FROM from`, for the one statement that makes the change (a
 * data-modifying CTE): it is written with the change, or not at all, without a transaction's BEGIN and
 * COMMIT round trips (each one ~1 ms on PGlite: bench photo-ingest). One record per row of `from`, so
 * none when the change wrote nothing.
 */
export function auditInsert(by: Actor | AnonymousCaller, entry: ChainedAuditEntry, from: SQL): SQL {
  const details = entry.details == null ? null : JSON.stringify(entry.details);
  return sql`insert into audit_log (user_id, action, object_type, object_id, details, ip)
    select ${auditUser(by, entry)}::int, ${entry.action}, ${entry.objectType}, (${entry.objectId})::text,
      ${details}::jsonb, ${by.ip}::inet
    from ${from}`;
}
