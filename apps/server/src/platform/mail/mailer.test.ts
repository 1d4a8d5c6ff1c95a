import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/testApp.ts';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { smtpTransport } from './smtp.ts';
import { Mailer, outboxOnlyTransport } from './transport.ts';

let database: Database;
let drop: () => Promise<void>;
let smtp: SMTPServer;
let port: number;
const received: { to: string[]; data: string }[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  // A real SMTP peer on loopback that records what it is sent.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => {
        data += c.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await drop();
});

describe('Mailer', () => {
  it('records the message in the outbox and, with SMTP configured, sends it after commit', async () => {
    const mailer = new Mailer(
      database.db,
      smtpTransport(`smtp://127.0.0.1:${port}`, 'Linewalker <no-reply@test>'),
      outboxOnlyTransport,
    );
    const deliver = await database.db.transaction((tx) =>
      mailer.enqueue(tx, {
        channel: 'email',
        to: 'pm@example.test',
        subject: 'Hello',
        body: 'Reset link inside',
      }),
    );
    await deliver();
    expect(received.at(-1)?.to).toEqual(['pm@example.test']);
    expect(received.at(-1)?.data).toContain('Reset link inside');
    const [row] = await database.db.select().from(outbox).where(eq(outbox.recipient, 'pm@example.test'));
    expect(row).toMatchObject({ status: 'sent', subject: 'Hello' });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('marks the message failed, with the reason, when the SMTP server cannot be reached', async () => {
    const mailer = new Mailer(
      database.db,
      smtpTransport('smtp://127.0.0.1:1', 'x@test'),
      outboxOnlyTransport,
    );
    const deliver = await database.db.transaction((tx) =>
      mailer.enqueue(tx, { channel: 'email', to: 'down@example.test', body: 'never arrives' }),
    );
    await deliver();
    const [row] = await database.db.select().from(outbox).where(eq(outbox.recipient, 'down@example.test'));
    expect(row!.status).toBe('failed');
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('sends nothing when the transaction rolls back', async () => {
    const mailer = new Mailer(database.db, outboxOnlyTransport, outboxOnlyTransport);
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.enqueue(tx, { channel: 'sms', to: '+15555550100', body: 'rolled back' });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(await database.db.select().from(outbox).where(eq(outbox.recipient, '+15555550100'))).toHaveLength(
      0,
    );
  });
});
