import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { PermanentJobError } from '../jobs/define.ts';
import { enqueue } from '../jobs/enqueue.ts';
import { mailDeliverJob } from './deliver.job.ts';
import type { Mailer, OutgoingMessage } from './mailer.types.ts';

/** Delivers a message once it is recorded; 'stored' means the outbox row itself is the delivery. */
export interface Transport {
  readonly name: string;
  deliver(message: OutgoingMessage): Promise<'sent' | 'stored'>;
}

export const outboxOnlyTransport: Transport = {
  name: 'outbox',
  deliver: async () => 'stored',
};

/**
 * Every message is recorded in the outbox inside the caller's transaction, so a rolled-back change
 * never sends mail. With a real transport (SMTP) a `mail.deliver` job is queued in the same transaction:
 * a worker sends the message after commit and retries with backoff when the server refuses it, and the
 * outbox row shows each attempt. Without one the row is the delivery ('stored').
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly email: Transport,
    private readonly sms: Transport,
  ) {}

  private transport(channel: OutgoingMessage['channel']): Transport {
    return channel === 'email' ? this.email : this.sms;
  }

  /** Whether messages of this channel only go to the outbox (no provider configured). */
  storesOnly(channel: OutgoingMessage['channel']): boolean {
    return this.transport(channel) === outboxOnlyTransport;
  }

  /**
   * Records the message (and queues its delivery) in `tx`; returns the outbox id. `queueDelivery: false`
   * leaves the delivery to the caller's own job (which calls `deliver`), e.g. to act on a final failure.
   */
  async enqueue(
    tx: Db,
    message: OutgoingMessage,
    options: { queueDelivery?: boolean } = {},
  ): Promise<number> {
    const storedOnly = this.transport(message.channel) === outboxOnlyTransport;
    const [row] = await tx
      .insert(outbox)
      .values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject ?? null,
        body: message.body,
        status: storedOnly ? 'stored' : 'queued',
        sentAt: storedOnly ? new Date() : null,
      })
      .returning({ id: outbox.id });
    const id = row!.id;
    if (!storedOnly && options.queueDelivery !== false) await enqueue(tx, mailDeliverJob, { outboxId: id });
    return id;
  }

  /**
   * Sends one outbox message (the `mail.deliver` job). Idempotent: a message already sent is not sent
   * again. A failure is recorded on the row ('retrying', or 'failed' on the last attempt) and rethrown
   * so the job is retried.
   */
  async deliver(db: Db, id: number, attempt: { attempt: number; maxAttempts: number }): Promise<string> {
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    if (!row) throw new PermanentJobError(`Outbox message ${id} does not exist`);
    if (row.status === 'sent' || row.status === 'stored') return row.status;
    await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1` })
      .where(eq(outbox.id, id));
    const message: OutgoingMessage = {
      channel: row.channel,
      to: row.recipient,
      body: row.body,
      ...(row.subject !== null ? { subject: row.subject } : {}),
    };
    try {
      const status = await this.transport(row.channel).deliver(message);
      await db.update(outbox).set({ status, sentAt: new Date(), error: null }).where(eq(outbox.id, id));
      return status;
    } catch (err) {
      await db
        .update(outbox)
        .set({
          status:
            attempt.attempt >= attempt.maxAttempts || err instanceof PermanentJobError
              ? 'failed'
              : 'retrying',
          error: err instanceof Error ? err.message : String(err),
        })
        .where(eq(outbox.id, id));
      throw err;
    }
  }
}
