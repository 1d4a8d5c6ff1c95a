import { CUSTOMER_MESSAGES } from '@linewalker/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, projects, users } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let manager: Record<string, string>;
let inspector: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  admin = bearer(await loginToken(ctx.app, await createUser(db, 'super_admin')));
  manager = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
});
afterAll(() => ctx.close());

let sequence = 0;
const uniqueName = (prefix = 'Utility') => `${prefix} ${++sequence} ${process.pid}`;

const post = (payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/customers/', payload: payload as object, headers });
const put = (payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/customers/', payload: payload as object, headers });

async function companyRow(id: number) {
  const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, id));
  return row!;
}

const issuesOf = (res: { json: () => unknown }) =>
  (res.json() as { issues?: { path: string; message: string }[] }).issues ?? [];

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

    const res = await ctx.app.inject({ url: '/api/v1/customers', headers: manager });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; company_name: string }>;
    expect(list.some((c) => c.id === 1 || c.id === deleted)).toBe(false);
    const names = list.map((c) => c.company_name);
    expect(names.indexOf('alpha Electric')).toBeLessThan(names.indexOf('Zeta Power'));
    expect(list.find((c) => c.id === zeta)).toEqual({
      id: zeta,
      company_name: 'Zeta Power',
      poc_first_name: null,
      poc_last_name: null,
      poc_email: 'poc@zeta.test',
      poc_phone: null,
      inspection_fields: ['Pole', 'Crossarm'],
      deleted_date: null,
    });
    expect(list.some((c) => c.id === alpha)).toBe(true);
  });

  it('with include_inactive lists inactive customers too, with their users’ latest login', async () => {
    const db = ctx.database.db;
    const gone = await createCompany(db, uniqueName('Inactive'));
    const when = new Date('2026-03-04T05:06:07.000Z');
    await db.update(companies).set({ deletedDate: when }).where(eq(companies.id, gone));
    const user = await createUser(db, 'customer', { companyId: gone });
    const lastLogin = new Date('2026-02-01T10:00:00.000Z');
    await db.update(users).set({ lastLogin }).where(eq(users.id, user.id));

    for (const headers of [admin, manager]) {
      const res = await ctx.app.inject({ url: '/api/v1/customers?include_inactive=true', headers });
      expect(res.statusCode).toBe(200);
      const row = (res.json() as Array<{ id: number }>).find((c) => c.id === gone);
      expect(row).toMatchObject({ deleted_date: when.toISOString(), last_login: lastLogin.toISOString() });
    }
  });

  it('include_inactive is for super admins and project managers; customers reach nothing', async () => {
    const db = ctx.database.db;
    const res = await ctx.app.inject({ url: '/api/v1/customers?include_inactive=true', headers: inspector });
    expect(res.statusCode).toBe(403);
    const companyId = await createCompany(db);
    const customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
    expect((await ctx.app.inject({ url: '/api/v1/customers', headers: customer })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/v1/customers' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/customers/nameInUse/{name}', () => {
  it('answers true for a taken name in any case and with spaces, false otherwise', async () => {
    const name = uniqueName('Taken Name');
    const id = await createCompany(ctx.database.db, name);
    const ask = async (n: string, query = '') =>
      (
        await ctx.app.inject({
          url: `/api/v1/customers/nameInUse/${encodeURIComponent(n)}${query}`,
          headers: manager,
        })
      ).json();
    expect(await ask(name)).toBe(true);
    expect(await ask(`  ${name.toUpperCase()} `)).toBe(true);
    expect(await ask(`${name} Co`)).toBe(false);
    // Editing: the company's own name does not count.
    expect(await ask(name.toLowerCase(), `?id=${id}`)).toBe(false);
    expect(
      (await ctx.app.inject({ url: '/api/v1/customers/nameInUse/x', headers: inspector })).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/v1/customers/', () => {
  it('creates a customer with every field, trims them, keeps chips unique, audits it', async () => {
    const name = uniqueName('Prairie Grid');
    const res = await post({
      id: null,
      company_name: `  ${name}  `,
      poc_first_name: ' Ada ',
      poc_last_name: 'Lovelace',
      poc_email: 'ada@prairie.test',
      poc_phone: '555-123-4567',
      status: 1,
      deleted_date: null,
      inspection_fields: ['Pole', ' Crossarm ', 'pole', ''],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { ok: boolean; success: boolean; id: number };
    expect(body).toMatchObject({ ok: true, success: true });
    const row = await companyRow(body.id);
    expect(row).toMatchObject({
      companyName: name,
      pocFirstName: 'Ada',
      pocLastName: 'Lovelace',
      pocEmail: 'ada@prairie.test',
      pocPhone: '555-123-4567',
      inspectionFields: ['Pole', 'Crossarm'],
      deletedDate: null,
    });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.create'), eq(auditLog.objectId, String(body.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ company_name: name, inspection_fields: ['Pole', 'Crossarm'] });
  });

  it('leaves POC fields optional and creates an inactive customer when asked', async () => {
    const res = await post({ company_name: uniqueName('Bare'), status: 0 });
    expect(res.statusCode).toBe(200);
    const row = await companyRow(res.json<{ id: number }>().id);
    expect(row.pocFirstName).toBeNull();
    expect(row.deletedDate).not.toBeNull();
  });

  it('says each company name rule word for word and writes nothing', async () => {
    const before = await ctx.database.db.select({ id: companies.id }).from(companies);
    const cases: [unknown, string][] = [
      [undefined, CUSTOMER_MESSAGES.nameRequired],
      ['   ', CUSTOMER_MESSAGES.nameRequired],
      ['A', CUSTOMER_MESSAGES.nameMin],
      ['x'.repeat(51), CUSTOMER_MESSAGES.nameMax],
    ];
    for (const [company_name, message] of cases) {
      const res = await post({ company_name, status: 1 });
      expect(res.statusCode).toBe(400);
      expect(issuesOf(res)).toContainEqual({ path: 'body.company_name', message });
    }
    expect(CUSTOMER_MESSAGES).toMatchObject({
      nameRequired: 'Company name is required',
      nameMin: 'Minimum character is 2',
      nameTaken: 'This company name is already registered.',
      saveFailed: 'An issue occured trying to save the customer',
    });
    expect((await post({ company_name: 'x'.repeat(50), status: 1 })).statusCode).toBe(200);
    const tooMany = await post({
      company_name: uniqueName('Chips'),
      inspection_fields: Array.from({ length: 51 }, (_, i) => `F${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(issuesOf(tooMany)[0]?.message).toBe(CUSTOMER_MESSAGES.fieldsMax);
    const longPoc = await post({ company_name: uniqueName('Poc'), poc_first_name: 'y'.repeat(51) });
    expect(issuesOf(longPoc)).toContainEqual({
      path: 'body.poc_first_name',
      message: CUSTOMER_MESSAGES.pocNameMax,
    });
    const nul = await post({ company_name: 'Bad\u0000Name' });
    expect(nul.statusCode).toBe(400);
    const after = await ctx.database.db.select({ id: companies.id }).from(companies);
    expect(after.length).toBe(before.length + 1);
  });

  it("refuses a name already registered in any case: 409 'This company name is already registered.'", async () => {
    const name = uniqueName('Dup');
    await createCompany(ctx.database.db, name);
    const res = await post({ company_name: ` ${name.toLowerCase()} ` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'customer_name_taken', message: CUSTOMER_MESSAGES.nameTaken });
  });

  it('two creates with the same name at once: one 200, one 409, never 500', async () => {
    for (let round = 0; round < 3; round++) {
      const name = uniqueName('Race');
      const answers = await Promise.all([
        post({ company_name: name }),
        post({ company_name: name.toUpperCase() }),
        post({ company_name: ` ${name} ` }),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409]);
      const rows = await ctx.database.db
        .select({ id: companies.id })
        .from(companies)
        .where(sql`lower(${companies.companyName}) = lower(${name})`);
      expect(rows).toHaveLength(1);
    }
  });

  it('is refused to project managers, other staff and customers, and writes nothing', async () => {
    const db = ctx.database.db;
    const companyId = await createCompany(db);
    const customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
    const name = uniqueName('Refused');
    for (const headers of [manager, inspector, customer]) {
      expect((await post({ company_name: name }, headers)).statusCode).toBe(403);
    }
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/customers/', payload: { company_name: name } }))
        .statusCode,
    ).toBe(401);
    expect(await db.select().from(companies).where(eq(companies.companyName, name))).toHaveLength(0);
  });
});

describe('PUT /api/v1/customers/', () => {
  it('saves every field and audits the change', async () => {
    const id = await createCompany(ctx.database.db, uniqueName('Editable'));
    const name = uniqueName('Edited');
    const res = await put({
      id,
      company_name: name,
      poc_first_name: 'Grace',
      poc_last_name: 'Hopper',
      poc_email: 'grace@edited.test',
      poc_phone: '(555) 987-6543',
      status: 1,
      deleted_date: null,
      inspection_fields: ['Insulator'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true, id });
    expect(await companyRow(id)).toMatchObject({
      companyName: name,
      pocFirstName: 'Grace',
      inspectionFields: ['Insulator'],
      deletedDate: null,
    });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.update'), eq(auditLog.objectId, String(id))));
    expect(audit).toHaveLength(1);
  });

  it('may change the case of its own name; another company’s name is 409', async () => {
    const name = uniqueName('Own Case');
    const id = await createCompany(ctx.database.db, name);
    expect((await put({ id, company_name: name.toUpperCase() })).statusCode).toBe(200);
    const other = uniqueName('Other Name');
    await createCompany(ctx.database.db, other);
    const res = await put({ id, company_name: other.toLowerCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: CUSTOMER_MESSAGES.nameTaken });
  });

  it('answers 404 for the operating company and for a missing id', async () => {
    expect((await put({ id: 1, company_name: 'Operating Co' })).statusCode).toBe(404);
    expect((await put({ id: 2_000_000_000, company_name: uniqueName('Nobody') })).statusCode).toBe(404);
  });

  it('two renames to the same name at once: one 200, one 409', async () => {
    const a = await createCompany(ctx.database.db, uniqueName('Rename A'));
    const b = await createCompany(ctx.database.db, uniqueName('Rename B'));
    const name = uniqueName('Rename Target');
    const answers = await Promise.all([
      put({ id: a, company_name: name }),
      put({ id: b, company_name: name }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('deactivating blocks its users’ logins, ends their sessions at once, hides it from new projects, keeps its projects', async () => {
    const db = ctx.database.db;
    const name = uniqueName('Deactivated');
    const companyId = await createCompany(db, name);
    const user = await createUser(db, 'customer', { companyId });
    const session = bearer(await loginToken(ctx.app, user));
    const [project] = await db
      .insert(projects)
      .values({
        companyId,
        projectName: uniqueName('Kept Project'),
        startDate: '2026-01-05',
        ptypeId: 1,
        ptierId: 2,
      })
      .returning({ id: projects.id });
    expect((await ctx.app.inject({ url: '/api/v1/users/me', headers: session })).statusCode).toBe(200);

    const res = await put({ id: companyId, company_name: name, status: 0, deleted_date: null });
    expect(res.statusCode).toBe(200);
    const row = await companyRow(companyId);
    expect(row.deletedDate).not.toBeNull();

    // The open session ends at once.
    expect((await ctx.app.inject({ url: '/api/v1/users/me', headers: session })).statusCode).toBe(401);
    // Login answers as for a deactivated user.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: user.email, password: user.password },
    });
    const inactiveUser = await createUser(db, 'user', { status: 0 });
    const inactiveLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: inactiveUser.email, password: inactiveUser.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe(inactiveLogin.json().code);
    expect(login.json().message).toBe(inactiveLogin.json().message);
    // Gone from the project form's choices, refused for a new project.
    const choices = (await ctx.app.inject({ url: '/api/v1/customers', headers: manager })).json() as {
      id: number;
    }[];
    expect(choices.some((c) => c.id === companyId)).toBe(false);
    // Its data stays: its project is still readable by staff.
    const kept = await ctx.app.inject({ url: `/api/v1/projects/${project!.id}`, headers: manager });
    expect(kept.statusCode).toBe(200);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.update'), eq(auditLog.objectId, String(companyId))));
    expect(audit[0]!.details).toMatchObject({ status_change: 'deactivated', sessions_ended: 1 });

    // Saving it inactive again keeps the first deactivation time; reactivating clears it and logins work again.
    expect((await put({ id: companyId, company_name: name, status: 0 })).statusCode).toBe(200);
    expect((await companyRow(companyId)).deletedDate).toEqual(row.deletedDate);
    expect((await put({ id: companyId, company_name: name, status: 1 })).statusCode).toBe(200);
    expect((await companyRow(companyId)).deletedDate).toBeNull();
    expect((await ctx.app.inject({ url: '/api/v1/users/me', headers: session })).statusCode).toBe(401);
    await loginToken(ctx.app, user);
  });

  it('is refused to project managers and other staff', async () => {
    const id = await createCompany(ctx.database.db, uniqueName('Guarded'));
    expect((await put({ id, company_name: uniqueName('X') }, manager)).statusCode).toBe(403);
    expect((await put({ id, company_name: uniqueName('X') }, inspector)).statusCode).toBe(403);
  });
});
