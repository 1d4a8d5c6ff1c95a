import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drones } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  companyId = await createCompany(ctx.database.db, 'Drone Flying Electric');
});
afterAll(() => ctx.close());

describe('GET /api/v1/drones', () => {
  it('lists registered drones with their driver, company and last status to staff, and nothing to customers', async () => {
    const db = ctx.database.db;
    await db.insert(drones).values({
      name: 'Sim Quad 1',
      serialNumber: `SIM-${process.pid}`,
      companyId,
      driver: 'simulator',
      homeLat: 46.9,
      homeLon: -120.5,
      homeAlt: 400,
    });
    const user = bearer(await loginToken(ctx.app, await createUser(db, 'user')));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/drones', headers: user });
    expect(res.statusCode).toBe(200);
    const drone = res.json().find((d: { name: string }) => d.name === 'Sim Quad 1');
    expect(drone).toMatchObject({
      driver: 'simulator',
      company_id: companyId,
      company_name: 'Drone Flying Electric',
      last_status: null,
    });
    const customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/drones', headers: customer });
    expect(refused.statusCode).toBe(403);
  });
});
