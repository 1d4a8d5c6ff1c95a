import { MESSAGES } from '@linewalker/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, passwordResetTokens } from '../../platform/db/schema/index.ts';
import { bearer, createUser, loginToken, type TestUser } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let user: TestUser;
let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;

beforeAll(async () => {
  ctx = await createTestApp();
  user = await createUser(ctx.database.db, 'inspector');
});
afterAll(() => ctx.close());

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/users/${url}`, payload, remoteAddress: freshIp() });

/** Asks for a reset link and reads it back out of the outbox, as a user would from their mailbox. */
async function requestResetLink(email: string): Promise<{ token: string; userId: number }> {
  const res = await post('forgot-password', { email });
  expect(res.statusCode).toBe(200);
  await runDueJobs(ctx.app.deps); // the reset job writes the mail
  const [mail] = await ctx.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = mail!.body.match(/http\S+\/reset-password\?\S+/)![0];
  const url = new URL(link);
  expect(url.origin).toBe('http://localhost:3000');
  return { token: url.searchParams.get('token')!, userId: Number(url.searchParams.get('userId')) };
}

describe('forgot-password', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const count = async () => (await ctx.database.db.select().from(outbox)).length;
    const before = await count();
    const known = await post('forgot-password', { email: user.email });
    const unknown = await post('forgot-password', { email: 'ghost@example.test' });
    await runDueJobs(ctx.app.deps);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await count()).toBe(before + 1);
  });

  it('stores only a hash of the token', async () => {
    const { token, userId } = await requestResetLink(user.email);
    const rows = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.tokenHash).not.toContain(token);
  });

  it('rejects a malformed e-mail with 400', async () => {
    expect((await post('forgot-password', { email: 'not-an-email' })).statusCode).toBe(400);
  });

  it('rate-limits per address with 429', async () => {
    const ip = '10.8.8.8';
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/forgot-password',
        payload: { email: 'x@example.test' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });

  it('sends at most 5 mails per account per window, still answering 200', async () => {
    const target = await createUser(ctx.database.db, 'user');
    for (let i = 0; i < 7; i++)
      expect((await post('forgot-password', { email: target.email })).statusCode).toBe(200);
    await runDueJobs(ctx.app.deps);
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, target.email));
    expect(mails).toHaveLength(5);
  });
});

describe('reset-password', () => {
  it('sets the new password, ends existing sessions, and the token works once', async () => {
    const person = await createUser(ctx.database.db, 'user');
    const oldToken = await loginToken(ctx.app, person);
    const { token, userId } = await requestResetLink(person.email);
    const res = await post('reset-password', { userId, token, password: 'brand-new-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true });

    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(oldToken) });
    expect(me.statusCode).toBe(401);
    await loginToken(ctx.app, { email: person.email, password: 'brand-new-password' });
    const oldPassword = await post('login', { email: person.email, password: person.password });
    expect(oldPassword.statusCode).toBe(403);

    const again = await post('reset-password', { userId, token, password: 'another-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: 'USED_TOKEN', message: MESSAGES.resetUsed });
  });

  it('answers EXPIRED_TOKEN for an expired token', async () => {
    const { token, userId } = await requestResetLink(user.email);
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, userId));
    const res = await post('reset-password', { userId, token, password: 'some-new-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe('EXPIRED_TOKEN');
  });

  it('answers BAD_TOKEN for an unknown token or another user id', async () => {
    const { token, userId } = await requestResetLink(user.email);
    const unknown = await post('reset-password', {
      userId,
      token: `${token}x`,
      password: 'some-new-password',
    });
    const otherUser = await post('reset-password', {
      userId: userId + 1000,
      token,
      password: 'some-new-password',
    });
    for (const res of [unknown, otherUser]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'BAD_TOKEN', message: MESSAGES.resetUnexpected });
    }
  });

  it('refuses a weak password with 400 and leaves the token usable', async () => {
    const person = await createUser(ctx.database.db, 'user');
    const { token, userId } = await requestResetLink(person.email);
    const weak = await post('reset-password', { userId, token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('validation_failed');
    expect((await post('reset-password', { userId, token, password: 'long-enough-now' })).statusCode).toBe(
      200,
    );
  });

  it('lets exactly one of several parallel uses win', async () => {
    const person = await createUser(ctx.database.db, 'user');
    const { token, userId } = await requestResetLink(person.email);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post('reset-password', { userId, token, password: `parallel-pass-${i}` }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400, 400, 400]);
    for (const r of results.filter((r) => r.statusCode === 400)) expect(r.json().status).toBe('USED_TOKEN');
  });
});

describe('resend-reset-password', () => {
  it('mails a fresh link that works', async () => {
    const person = await createUser(ctx.database.db, 'user');
    const res = await post('resend-reset-password', { userId: person.id });
    expect(res.statusCode).toBe(200);
    await runDueJobs(ctx.app.deps);
    const [mail] = await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, person.email));
    const url = new URL(mail!.body.match(/http\S+\/reset-password\?\S+/)![0]);
    const reset = await post('reset-password', {
      userId: person.id,
      token: url.searchParams.get('token'),
      password: 'resent-link-password',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('answers 200 for an unknown user without sending anything', async () => {
    const before = (await ctx.database.db.select().from(outbox)).length;
    expect((await post('resend-reset-password', { userId: 999999 })).statusCode).toBe(200);
    await runDueJobs(ctx.app.deps);
    expect((await ctx.database.db.select().from(outbox)).length).toBe(before);
  });

  it('reads a user id given as a number or its digits, and refuses anything else with 400', async () => {
    const person = await createUser(ctx.database.db, 'user');
    expect((await post('resend-reset-password', { userId: String(person.id) })).statusCode).toBe(200);
    for (const userId of [[person.id], true, null, '', '1.5', 2147483648, { id: person.id }]) {
      const res = await post('resend-reset-password', { userId });
      expect(res.statusCode, JSON.stringify(userId)).toBe(400);
    }
    const list = await post('resend-reset-password', { userId: [person.id] });
    expect(list.json()).toMatchObject({ issues: [{ path: 'body.userId', message: 'Must be a number' }] });
  });
});
