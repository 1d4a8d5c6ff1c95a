import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginToken } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let token: string;
let claims: Record<string, unknown>;

beforeAll(async () => {
  ctx = await createTestApp();
  const user = await createUser(ctx.database.db, 'project_manager');
  token = await loginToken(ctx.app, user);
  claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
});
afterAll(() => ctx.close());

const me = (t: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(t) });
const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const secret = () => new TextEncoder().encode(ctx.config.jwtSecret);

describe('JWT tampering is refused', () => {
  it('accepts the genuine token', async () => {
    expect((await me(token)).statusCode).toBe(200);
  });

  it('refuses alg: none', async () => {
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses a payload changed under the original signature (role escalation)', async () => {
    const [h, , s] = token.split('.');
    const forged = `${h}.${b64({ ...claims, roleId: 1, roleName: 'super_admin' })}.${s}`;
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret());
    expect((await me(expired)).statusCode).toBe(401);
  });

  it('refuses a correctly signed token whose session does not exist', async () => {
    const orphan = await new SignJWT({ ...claims, sid: '00000000-0000-4000-8000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret());
    expect((await me(orphan)).statusCode).toBe(401);
  });

  it('refuses garbage', async () => {
    expect((await me('not.a.jwt')).statusCode).toBe(401);
    expect((await me('')).statusCode).toBe(401);
  });
});
