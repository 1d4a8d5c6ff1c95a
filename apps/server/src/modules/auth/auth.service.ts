import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  RESET_ERROR_CODES,
  type ResetCode,
  resetFailureMessage,
  type Session,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth/access.ts';
import type { AnonymousCaller, UserActor } from '../../platform/auth/actor.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import { isActiveAccount } from '../../platform/auth/userAccounts.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, forbidden, tooManyRequests } from '../../platform/errors.ts';
import type { AuthLimiters } from '../../platform/http/rateLimiter.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import * as repo from './auth.repository.ts';
import { LoginThrottle } from './loginThrottle.ts';
import { passwordResetJob } from './passwordReset.job.ts';

export function toSession(u: {
  userId: number;
  roleId: number;
  roleName: string;
  companyId: number;
  companyName: string | null;
  firstName: string;
  lastName: string;
  email: string;
  expiresAt: Date;
}): Session {
  return {
    userId: u.userId,
    roleId: u.roleId,
    roleName: u.roleName as Session['roleName'],
    companyId: u.companyId,
    companyName: u.companyName,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    expiresAt: u.expiresAt.toISOString(),
  };
}

export const sessionOf = (p: AuthUser): Session => toSession({ ...p, expiresAt: p.sessionExpiresAt });

async function assertNotLimited(limiter: { retryAfter(key: string): Promise<number> }, key: string) {
  const wait = await limiter.retryAfter(key);
  if (wait > 0) throw tooManyRequests(wait);
}

export class AuthService {
  private readonly loginThrottle: LoginThrottle;

  constructor(
    private readonly deps: Deps,
    private readonly limits: AuthLimiters,
  ) {
    this.loginThrottle = new LoginThrottle(limits);
  }

  /** Checks credentials and opens a server-side session; 403 for any wrong credential, 429 when throttled. */
  async login(
    req: AnonymousCaller & { userAgent: string | null },
    email: string,
    password: string,
  ): Promise<{ token: string; session: Session }> {
    const accountKey = email.toLowerCase();
    await this.loginThrottle.admit(accountKey, req.ip);

    const user = await repo.findUserByEmail(this.deps.database.db, email);
    let valid = false;
    if (user) valid = await verifyPassword(user.passwordHash, password);
    else await burnPasswordCheck(password); // same time whether or not the account exists
    if (!valid || !isActiveAccount(user)) {
      await this.loginThrottle.failed(accountKey, req.ip);
      throw forbidden(MESSAGES.loginFailed, 'invalid_credentials');
    }
    await this.loginThrottle.succeeded(accountKey, req.ip);

    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + this.deps.config.sessionHours * 3600_000);
    await this.deps.database.db.transaction(async (tx) => {
      await repo.insertSession(tx, {
        id: sessionId,
        userId: user.id,
        expiresAt,
        ip: req.ip ?? null,
        userAgent: req.userAgent?.slice(0, 400) ?? null,
      });
      await writeAudit(tx, req, {
        action: 'user.login',
        objectType: 'user',
        objectId: user.id,
        userId: user.id,
      });
    });
    const claims = {
      userId: user.id,
      roleId: user.roleId,
      roleName: user.roleName as Session['roleName'],
      companyId: user.companyId,
      companyName: user.companyName,
      sid: sessionId,
    };
    const token = await this.deps.tokens.sign(claims, expiresAt);
    return { token, session: toSession({ ...claims, ...user, userId: user.id, expiresAt }) };
  }

  async logout(actor: UserActor, sessionId: string): Promise<void> {
    await this.deps.database.db.transaction(async (tx) => {
      await repo.revokeSession(tx, sessionId);
      await writeAudit(tx, actor, { action: 'user.logout', objectType: 'user', objectId: actor.userId });
    });
  }

  /**
   * Queues a reset link for the address. Known and unknown addresses take the same path (rate limits,
   * one job insert), so neither the answer nor its timing tells whether the account exists; the
   * `auth.password-reset` job does the lookup and writes the mail.
   */
  async forgotPassword(req: AnonymousCaller, email: string): Promise<void> {
    await assertNotLimited(this.limits.resetAddress, req.ip);
    await this.limits.resetAddress.hit(req.ip);
    const accountKey = email.toLowerCase();
    if ((await this.limits.resetAccount.retryAfter(accountKey)) > 0) return; // silently: do not reveal the account
    await this.limits.resetAccount.hit(accountKey);
    await enqueue(this.deps.database.db, passwordResetJob, {
      kind: 'forgot',
      email,
      requestedFrom: req.ip ?? null,
    });
  }

  async resendResetPassword(req: AnonymousCaller, userId: number): Promise<void> {
    await assertNotLimited(this.limits.resetAddress, req.ip);
    await this.limits.resetAddress.hit(req.ip);
    const key = `user:${userId}`;
    if ((await this.limits.resetAccount.retryAfter(key)) > 0) return;
    await this.limits.resetAccount.hit(key);
    await enqueue(this.deps.database.db, passwordResetJob, {
      kind: 'resend',
      userId,
      requestedFrom: req.ip ?? null,
    });
  }

  /** Sets a new password with a single-use token; ends every session of the user. */
  async resetPassword(req: AnonymousCaller, userId: number, token: string, password: string): Promise<void> {
    const fail = (code: ResetCode) =>
      badRequest(resetFailureMessage(code), RESET_ERROR_CODES[code], { status: code });
    const row = await repo.findResetToken(this.deps.database.db, sha256(token));
    if (!row || row.userId !== userId) throw fail('BAD_TOKEN');
    if (row.usedAt) throw fail('USED_TOKEN');
    if (row.expiresAt.getTime() <= Date.now()) throw fail('EXPIRED_TOKEN');
    const passwordHash = await hashPassword(password);
    await this.deps.database.db.transaction(async (tx) => {
      if (!(await repo.consumeResetToken(tx, row.id))) throw fail('USED_TOKEN');
      await repo.setPasswordHash(tx, userId, passwordHash);
      await repo.revokeAllSessions(tx, userId);
      await writeAudit(tx, req, {
        action: 'user.reset_password',
        objectType: 'user',
        objectId: userId,
        userId,
      });
    });
  }
}
