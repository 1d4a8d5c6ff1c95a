import type { Db } from '../db/client.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
}

/**
 * What services and job handlers may do with outgoing messages (`OutboxMailer` in transport.ts does it).
 * Types only, so the job definitions can name it without importing the mailer, which queues jobs.
 */
export interface Mailer {
  /** Whether messages of this channel only go to the outbox (no provider configured). */
  storesOnly(channel: OutgoingMessage['channel']): boolean;
  /**
   * Records the message (and queues its delivery) in `tx`; returns the outbox id. `queueDelivery: false`
   * leaves the delivery to the caller's own job (which calls `deliver`), e.g. to act on a final failure.
   */
  enqueue(tx: Db, message: OutgoingMessage, options?: { queueDelivery?: boolean }): Promise<number>;
  /** Sends one outbox message (the `mail.deliver` job); idempotent. */
  deliver(db: Db, id: number, attempt: { attempt: number; maxAttempts: number }): Promise<string>;
}
