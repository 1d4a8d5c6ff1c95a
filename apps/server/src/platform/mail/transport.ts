import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
}

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
 * Every message is recorded in the outbox first (inside the caller's transaction), then handed to
 * the transport after commit, so a rolled-back change never sends mail.
 */
export class Mailer {
  constructor(
    private readonly db: Db,
    private readonly email: Transport,
    private readonly sms: Transport,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  async enqueue(tx: Db, message: OutgoingMessage): Promise<() => Promise<void>> {
    const [row] = await tx
      .insert(outbox)
      .values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject ?? null,
        body: message.body,
        status: 'queued',
      })
      .returning({ id: outbox.id });
    const id = row!.id;
    return () => this.deliver(id, message);
  }

  private async deliver(id: number, message: OutgoingMessage): Promise<void> {
    const transport = message.channel === 'email' ? this.email : this.sms;
    try {
      const status = await transport.deliver(message);
      await this.db.update(outbox).set({ status, sentAt: new Date() }).where(eq(outbox.id, id));
    } catch (err) {
      this.log(`delivery of outbox message ${id} through ${transport.name} failed`, err);
      await this.db
        .update(outbox)
        .set({ status: 'failed', error: err instanceof Error ? err.message : String(err) })
        .where(eq(outbox.id, id));
    }
  }
}
