import { z } from 'zod';
import { defineJob } from '../jobs/define.ts';

/** Sends one outbox message through the configured transport, retrying for about half an hour. */
export const mailDeliverJob = defineJob({
  name: 'mail.deliver',
  payload: z.object({ outboxId: z.number().int().positive() }),
  maxAttempts: 8,
  // 10 s, 20 s, 40 s … (with jitter): the last of 8 attempts comes ~20 minutes after the first.
  backoff: { baseMs: 10_000, maxMs: 10 * 60_000 },
  async run(ctx, { outboxId }) {
    const status = await ctx.deps.mailer.deliver(ctx.deps.database.db, outboxId, ctx);
    return { status };
  },
});
