import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/testApp.ts';
import { TokenService } from '../auth/tokens.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { jobs, outbox } from '../db/schema/index.ts';
import type { Deps } from '../deps.types.ts';
import { JobWorker } from '../jobs/worker.ts';
import { createStorage } from '../storage/createStorage.ts';
import { mailDeliverJob } from './deliver.job.ts';
import type { Mailer } from './mailer.types.ts';
import { smtpTransport } from './smtp.ts';
import { OutboxMailer, outboxOnlyTransport } from './transport.ts';

let database: Database;
let drop: () => Promise<void>;
let smtp: SMTPServer;
let port: number;
const received: { to: string[]; data: string }[] = [];
/** Recipients the SMTP peer refuses this many more times before accepting (a flaky mail server). */
const refusals = new Map<string, number>();

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  // A real SMTP peer on loopback that records what it is sent.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      const left = refusals.get(address.address) ?? 0;
      if (left > 0) {
        refusals.set(address.address, left - 1);
        const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
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

function depsWith(mailer: Mailer): Deps {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/lw-mailer-test',
    JWT_SECRET: 'x'.repeat(40),
  });
  return {
    config,
    database,
    mailer,
    tokens: new TokenService(config.jwtSecret),
    storage: createStorage(config),
    now: () => new Date(),
  };
}

/** A real worker running the real mail.deliver handler, with retries a few ms apart instead of seconds. */
/** A worker whose retries wait `backoff` (short, so the tests need not wait the real ten seconds). */
function mailWorker(mailer: Mailer, backoff = { baseMs: 20, maxMs: 100 }) {
  return new JobWorker({
    deps: depsWith(mailer),
    concurrency: 1,
    definitions: [{ ...mailDeliverJob, backoff }],
    pollMs: 50,
  });
}

const outboxRow = async (to: string) =>
  (await database.db.select().from(outbox).where(eq(outbox.recipient, to)))[0]!;

async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const v = await check();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe('Mailer', () => {
  it('records the message and a mail.deliver job in the transaction; the job sends it over SMTP', async () => {
    const mailer = new OutboxMailer(
      smtpTransport(`smtp://127.0.0.1:${port}`, 'Linewalker <no-reply@test>'),
      outboxOnlyTransport,
    );
    const id = await database.db.transaction((tx) =>
      mailer.enqueue(tx, {
        channel: 'email',
        to: 'pm@example.test',
        subject: 'Hello',
        body: 'Reset link inside',
      }),
    );
    expect(await outboxRow('pm@example.test')).toMatchObject({ id, status: 'queued', attempts: 0 });
    const [job] = await database.db.select().from(jobs).where(eq(jobs.name, 'mail.deliver'));
    expect(job).toMatchObject({ state: 'queued', payload: { outboxId: id } });

    expect(await mailWorker(mailer).drain()).toBe(1);
    expect(received.at(-1)?.to).toEqual(['pm@example.test']);
    expect(received.at(-1)?.data).toContain('Reset link inside');
    const row = await outboxRow('pm@example.test');
    expect(row).toMatchObject({ status: 'sent', subject: 'Hello', attempts: 1, error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('retries a send the SMTP peer refuses, shows each failure on the outbox row, then delivers', async () => {
    const mailer = new OutboxMailer(smtpTransport(`smtp://127.0.0.1:${port}`, 'x@test'), outboxOnlyTransport);
    refusals.set('flaky@example.test', 2);
    await database.db.transaction((tx) =>
      mailer.enqueue(tx, { channel: 'email', to: 'flaky@example.test', body: 'third time lucky' }),
    );
    // After the first refusal the row says so while the job waits for its retry (an hour here, so that
    // drain() cannot reach the second attempt however slow the machine is).
    await mailWorker(mailer, { baseMs: 3_600_000, maxMs: 3_600_000 }).drain();
    expect(await outboxRow('flaky@example.test')).toMatchObject({ status: 'retrying', attempts: 1 });
    expect((await outboxRow('flaky@example.test')).error).toMatch(/451|temporarily/i);

    // The wait is over: the retries run with short waits.
    await database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.payload, { outboxId: (await outboxRow('flaky@example.test')).id }));
    const worker = mailWorker(mailer);

    await worker.start();
    try {
      const sent = await until(async () => {
        const row = await outboxRow('flaky@example.test');
        return row.status === 'sent' ? row : undefined;
      });
      expect(sent).toMatchObject({ attempts: 3, error: null });
    } finally {
      await worker.stop();
    }
    expect(received.filter((r) => r.to.includes('flaky@example.test'))).toHaveLength(1);
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.payload, { outboxId: (await outboxRow('flaky@example.test')).id }));
    expect(job).toMatchObject({ state: 'succeeded', attempts: 3 });
  });

  it('marks the message failed with the reason after the last attempt, and keeps it', async () => {
    const mailer = new OutboxMailer(smtpTransport('smtp://127.0.0.1:1', 'x@test'), outboxOnlyTransport);
    const id = await database.db.transaction((tx) =>
      mailer.enqueue(tx, { channel: 'email', to: 'down@example.test', body: 'never arrives' }),
    );
    const worker = mailWorker(mailer);
    await worker.start();
    try {
      await until(async () =>
        (await outboxRow('down@example.test')).status === 'failed' ? true : undefined,
      );
    } finally {
      await worker.stop();
    }
    const row = await outboxRow('down@example.test');
    expect(row).toMatchObject({ id, status: 'failed', attempts: mailDeliverJob.maxAttempts });
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.payload, { outboxId: id }));
    expect(job).toMatchObject({ state: 'failed', attempts: mailDeliverJob.maxAttempts });
    expect(job!.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('without a mail server the outbox row is the delivery: stored at once, no job', async () => {
    const mailer = new OutboxMailer(outboxOnlyTransport, outboxOnlyTransport);
    await database.db.transaction((tx) =>
      mailer.enqueue(tx, { channel: 'email', to: 'local@example.test', body: 'hi' }),
    );
    expect(await outboxRow('local@example.test')).toMatchObject({ status: 'stored' });
  });

  it('sends nothing and queues nothing when the transaction rolls back', async () => {
    const mailer = new OutboxMailer(smtpTransport(`smtp://127.0.0.1:${port}`, 'x@test'), outboxOnlyTransport);
    const jobsBefore = (await database.db.select().from(jobs)).length;
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.enqueue(tx, { channel: 'email', to: 'rollback@example.test', body: 'rolled back' });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(
      await database.db.select().from(outbox).where(eq(outbox.recipient, 'rollback@example.test')),
    ).toHaveLength(0);
    expect(await database.db.select().from(jobs)).toHaveLength(jobsBefore);
  });
});
