import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDefinitions } from '../../jobs.ts';
import { jobs, outbox } from '../../platform/db/schema/index.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { createUser, type TestUser } from '../../testing/factories.ts';
import { runDueJobs, waitFor } from '../../testing/jobs.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { passwordResetJob } from './passwordReset.job.ts';

/**
 * Forgot-password and resend must not reveal whether an account exists, by their answer or by their
 * time. Timing on a shared, loaded machine cannot be compared reliably, so this checks its cause: a
 * known and an unknown address make the server do exactly the same database work (one job insert and
 * its notification) before answering. The lookup, token and mail happen later in the job.
 */
let ctx: TestContext;
let user: TestUser;
let smtp: SMTPServer;
const received: { to: string[]; data: string }[] = [];
/** Statements drizzle sent, recorded only while `recording` is on. */
let recording: string[] | null = null;
let ipCounter = 0;

beforeAll(async () => {
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
  const port = (smtp.server.address() as AddressInfo).port;
  ctx = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}` },
    { logQuery: (query) => recording?.push(query) },
  );
  user = await createUser(ctx.database.db, 'inspector');
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** The statements one request makes, and its answer. */
async function workOf(url: string, payload: object) {
  recording = [];
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/users/${url}`,
    payload,
    remoteAddress: `10.77.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`,
  });
  const statements = recording;
  recording = null;
  return { status: res.statusCode, body: res.body, statements };
}

describe('password reset requests do the same work for known and unknown accounts', () => {
  it('forgot-password: identical statements and answers over 30 interleaved pairs', async () => {
    const known = await createUser(ctx.database.db, 'user');
    const reference = await workOf('forgot-password', { email: known.email });
    expect(reference.statements.join('\n')).toMatch(/insert into jobs/i);
    expect(reference.statements.join('\n')).not.toMatch(/users/i);
    for (let i = 0; i < 30; i++) {
      // A fresh known account each time, so the per-account limit never kicks in for either side.
      const person = await createUser(ctx.database.db, 'user');
      const pair = [
        await workOf('forgot-password', { email: person.email }),
        await workOf('forgot-password', { email: `ghost-${i}@example.test` }),
      ];
      for (const work of pair) {
        expect(work.status).toBe(200);
        expect(work.body).toBe(reference.body);
        expect(work.statements).toEqual(reference.statements);
      }
    }
  }, 120_000);

  it('resend-reset-password: identical statements and answers for a real and a missing user id', async () => {
    const person = await createUser(ctx.database.db, 'user');
    const real = await workOf('resend-reset-password', { userId: person.id });
    const missing = await workOf('resend-reset-password', { userId: 987_654 });
    expect(real.status).toBe(200);
    expect(missing.body).toBe(real.body);
    expect(missing.statements).toEqual(real.statements);
    expect(real.statements.join('\n')).not.toMatch(/users/i);
  });

  it('resend-reset-password: an id no user can have is refused before anything is queued', async () => {
    const before = await ctx.database.db.select().from(jobs);
    for (const userId of [2147483648, 2 ** 53, 0, -1, 1.5]) {
      const res = await workOf('resend-reset-password', { userId });
      expect(res.status, `${userId}: ${res.body}`).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'validation_failed' });
      expect(res.statements.join('\n')).not.toMatch(/insert into jobs/i);
    }
    expect(await ctx.database.db.select().from(jobs)).toHaveLength(before.length);
    // A job cannot be queued with one either (the payload is checked in the caller).
    await expect(
      enqueue(ctx.database.db, passwordResetJob, { kind: 'resend', userId: 2147483648, requestedFrom: null }),
    ).rejects.toThrow();
  });

  it('resend-reset-password for an unknown id queues a job that succeeds without mail (no failing retries)', async () => {
    const { status } = await workOf('resend-reset-password', { userId: 2147483000 });
    expect(status).toBe(200);
    const [job] = await ctx.database.db.select().from(jobs).orderBy(desc(jobs.id)).limit(1);
    await runDueJobs(ctx.app.deps);
    const [done] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done).toMatchObject({
      name: 'auth.password-reset',
      state: 'succeeded',
      attempts: 1,
      result: { sent: false },
    });
  });

  it('the worker then mails the link to the known address only (SMTP), and it resets the password', async () => {
    const worker = new JobWorker({
      deps: ctx.app.deps,
      definitions: jobDefinitions,
      concurrency: 1,
      pollMs: 100,
    });
    await worker.start();
    try {
      const before = received.length;
      await workOf('forgot-password', { email: 'nobody-here@example.test' });
      await workOf('forgot-password', { email: user.email });
      const mail = await waitFor(
        async () => received.find((r) => r.to.includes(user.email)),
        'the reset mail to reach the SMTP peer',
      );
      // Every reset job (known and unknown) is done; only the known address got mail.
      await waitFor(async () => {
        const open = await ctx.database.db.select().from(jobs).where(eq(jobs.state, 'queued'));
        return open.length === 0 || undefined;
      }, 'the queue to empty');
      expect(received.slice(before).flatMap((r) => r.to)).not.toContain('nobody-here@example.test');
      // The peer has the mail before the job marks its outbox row sent: wait for that, not for the mail.
      const row = await waitFor(async () => {
        const [r] = await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, user.email));
        return r?.status === 'sent' ? r : undefined;
      }, 'the outbox row to be marked sent');
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });

      const body = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = new URL(body.match(/http\S+\/reset-password\?\S+/)![0]);
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/reset-password',
        payload: {
          userId: Number(link.searchParams.get('userId')),
          token: link.searchParams.get('token'),
          password: 'mailed-link-password',
        },
      });
      expect(reset.statusCode).toBe(200);
    } finally {
      await worker.stop();
    }
  }, 60_000);
});
