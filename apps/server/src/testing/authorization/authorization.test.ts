import type { RoleName } from '@linewalker/domain';
import { count, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken, type TestUser } from '../factories.ts';
import { createTestApp, type TestContext } from '../testApp.ts';
import { buildFixture, missingObjects } from './fixture.ts';
import { CALLERS, type Caller, expectedFor, type MatrixFixture, TARGETS, type Target } from './matrix.ts';
import { AUTHORIZATION_MATRIX } from './rows/index.ts';

let ctx: TestContext;
let fixtures: Record<Target, MatrixFixture>;
const users = new Map<Caller, TestUser>();

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const ownCompanyId = await createCompany(db, 'Matrix Own Utility');
  const otherCompanyId = await createCompany(db, 'Matrix Other Utility');
  for (const role of ['super_admin', 'project_manager', 'inspector', 'user'] as RoleName[]) {
    users.set(role as Caller, await createUser(db, role));
  }
  users.set('customer_own', await createUser(db, 'customer', { companyId: ownCompanyId }));
  users.set('customer_other', await createUser(db, 'customer', { companyId: otherCompanyId }));

  const own = await buildFixture(ctx, ownCompanyId, 'own');
  fixtures = { own, other: await buildFixture(ctx, otherCompanyId, 'other'), none: missingObjects(own) };
});
afterAll(() => ctx.close());

const sessions = new Map<Caller, string>();

/**
 * One request as `caller`, on the caller's session. A route may end that session (logout): a 401 to a
 * signed-in caller is asked again on a fresh session, so every answer is what a valid session gets.
 */
async function callAs(
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  req: ReturnType<(typeof AUTHORIZATION_MATRIX)[string]['request']>,
) {
  const user = users.get(caller);
  const send = (token: string | undefined) =>
    ctx.app.inject({ method, ...req, headers: { ...req.headers, ...(token ? bearer(token) : {}) } });
  if (!user) return send(undefined);
  let token = sessions.get(caller) ?? (await loginToken(ctx.app, user));
  sessions.set(caller, token);
  const res = await send(token);
  if (res.statusCode !== 401) return res;
  token = await loginToken(ctx.app, user);
  sessions.set(caller, token);
  return send(token);
}

/** Audit records other than the login that opened the caller's session. */
async function auditCount(): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(ne(auditLog.action, 'user.login'));
  return row?.n ?? 0;
}

describe('authorization matrix', () => {
  it('lists every registered API route, and only those', () => {
    const registered = ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(Object.keys(AUTHORIZATION_MATRIX).sort()).toEqual(registered);
  });

  const cases = Object.entries(AUTHORIZATION_MATRIX).flatMap(([route, row]) =>
    TARGETS.filter((target) => target === 'own' || row.object).map((target) => ({ route, row, target })),
  );
  it('reaches objects of another company and missing objects on every route that takes one', () => {
    expect(cases.filter((c) => c.target !== 'own').length).toBeGreaterThanOrEqual(30);
  });

  for (const { route, row, target } of cases) {
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
    it(`${route} [${target} objects] answers each caller as the table says`, async () => {
      const actual: Record<string, number> = {};
      for (const caller of CALLERS) {
        const changes = method !== 'GET';
        const auditBefore = changes ? await auditCount() : 0;
        const res = await callAs(caller, method, row.request(fixtures[target]));
        actual[caller] = res.statusCode;
        if (changes && res.statusCode < 300 && !row.noAuditBecause) {
          expect(
            await auditCount(),
            `${route} as ${caller} changed state without an audit record`,
          ).toBeGreaterThan(auditBefore);
        }
      }
      expect(actual).toEqual(expectedFor(row, target));
    });
  }
});
