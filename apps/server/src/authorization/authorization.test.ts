import type { RoleName } from '@linewalker/domain';
import { count, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken, type TestUser } from '../testing/factories.ts';
import { createTestApp, type TestContext } from '../testing/testApp.ts';
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
        const user = users.get(caller);
        // A fresh session per call, so a route that ends sessions (logout) does not affect the next.
        const headers = user ? bearer(await loginToken(ctx.app, user)) : {};
        const req = row.request(fixtures[target]);
        const auditBefore = await auditCount();
        const res = await ctx.app.inject({ method, ...req, headers: { ...req.headers, ...headers } });
        actual[caller] = res.statusCode;
        if (method !== 'GET' && res.statusCode < 300 && !row.noAuditBecause) {
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
