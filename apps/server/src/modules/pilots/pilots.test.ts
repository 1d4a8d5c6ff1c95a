import {
  PILOT_MESSAGES,
  type PilotDirectory,
  type PilotSaveResponse,
  USER_MESSAGES,
} from '@linewalker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, pilots, users } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let pm: Record<string, string>;
let inspector: Record<string, string>;
let customer: Record<string, string>;
let customerCompanyId: number;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  customerCompanyId = await createCompany(db, 'Pilots Test Utility');
  admin = bearer(await loginToken(ctx.app, await createUser(db, 'super_admin')));
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  customer = bearer(
    await loginToken(ctx.app, await createUser(db, 'customer', { companyId: customerCompanyId })),
  );
});
afterAll(() => ctx.close());

const email = (tag = 'p') => `${tag}-${process.pid}-${++seq}@example.test`;
const form = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Riley',
  last_name: 'Hart',
  email: email(),
  phone: '(303) 555-0177',
  availability: 'available',
  license_expiration: '2027-05-01T12:00:00.000Z',
  home_base: 'Denver, CO',
  aircraft: 'DJI Matrice 350 RTK',
  proficiencies: ['Thermal Imaging'],
  certifications: ['FAA Part 107'],
  skills: ['Night Flight'],
  ...overrides,
});
const save = (payload: unknown, headers = pm) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/pilots', payload: payload as object, headers });
const saved = async (payload: Record<string, unknown>, headers = pm) => {
  const res = await save(payload, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PilotSaveResponse>();
};
const directory = async (headers = pm) => {
  const res = await ctx.app.inject({ url: '/api/v1/pilots', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PilotDirectory>();
};

describe('POST /pilots (the pilot form)', () => {
  it('creates a pilot-only user for a new email, places the home base from the gazetteer and audits it', async () => {
    const body = form({ home_base: 'Wichita, KS' });
    const answer = await saved(body);
    expect(answer).toMatchObject({ ok: true, success: true, created_user: true });
    expect(answer.pilot).toMatchObject({
      first_name: 'Riley',
      last_name: 'Hart',
      email: body.email,
      phone: '(303) 555-0177',
      home_base: 'Wichita, KS',
      availability: 'available',
      license_expiration: '2027-05-01',
      aircraft: 'DJI Matrice 350 RTK',
      proficiencies: ['Thermal Imaging'],
      certifications: ['FAA Part 107'],
      skills: ['Night Flight'],
      role_name: 'user',
    });
    expect(answer.pilot.latitude).toBeCloseTo(37.69, 0);
    expect(answer.pilot.longitude).toBeCloseTo(-97.34, 0);
    // The directory hands out no logins: the new user is inactive, without a password.
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, answer.pilot.user_id));
    expect(user).toMatchObject({ status: 0, passwordHash: null, companyId: 1 });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pilot.create'), eq(auditLog.objectId, String(answer.pilot.id))));
    expect(audit).toHaveLength(1);
  });

  it("saves a known user's pilot record and keeps their name and phone", async () => {
    const staff = await createUser(ctx.database.db, 'inspector');
    const answer = await saved(
      form({
        email: staff.email.toUpperCase(),
        first_name: 'Other',
        phone: '(999) 555-0000',
        home_base: '80202',
      }),
    );
    expect(answer.created_user).toBe(false);
    expect(answer.pilot).toMatchObject({ user_id: staff.id, first_name: 'Test', role_name: 'inspector' });
    expect(answer.pilot.phone).not.toBe('(999) 555-0000');
    expect(answer.pilot.latitude).toBeCloseTo(39.75, 1);
    // Saved again with another availability: the same record.
    const again = await saved(form({ email: staff.email, availability: 'training', home_base: '80202' }));
    expect(again.pilot.id).toBe(answer.pilot.id);
    expect(again.pilot.availability).toBe('training');
  });

  it('takes a home base picked on the map when the gazetteer does not know the name', async () => {
    const unknown = form({ home_base: 'Camp Kettle Ridge' });
    const refused = await save(unknown);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'home_base_not_found',
      message: PILOT_MESSAGES.homeBaseNotFound,
      issues: [{ path: 'home_base', message: PILOT_MESSAGES.homeBaseNotFound }],
    });
    // Nothing was written: no user for that email.
    const [none] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, unknown.email as string));
    expect(none).toBeUndefined();

    const picked = await saved({ ...unknown, latitude: 44.5, longitude: -110.6 });
    expect(picked.pilot).toMatchObject({ home_base: 'Camp Kettle Ridge', latitude: 44.5, longitude: -110.6 });
    // Saving again without a pick keeps the picked place (the home base did not change).
    const kept = await saved({ ...unknown, availability: 'vacation' });
    expect(kept.pilot).toMatchObject({ latitude: 44.5, longitude: -110.6, availability: 'vacation' });
  });

  it('applies every rule of the form with its message', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ first_name: '' }, 'first_name', USER_MESSAGES.firstNameRequired],
      [{ first_name: 'A' }, 'first_name', USER_MESSAGES.nameMin],
      [{ last_name: 'x'.repeat(51) }, 'last_name', USER_MESSAGES.nameMax],
      [{ last_name: '' }, 'last_name', USER_MESSAGES.lastNameRequired],
      [{ email: 'not-an-email' }, 'email', USER_MESSAGES.emailInvalid],
      [{ email: '' }, 'email', USER_MESSAGES.emailRequired],
      [{ phone: '555-01' }, 'phone', USER_MESSAGES.phoneMin],
      [{ phone: '555-0123-abcd' }, 'phone', USER_MESSAGES.phoneInvalid],
      [{ phone: '' }, 'phone', USER_MESSAGES.phoneRequired],
      [{ license_expiration: '' }, 'license_expiration', USER_MESSAGES.licenseRequired],
      [{ home_base: '' }, 'home_base', USER_MESSAGES.homeBaseRequired],
      [{ home_base: 'D' }, 'home_base', USER_MESSAGES.nameMin],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await save(form(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().issues, JSON.stringify(overrides)).toContainEqual({ path: `body.${path}`, message });
    }
  });

  it('refuses a customer as a pilot', async () => {
    const customerUser = await createUser(ctx.database.db, 'customer', { companyId: customerCompanyId });
    const res = await save(form({ email: customerUser.email }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PILOT_MESSAGES.customerNotPilot);
    const rows = await ctx.database.db.select().from(pilots).where(eq(pilots.userId, customerUser.id));
    expect(rows).toHaveLength(0);
  });

  it('lets super admins and project managers save; other staff and customers 403', async () => {
    await saved(form(), admin);
    expect((await save(form(), inspector)).statusCode).toBe(403);
    expect((await save(form(), customer)).statusCode).toBe(403);
    expect((await save(form(), {})).statusCode).toBe(401);
  });

  it('two saves of one new email at once both succeed with one user and one pilot', async () => {
    const body = form();
    const [a, b] = await Promise.all([save(body), save({ ...body, availability: 'training' })]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    const ids = [a.json<PilotSaveResponse>().pilot.id, b.json<PilotSaveResponse>().pilot.id];
    expect(ids[0]).toBe(ids[1]);
    const rows = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, body.email as string));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /pilots (the directory)', () => {
  it('lists current pilots with stats by availability', async () => {
    for (const availability of ['on_assignment', 'vacation', 'training', 'separated']) {
      await saved(form({ availability, home_base: 'Boise, ID' }));
    }
    const { items, stats } = await directory();
    expect(items.length).toBeGreaterThanOrEqual(4);
    const count = (a: string) => items.filter((p) => p.availability === a).length;
    expect(stats).toEqual({
      active: items.length - count('separated'),
      on_assignment: count('on_assignment'),
      available: count('available'),
      training: count('training'),
      on_vacation: count('vacation'),
    });
    expect(stats.on_vacation).toBeGreaterThanOrEqual(1);
    expect(items.every((p) => p.latitude !== null)).toBe(true);
  });

  it('leaves out pilots whose record was deleted', async () => {
    const answer = await saved(form());
    await ctx.database.db
      .update(pilots)
      .set({ pilotDeletedDate: new Date() })
      .where(eq(pilots.id, answer.pilot.id));
    const { items } = await directory();
    expect(items.find((p) => p.id === answer.pilot.id)).toBeUndefined();
  });

  it('is for super admins and project managers only', async () => {
    await directory(admin);
    for (const [headers, status] of [
      [inspector, 403],
      [customer, 403],
      [{}, 401],
    ] as const) {
      expect((await ctx.app.inject({ url: '/api/v1/pilots', headers })).statusCode).toBe(status);
    }
  });
});
