import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { auditLog, outbox, users } from '../../platform/db/schema/index.ts';

export async function listOutbox(db: Db, limit: number, offset: number) {
  const [items, [total]] = await Promise.all([
    db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(outbox),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function listAudit(db: Db, limit: number, offset: number) {
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        userId: auditLog.userId,
        userEmail: users.email,
        action: auditLog.action,
        objectType: auditLog.objectType,
        objectId: auditLog.objectId,
        details: auditLog.details,
        ip: auditLog.ip,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .orderBy(desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { items, total: total?.n ?? 0 };
}
