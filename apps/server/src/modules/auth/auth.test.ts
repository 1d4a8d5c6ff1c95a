import { AUTH_COOKIE, MESSAGES } from '@linewalker/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, users } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken, type TestUser } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { createTestApp, sessionCookie, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let inspector: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  inspector = await createUser(ctx.database.db, 'inspector');
});
afterAll(() => ctx.close());

const login = (payload: unknown, ip = '10.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: payload as object,
    remoteAddress: ip,
  });

describe('POST /api/v1/users/login', () => {
  it('answers 200 with a token, the session and an HttpOnly SameSite=Strict cookie', async () => {
    const res = await login({ email: inspector.email.toUpperCase(), password: inspector.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.session).toMatchObject({
      userId: inspector.id,
      roleId: 3,
      roleName: 'inspector',
      companyId: 1,
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${AUTH_COOKIE}=${body.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ userId: inspector.id, roleId: 3, roleName: 'inspector' });
    expect(claims).toHaveProperty('companyName');
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('accepts the cookie and the bearer header alike', async () => {
    const res = await login({ email: inspector.email, password: inspector.password });
    const token = res.json().token;
    const viaCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      cookies: { [AUTH_COOKIE]: sessionCookie(res.headers['set-cookie'])! },
    });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.json().email).toBe(inspector.email);
    const viaHeader = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(token),
    });
    expect(viaHeader.json().userId).toBe(inspector.id);
  });

  it('answers 403 with the spec message for a wrong password and for an unknown e-mail alike', async () => {
    const wrong = await login({ email: inspector.email, password: 'not-the-password' }, '10.0.0.2');
    const unknown = await login({ email: 'nobody@example.test', password: 'whatever' }, '10.0.0.2');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        requestId: expect.any(String),
        code: 'invalid_credentials',
        message: MESSAGES.loginFailed,
      });
    }
  });

  it('refuses inactive users and members of an inactive company', async () => {
    const inactive = await createUser(ctx.database.db, 'user', { status: 0 });
    expect((await login(inactive, '10.0.0.3')).statusCode).toBe(403);
  });

  it('rejects a malformed body with 400 and names the field', async () => {
    const res = await login({ email: 'a', password: '12' }, '10.0.0.4');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(['body.email', 'body.password']);
  });

  it('rate-limits failed logins per address across accounts', async () => {
    for (let i = 0; i < 50; i++) {
      await login({ email: `spray-${i}@example.test`, password: 'guess' }, '10.2.0.1');
    }
    const res = await login({ email: inspector.email, password: inspector.password }, '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(
      (await login({ email: inspector.email, password: inspector.password }, '10.2.0.2')).statusCode,
    ).toBe(200);
  });

  it('writes an audit record for the login', async () => {
    const user = await createUser(ctx.database.db, 'project_manager');
    await loginToken(ctx.app, user);
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(rows.map((r) => r.action)).toContain('user.login');
  });
});

describe('logout', () => {
  it('ends the session server-side: the same token is refused afterwards', async () => {
    const token = await loginToken(ctx.app, inspector);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${AUTH_COOKIE}=;`));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
  });

  it("leaves the user's other sessions alive", async () => {
    const a = await loginToken(ctx.app, inspector);
    const b = await loginToken(ctx.app, inspector);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: bearer(a) });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(b) });
    expect(me.statusCode).toBe(200);
  });
});

describe('sessions follow the account', () => {
  it('applies a role change at once and refuses a deactivated user', async () => {
    const user = await createUser(ctx.database.db, 'user');
    const token = await loginToken(ctx.app, user);
    await ctx.database.db.update(users).set({ roleId: 2 }).where(eq(users.id, user.id));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
    expect(me.json().roleName).toBe('project_manager');
    await ctx.database.db.update(users).set({ status: 0 }).where(eq(users.id, user.id));
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('gives a customer session its company name', async () => {
    const companyId = await createCompany(ctx.database.db, 'Prairie Line Co-op');
    const customer = await createUser(ctx.database.db, 'customer', { companyId });
    const token = await loginToken(ctx.app, customer);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ roleName: 'customer', companyId, companyName: 'Prairie Line Co-op' });
  });
});

describe('outbox', () => {
  it('is where mail goes when no SMTP server is configured', async () => {
    const before = await ctx.database.db.select().from(outbox);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/forgot-password',
      payload: { email: inspector.email },
    });
    await runDueJobs(ctx.app.deps); // the reset job writes the mail
    const after = await ctx.database.db.select().from(outbox);
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ channel: 'email', recipient: inspector.email, status: 'stored' });
  });
});

describe('GET /api/v1/session', () => {
  const session = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/session', headers });

  it('answers 200 with null to a caller without a session, and to a bad or ended one', async () => {
    for (const headers of [{}, bearer('not.a.token')]) {
      const res = await session(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ session: null });
    }
    const token = await loginToken(ctx.app, inspector);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: bearer(token) });
    expect((await session(bearer(token))).json()).toEqual({ session: null });
  });

  it("answers the caller's session when logged in", async () => {
    const token = await loginToken(ctx.app, inspector);
    const res = await session(bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().session).toMatchObject({
      userId: inspector.id,
      roleName: 'inspector',
      email: inspector.email,
    });
  });
});
