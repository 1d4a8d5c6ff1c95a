import { PILOT_STATUS } from '@linewalker/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { defineJob, PermanentJobError } from '../../platform/jobs/define.ts';
import * as repo from './scheduling.repository.ts';

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

/**
 * The `pilots.availability-text` job gave up on a message: the request is marked undeliverable and the
 * pilot's status becomes 5 Error Messaging Pilot (unless they were assigned or answered meanwhile).
 */
async function availabilityTextFailed(db: Db, requestId: number, at: Date): Promise<void> {
  await withTransaction(db, async (tx) => {
    const request = await repo.markDeliveryFailed(tx, requestId, at);
    if (!request) return;
    const row = await repo.lockProjectPilot(tx, request.projectId, request.userId);
    if (row.pilotSchedulingStatusId === PILOT_STATUS.waitingPilotResponse && !row.assigned) {
      await repo.updateProjectPilot(
        tx,
        request.projectId,
        request.userId,
        { pilotSchedulingStatusId: PILOT_STATUS.errorMessagingPilot },
        at,
      );
    }
  });
}
