import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/db/schema/index.ts';
import { createUser, type TestUser } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { parseTrustProxy } from '../trustProxy.ts';

// Whose address the server believes: by default the socket's, so a client cannot choose its address with
// X-Forwarded-For (rate limits and the audit log use it); with TRUST_PROXY, what the named proxies forward.

const login = (
  ctx: TestContext,
  user: { email: string; password: string },
  socket: string,
  forwarded?: string,
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: socket,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  });

async function loginAuditIp(ctx: TestContext, userId: number): Promise<string | null> {
  const [row] = await ctx.database.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, 'user.login')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.ip ?? null;
}

describe('TRUST_PROXY unset (the default)', () => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createUser(ctx.database.db, 'inspector');
  });
  afterAll(() => ctx.close());

  it('ignores a forged X-Forwarded-For: the audit log records the socket address', async () => {
    expect((await login(ctx, user, '192.0.2.10', '203.0.113.99')).statusCode).toBe(200);
    expect(await loginAuditIp(ctx, user.id)).toBe('192.0.2.10');
  });

  it('counts rotating forged addresses as the one socket address they come from', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await login(
        ctx,
        { email: `forged-${i}@example.test`, password: 'guess' },
        '192.0.2.20',
        `198.51.100.${i}`,
      );
      expect(res.statusCode).toBe(403);
    }
    const res = await login(ctx, user, '192.0.2.20', '198.51.100.200');
    expect(res.statusCode).toBe(429);
  });
});

describe('TRUST_PROXY naming the proxy', () => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '10.20.0.0/16' });
    user = await createUser(ctx.database.db, 'inspector');
  });
  afterAll(() => ctx.close());

  it('believes the address the configured proxy forwards', async () => {
    expect((await login(ctx, user, '10.20.0.5', '203.0.113.7')).statusCode).toBe(200);
    expect(await loginAuditIp(ctx, user.id)).toBe('203.0.113.7');
  });

  it('still ignores X-Forwarded-For from anyone else', async () => {
    expect((await login(ctx, user, '192.0.2.30', '203.0.113.8')).statusCode).toBe(200);
    expect(await loginAuditIp(ctx, user.id)).toBe('192.0.2.30');
  });

  it('limits each forwarded client on its own, not the proxy as a whole', async () => {
    for (let i = 0; i < 50; i++) {
      await login(ctx, { email: `spray-${i}@example.test`, password: 'guess' }, '10.20.0.5', '203.0.113.50');
    }
    expect((await login(ctx, user, '10.20.0.5', '203.0.113.50')).statusCode).toBe(429);
    expect((await login(ctx, user, '10.20.0.5', '203.0.113.51')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '1' });
    user = await createUser(ctx.database.db, 'inspector');
  });
  afterAll(() => ctx.close());

  it('takes the address one hop back, whatever a client wrote before it', async () => {
    expect((await login(ctx, user, '10.30.0.1', '198.51.100.1, 203.0.113.9')).statusCode).toBe(200);
    expect(await loginAuditIp(ctx, user.id)).toBe('203.0.113.9');
  });
});

describe('parseTrustProxy', () => {
  it('reads off, a hop count, and a list of addresses and ranges', () => {
    expect(parseTrustProxy(undefined)).toEqual({ value: false });
    expect(parseTrustProxy('false')).toEqual({ value: false });
    expect(parseTrustProxy('2')).toEqual({ value: 2 });
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual({
      value: ['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses true (anyone) and anything that is not an address or range', () => {
    for (const bad of ['true', '10.0.0.1/33', 'proxy.example.com', '10.0.0.1,,10.0.0.2', '::1/129']) {
      expect(parseTrustProxy(bad)).toHaveProperty('problem');
    }
  });
});
