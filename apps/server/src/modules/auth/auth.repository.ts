import { and, eq, isNull, sql } from 'drizzle-orm';
import { findUserAccount, type UserAccount } from '../../platform/auth/userAccounts.ts';
import type { Db } from '../../platform/db/client.ts';
import { auditLog, passwordResetTokens, sessions, users } from '../../platform/db/schema/index.ts';

export type LoginCandidate = UserAccount;

export const findUserByEmail = (db: Db, email: string): Promise<LoginCandidate | undefined> =>
  findUserAccount(db, sql`lower(${users.email}) = ${email.toLowerCase()}`);

export async function findActiveUserById(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row && row.status === 1 ? row : undefined;
}

export async function insertSession(
  db: Db,
  s: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(s);
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, s.userId));
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertResetToken(
  db: Db,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

export async function findResetToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a token used; only one of several concurrent callers gets `true`. */
export async function consumeResetToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** True when the reset job `jobId` already wrote its mail (a rerun after a crash must not send a second link). */
export async function resetLinkSentByJob(db: Db, userId: number, jobId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.objectType, 'user'),
        eq(auditLog.objectId, String(userId)),
        sql`${auditLog.details}->>'jobId' = ${String(jobId)}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
