import { z } from 'zod';
import { defineJob, PermanentJobError } from '../../platform/jobs/define.ts';
import { availabilityTextFailed } from './scheduling.service.ts';

/**
 * Delivers one 'Check Availability' text message (already in the outbox) through the SMS transport,
 * retrying like e-mail. When it gives up (last attempt, or a refusal the provider will repeat) the pilot's
 * status on the project becomes 5 Error Messaging Pilot. Idempotent: a message already sent or stored is
 * not sent again, and the failure is recorded once.
 */
export const availabilityTextJob = defineJob({
  name: 'pilots.availability-text',
  payload: z.object({ requestId: z.number().int().positive(), outboxId: z.number().int().positive() }),
  maxAttempts: 6,
  backoff: { baseMs: 10_000, maxMs: 5 * 60_000 },
  async run(ctx, { requestId, outboxId }) {
    const db = ctx.deps.database.db;
    try {
      const status = await ctx.deps.mailer.deliver(db, outboxId, ctx);
      return { status };
    } catch (err) {
      if (err instanceof PermanentJobError || ctx.attempt >= ctx.maxAttempts) {
        await availabilityTextFailed(db, requestId, new Date());
      }
      throw err;
    }
  },
});
