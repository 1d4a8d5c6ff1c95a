import { PositiveId } from '@linewalker/domain';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import { newSecretToken } from '../../platform/auth/tokens.ts';
import { defineJob } from '../../platform/jobs/define.ts';
import * as repo from './auth.repository.ts';

export const RESET_TOKEN_MINUTES = 60;

/**
 * Writes a password reset link to the outbox. The forgot-password and resend routes only queue this
 * job, for known and unknown accounts alike, so their answer takes the same time either way; the
 * lookup, the token and the mail happen here.
 */
export const passwordResetJob = defineJob({
  name: 'auth.password-reset',
  payload: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('forgot'), email: z.string().max(254), requestedFrom: z.string().nullable() }),
    z.object({ kind: z.literal('resend'), userId: PositiveId, requestedFrom: z.string().nullable() }),
  ]),
  maxAttempts: 5,
  backoff: { baseMs: 2_000, maxMs: 60_000 },
  async run(ctx, request) {
    const { database, config, mailer } = ctx.deps;
    const user =
      request.kind === 'forgot'
        ? await repo.findUserByEmail(database.db, request.email)
        : await repo.findActiveUserById(database.db, request.userId);
    if (user?.status !== 1) return { sent: false };
    const action = request.kind === 'forgot' ? 'user.forgot_password' : 'user.resend_reset_password';
    return database.db.transaction(async (tx) => {
      if (await repo.resetLinkSentByJob(tx, user.id, ctx.jobId)) return { sent: true };
      const { token, hash } = newSecretToken();
      const expiresAt = new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000);
      const link = `${config.publicUrl}/reset-password?token=${token}&userId=${user.id}`;
      await repo.insertResetToken(tx, user.id, hash, expiresAt);
      // Recorded as the anonymous request that asked for it: its address, no user.
      await writeAudit(
        tx,
        request.requestedFrom ? { ip: request.requestedFrom, requestId: ctx.actor.requestId } : ctx.actor,
        { action, objectType: 'user', objectId: user.id, userId: null, details: { jobId: ctx.jobId } },
      );
      await mailer.enqueue(tx, {
        channel: 'email',
        to: user.email,
        subject: 'Reset your Linewalker password',
        body:
          `Someone asked to reset the password of your Linewalker account.\n\n` +
          `Open this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:\n${link}\n\n` +
          `If you did not ask for this, ignore this e-mail; your password stays as it is.`,
      });
      return { sent: true };
    });
  },
});
