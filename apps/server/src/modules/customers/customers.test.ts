import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/v1/customers', () => {
  it('lists active customer companies by name, without the operating company or deleted ones', async () => {
    const db = ctx.database.db;
    const zeta = await createCompany(db, 'Zeta Power');
    const alpha = await createCompany(db, 'alpha Electric');
    const deleted = await createCompany(db, 'Beta Gone');
    await db.update(companies).set({ deletedDate: new Date() }).where(eq(companies.id, deleted));
    await db
      .update(companies)
      .set({ pocEmail: 'poc@zeta.test', inspectionFields: ['Pole', 'Crossarm'] })
      .where(eq(companies.id, zeta));

    const pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
    const res = await ctx.app.inject({ url: '/api/v1/customers', headers: pm });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; company_name: string }>;
    expect(list.map((c) => c.company_name)).toEqual(['alpha Electric', 'Zeta Power']);
    expect(list[1]).toEqual({
      id: zeta,
      company_name: 'Zeta Power',
      poc_first_name: null,
      poc_last_name: null,
      poc_email: 'poc@zeta.test',
      poc_phone: null,
      inspection_fields: ['Pole', 'Crossarm'],
      deleted_date: null,
    });
    expect(list.some((c) => c.id === 1 || c.id === deleted)).toBe(false);
    expect(list[0]!.id).toBe(alpha);
  });

  it('is refused to customers and anonymous callers', async () => {
    const db = ctx.database.db;
    const companyId = await createCompany(db);
    const customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
    expect((await ctx.app.inject({ url: '/api/v1/customers', headers: customer })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/v1/customers' })).statusCode).toBe(401);
  });
});
