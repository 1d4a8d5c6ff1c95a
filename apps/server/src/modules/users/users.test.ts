import { AUTH_COOKIE, USER_MESSAGES as M, type UserItem, type UserListPage } from '@linewalker/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, pilotAttributes, sessions, users } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken, type TestUser } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let adminUser: TestUser;
let pm: Record<string, string>;
let customerCompanyId: number;
let seq = 0;
let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  customerCompanyId = await createCompany(db, 'Users Test Utility');
  adminUser = await createUser(db, 'super_admin');
  admin = bearer(await loginToken(ctx.app, adminUser));
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
});
afterAll(() => ctx.close());

const email = (tag = 'u') => `${tag}-${process.pid}-${++seq}@example.test`;
const staffPayload = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Avery',
  last_name: 'Stone',
  email: email(),
  phone: '(303) 555-0123',
  start_date: '2026-04-01T12:00:00.000Z',
  role_id: 3,
  company_id: 1,
  status: 1,
  pilot: null,
  delete_pilot: false,
  ...overrides,
});
const pilotPayload = (overrides: Record<string, unknown> = {}) => ({
  availability: 'available',
  license_expiration: '2027-06-30T12:00:00.000Z',
  home_base: 'Denver, CO',
  aircraft: 'DJI Matrice 350',
  proficiencies: ['Night flight'],
  certifications: ['FAA Part 107'],
  skills: ['Thermal imaging'],
  ...overrides,
});

const create = (payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/users/', payload: payload as object, headers });
const save = (payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/users', payload: payload as object, headers });
const list = async (query: string, headers = admin) => {
  const res = await ctx.app.inject({ url: `/api/v1/users?${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<UserListPage>();
};
const created = async (payload: Record<string, unknown>): Promise<UserItem> => {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ ok: boolean; success: boolean; id: number; user: UserItem }>();
  expect(body).toMatchObject({ ok: true, success: true });
  return body.user;
};
/** The body of a user as the modal sends it back when saving. */
const asPayload = (u: UserItem, overrides: Record<string, unknown> = {}) => ({
  id: u.id,
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  phone: u.phone,
  start_date: `${u.start_date}T12:00:00.000Z`,
  role_id: u.role_id,
  company_id: u.company_id,
  status: u.status,
  pilot: null,
  delete_pilot: false,
  ...overrides,
});

function issuesOf(res: { statusCode: number; json(): unknown; body: string }): Record<string, string[]> {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; issues: Array<{ path: string; message: string }> };
  expect(body.code).toBe('validation_failed');
  const out: Record<string, string[]> = {};
  for (const i of body.issues) {
    const field = i.path.replace(/^body\./, '');
    out[field] = [...(out[field] ?? []), i.message];
  }
  return out;
}

async function invitationLink(to: string): Promise<URL> {
  const [mail] = await ctx.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  return new URL(mail!.body.match(/http\S+\/set-password\?\S+/)![0]);
}

const audits = (objectId: number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'user'), eq(auditLog.objectId, String(objectId))))
    .orderBy(auditLog.id);

describe('POST /api/v1/users/ (create)', () => {
  it('creates a staff user with the start date as that UTC day, audits it and sends a set-password invitation', async () => {
    const payload = staffPayload({ first_name: '  Robin ', email: email('invite') });
    const user = await created(payload);
    expect(user).toMatchObject({
      first_name: 'Robin',
      start_date: '2026-04-01',
      role_id: 3,
      role_name: 'inspector',
      role_display_name: 'Inspector',
      display_name: 'Inspector',
      company_id: 1,
      status: 1,
      last_login: null,
      pilot_id: null,
      pilot: null,
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
    expect((await audits(user.id)).map((a) => a.action)).toEqual(['user.create']);

    // The invitation carries a single-use set-password link, never a password.
    const [mail] = await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, payload.email));
    expect(mail!.subject).toBe('Your Linewalker account');
    expect(mail!.body).not.toMatch(/password is|temporary password/i);
    const link = await invitationLink(payload.email);
    expect(link.pathname).toBe('/set-password');
    expect(Number(link.searchParams.get('userId'))).toBe(user.id);

    // Following it sets the password, and the new user logs in.
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password',
      payload: { userId: user.id, token: link.searchParams.get('token'), password: 'chosen-Passw0rd' },
      remoteAddress: freshIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await loginToken(ctx.app, { email: payload.email, password: 'chosen-Passw0rd' });
    const [listed] = (await list(`search=${encodeURIComponent(payload.email)}`)).items;
    expect(listed!.last_login).not.toBeNull();
  });

  it('accepts a plain YYYY-MM-DD start date too, and sends no invitation to an inactive user', async () => {
    const payload = staffPayload({ start_date: '2026-05-09', status: 0 });
    const user = await created(payload);
    expect(user.start_date).toBe('2026-05-09');
    expect(await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, payload.email))).toEqual(
      [],
    );
  });

  it('answers every field rule with the spec message and writes nothing', async () => {
    const before = (await list('limit=1')).total;
    expect(
      issuesOf(
        await create({
          ...staffPayload(),
          first_name: '',
          last_name: '',
          email: '',
          phone: '',
          start_date: '',
          role_id: 0,
          company_id: -1,
        }),
      ),
    ).toEqual({
      first_name: [M.firstNameRequired],
      last_name: [M.lastNameRequired],
      email: [M.emailRequired],
      phone: [M.phoneRequired],
      start_date: [M.startDateRequired],
      role_id: [M.roleSelect],
      company_id: [M.companySelect],
    });
    expect(
      issuesOf(
        await create({
          ...staffPayload(),
          first_name: 'A',
          last_name: 'B'.repeat(51),
          email: 'not-an-email',
          phone: '303555',
          role_id: undefined,
          company_id: undefined,
        }),
      ),
    ).toEqual({
      first_name: [M.nameMin],
      last_name: [M.nameMax],
      email: [M.emailInvalid],
      phone: [M.phoneMin],
      role_id: [M.roleRequired],
      company_id: [M.companyRequired],
    });
    expect(issuesOf(await create(staffPayload({ phone: '303-555-01x3' })))).toEqual({
      phone: [M.phoneInvalid],
    });
    expect(issuesOf(await create(staffPayload({ start_date: '04/01/2026' })))).toEqual({
      start_date: [M.dateFormat],
    });
    expect((await list('limit=1')).total).toBe(before);
  });

  it('accepts the phone forms of the spec pattern', async () => {
    for (const phone of ['+303 555 0123', '303.555.012345', '(303)555-0123', '3035550123']) {
      const res = await create(staffPayload({ phone }));
      expect(res.statusCode, `${phone}: ${res.body}`).toBe(200);
    }
  });

  it('gives company 1 only staff roles and customer companies only the customer role', async () => {
    expect(issuesOf(await create(staffPayload({ role_id: 5 })))).toEqual({ role_id: [M.staffRoleOnly] });
    expect(issuesOf(await create(staffPayload({ company_id: customerCompanyId, role_id: 2 })))).toEqual({
      role_id: [M.customerRoleOnly],
    });
    expect(issuesOf(await create(staffPayload({ company_id: 999_999, role_id: 5 })))).toEqual({
      company_id: [M.unknownCompany],
    });
    expect(issuesOf(await create(staffPayload({ role_id: 99 })))).toEqual({ role_id: [M.unknownRole] });
    const customer = await created(staffPayload({ company_id: customerCompanyId, role_id: 5 }));
    expect(customer).toMatchObject({ role_name: 'customer', company_name: 'Users Test Utility' });
  });

  it('refuses a customer as a pilot', async () => {
    expect(
      issuesOf(
        await create(staffPayload({ company_id: customerCompanyId, role_id: 5, pilot: pilotPayload() })),
      ),
    ).toEqual({ pilot: [M.customerNotPilot] });
  });

  it('refuses an email already registered, whatever its case (409)', async () => {
    const first = staffPayload();
    await created(first);
    const res = await create(staffPayload({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken', message: M.emailTaken });
  });

  it('lets exactly one of two simultaneous creates with the same email win; the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const address = email('race');
      const answers = await Promise.all([
        create(staffPayload({ email: address })),
        create(staffPayload({ email: address.toUpperCase(), first_name: 'Other' })),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'email_taken' });
      const rows = await ctx.database.db.select().from(users).where(eq(users.email, address));
      const upper = await ctx.database.db.select().from(users).where(eq(users.email, address.toUpperCase()));
      expect(rows.length + upper.length).toBe(1);
    }
  });

  it('creates a pilot with its details; new attribute names are added, known ones matched in any case', async () => {
    const user = await created(
      staffPayload({
        role_id: 4,
        pilot: pilotPayload({
          proficiencies: ['Night flight', 'night FLIGHT'],
          certifications: ['FAA Part 107'],
          skills: ['Thermal imaging', 'Corona detection'],
        }),
      }),
    );
    expect(user.pilot_id).toBe(user.pilot!.id);
    expect(user.pilot).toMatchObject({
      availability: 'available',
      license_expiration: '2027-06-30',
      home_base: 'Denver, CO',
      aircraft: 'DJI Matrice 350',
      proficiencies: ['Night flight'],
      certifications: ['FAA Part 107'],
      skills: ['Corona detection', 'Thermal imaging'],
      pilot_deleted_date: null,
    });
    expect(user.pilot!.attributes).toHaveLength(4);
    const again = await created(
      staffPayload({
        pilot: pilotPayload({ proficiencies: ['NIGHT FLIGHT'], certifications: [], skills: [] }),
      }),
    );
    expect(again.pilot!.attributes).toHaveLength(1);
    expect(again.pilot!.attributes[0]).toBe(
      user.pilot!.attributes.find((id) => id === again.pilot!.attributes[0]),
    );
    const names = await ctx.database.db
      .select()
      .from(pilotAttributes)
      .where(eq(pilotAttributes.typeName, 'prof'));
    expect(names.filter((n) => n.attName.toLowerCase() === 'night flight')).toHaveLength(1);
  });

  it('answers the pilot rules with the spec messages', async () => {
    expect(
      issuesOf(
        await create(staffPayload({ pilot: pilotPayload({ license_expiration: '', home_base: '' }) })),
      ),
    ).toEqual({ 'pilot.license_expiration': [M.licenseRequired], 'pilot.home_base': [M.homeBaseRequired] });
    expect(issuesOf(await create(staffPayload({ pilot: pilotPayload({ home_base: 'D' }) })))).toEqual({
      'pilot.home_base': [M.nameMin],
    });
    expect(
      issuesOf(await create(staffPayload({ pilot: pilotPayload({ home_base: 'D'.repeat(51) }) }))),
    ).toEqual({
      'pilot.home_base': [M.nameMax],
    });
    expect(issuesOf(await create(staffPayload({ pilot: pilotPayload({ attributes: [999_999] }) })))).toEqual({
      'pilot.attributes': ['Unknown attribute ids: 999999'],
    });
  });

  it('is for super admins only', async () => {
    expect((await create(staffPayload(), pm)).statusCode).toBe(403);
  });
});

describe('PUT /api/v1/users (save)', () => {
  it('saves the changed fields and audits what changed', async () => {
    const user = await created(staffPayload());
    const res = await save(asPayload(user, { last_name: 'Rivers', role_id: 2, start_date: '2026-07-01' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: UserItem }>().user).toMatchObject({
      last_name: 'Rivers',
      role_name: 'project_manager',
      start_date: '2026-07-01',
    });
    const [audit] = (await audits(user.id)).slice(-1);
    expect(audit).toMatchObject({ action: 'user.update' });
    expect((audit!.details as { changed: string[] }).changed.sort()).toEqual([
      'lastName',
      'roleId',
      'startDate',
    ]);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await save({ ...staffPayload(), id: 1_999_999_999 });
    expect(res.statusCode).toBe(404);
  });

  it('keeps its own email in any case, and refuses another user’s (409)', async () => {
    const a = await created(staffPayload());
    const b = await created(staffPayload());
    expect((await save(asPayload(a, { email: a.email.toUpperCase() }))).statusCode).toBe(200);
    const res = await save(asPayload(a, { email: b.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken', message: M.emailTaken });
  });

  it('lets exactly one of a save and a create that take the same new email at once win', async () => {
    const a = await created(staffPayload());
    const address = email('race-save');
    const answers = await Promise.all([
      save(asPayload(a, { email: address })),
      create(staffPayload({ email: address })),
    ]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
  });

  it('deactivating ends the user’s sessions at once and blocks their login; activating lets them in again', async () => {
    const person = await createUser(ctx.database.db, 'inspector');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: person.email, password: person.password },
    });
    const cookie = login.cookies.find((c) => c.name === AUTH_COOKIE)!;
    const me = () => ctx.app.inject({ url: '/api/v1/users/me', cookies: { [AUTH_COOKIE]: cookie.value } });
    expect((await me()).statusCode).toBe(200);

    const [item] = (await list(`search=${encodeURIComponent(person.email)}`)).items;
    const res = await save(
      asPayload(item!, { phone: '(303) 555-0100', start_date: '2026-01-02', status: 0 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me()).statusCode).toBe(401);
    const live = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, person.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const [audit] = (await audits(person.id)).slice(-1);
    expect(audit).toMatchObject({ action: 'user.deactivate' });
    expect((audit!.details as { sessionsEnded: number }).sessionsEnded).toBe(1);

    const relogin = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: person.email, password: person.password },
        remoteAddress: freshIp(),
      });
    expect((await relogin()).statusCode).toBe(403);
    expect((await save(asPayload(res.json<{ user: UserItem }>().user, { status: 1 }))).statusCode).toBe(200);
    expect((await relogin()).statusCode).toBe(200);
  });

  it('re-invites a user activated before ever setting a password', async () => {
    const payload = staffPayload({ status: 0 });
    const user = await created(payload);
    expect((await save(asPayload(user, { status: 1 }))).statusCode).toBe(200);
    expect((await invitationLink(payload.email)).searchParams.get('userId')).toBe(String(user.id));
  });

  it('does not let a super admin deactivate themself or change their own role', async () => {
    const [me] = (await list(`search=${encodeURIComponent(adminUser.email)}`)).items;
    const withPhone = { phone: '(303) 555-0100', start_date: '2026-01-02' };
    expect((await save(asPayload(me!, { ...withPhone, status: 0 }))).json()).toMatchObject({
      message: M.selfDeactivate,
    });
    expect((await save(asPayload(me!, { ...withPhone, role_id: 2 }))).json()).toMatchObject({
      message: M.selfRole,
    });
  });

  it('turns a user into a pilot, edits the pilot, ends it with delete_pilot and revives it', async () => {
    const user = await created(staffPayload());
    let res = await save(asPayload(user, { pilot: pilotPayload({ availability: 'training' }) }));
    expect(res.statusCode, res.body).toBe(200);
    const pilot = res.json<{ user: UserItem }>().user;
    expect(pilot.pilot).toMatchObject({ availability: 'training', pilot_deleted_date: null });

    res = await save(
      asPayload(pilot, {
        pilot: pilotPayload({ home_base: 'Boise, ID', skills: [], proficiencies: [], certifications: [] }),
      }),
    );
    expect(res.json<{ user: UserItem }>().user.pilot).toMatchObject({
      home_base: 'Boise, ID',
      attributes: [],
    });

    res = await save(asPayload(pilot, { delete_pilot: true }));
    const ended = res.json<{ user: UserItem }>().user;
    expect(ended.pilot_id).toBeNull();
    expect(ended.pilot!.pilot_deleted_date).not.toBeNull();
    expect((await audits(user.id)).slice(-1)[0]!.details).toMatchObject({ pilot: 'ended' });

    res = await save(asPayload(ended, { pilot: pilotPayload() }));
    const revived = res.json<{ user: UserItem }>().user;
    expect(revived.pilot_id).toBe(pilot.pilot!.id);
    expect(revived.pilot!.pilot_deleted_date).toBeNull();
  });

  it('keeps the pilot when pilot is null and delete_pilot false; refuses both at once', async () => {
    const user = await created(staffPayload({ pilot: pilotPayload() }));
    const res = await save(asPayload(user, { last_name: 'Kept' }));
    expect(res.json<{ user: UserItem }>().user.pilot_id).toBe(user.pilot_id);
    expect(issuesOf(await save(asPayload(user, { pilot: pilotPayload(), delete_pilot: true })))).toEqual({
      delete_pilot: [M.pilotAndDelete],
    });
  });

  it('ends the pilot record of a user moved to a customer company (a customer cannot be a pilot)', async () => {
    const user = await created(staffPayload({ pilot: pilotPayload() }));
    const res = await save(asPayload(user, { company_id: customerCompanyId, role_id: 5 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: UserItem }>().user).toMatchObject({
      pilot_id: null,
      company_id: customerCompanyId,
    });
    expect(
      issuesOf(
        await save(asPayload(user, { company_id: customerCompanyId, role_id: 5, pilot: pilotPayload() })),
      ),
    ).toEqual({
      pilot: [M.customerNotPilot],
    });
  });

  it('is for super admins only', async () => {
    const user = await created(staffPayload());
    expect((await save(asPayload(user), pm)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/users (list)', () => {
  let tag: string;
  beforeAll(async () => {
    tag = `zq${process.pid}`;
    const company = await createCompany(ctx.database.db, `Acme ${tag} Power`);
    await created(
      staffPayload({
        first_name: 'Zelda',
        last_name: 'Adams',
        email: `zelda.${tag}@example.test`,
        phone: '(303) 555-0300',
      }),
    );
    await created(
      staffPayload({
        first_name: 'Aaron',
        last_name: tag,
        email: `aaron@${tag}.example`,
        phone: '(303) 555-0100',
        role_id: 1,
      }),
    );
    await created(
      staffPayload({
        first_name: 'Mia',
        last_name: 'Chen',
        email: email('mia'),
        company_id: company,
        role_id: 5,
        status: 0,
        phone: '(303) 555-0200',
      }),
    );
  });

  it('searches by part of the name, the email or the company name, in any case', async () => {
    expect((await list(`search=zelda.${tag.toUpperCase()}`)).items.map((u) => u.first_name)).toEqual([
      'Zelda',
    ]);
    expect(
      (await list(`search=${encodeURIComponent(`aaron ${tag}`)}`)).items.map((u) => u.first_name),
    ).toEqual(['Aaron']);
    expect((await list(`search=ACME%20${tag}`)).items.map((u) => u.first_name)).toEqual(['Mia']);
    const all = await list(`search=${tag}`);
    expect(all.total).toBe(3);
    expect((await list('search=%25_%25')).total).toBe(0); // LIKE wildcards match themselves
  });

  it('sorts by every column both ways, and pages with the total', async () => {
    const names = async (sort: string, order: string) =>
      (await list(`search=${tag}&sort=${sort}&order=${order}`)).items.map((u) => u.first_name);
    expect(await names('name', 'asc')).toEqual(['Aaron', 'Mia', 'Zelda']);
    expect(await names('name', 'desc')).toEqual(['Zelda', 'Mia', 'Aaron']);
    expect(await names('phone', 'asc')).toEqual(['Aaron', 'Mia', 'Zelda']);
    expect(await names('email', 'asc')).toEqual(['Aaron', 'Mia', 'Zelda']);
    expect(await names('role', 'asc')).toEqual(['Mia', 'Zelda', 'Aaron']); // Customer, Inspector, Super Admin
    // The operating company's name sorts after 'Acme…'; equal companies keep the creation order.
    expect(await names('company', 'desc')).toEqual(['Zelda', 'Aaron', 'Mia']);
    expect(await names('company', 'asc')).toEqual(['Mia', 'Zelda', 'Aaron']);
    expect((await names('status', 'asc'))[0]).toBe('Mia');
    expect(await names('last_login', 'desc')).toHaveLength(3);
    const page = await list(`search=${tag}&sort=name&limit=2&offset=2`);
    expect(page).toMatchObject({ total: 3 });
    expect(page.items.map((u) => u.first_name)).toEqual(['Zelda']);
  });

  it('is open to project managers, with the same answer', async () => {
    expect((await list(`search=${tag}`, pm)).total).toBe(3);
  });

  it('refuses a sort it does not know (400)', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/users?sort=password_hash', headers: admin });
    expect(res.statusCode).toBe(400);
  });
});

describe('email lookups', () => {
  it('emailInUse answers true for a registered email in any case, false otherwise', async () => {
    const user = await created(staffPayload());
    const inUse = async (value: string) =>
      (
        await ctx.app.inject({ url: `/api/v1/users/emailInUse/${encodeURIComponent(value)}`, headers: pm })
      ).json<{ inUse: boolean }>().inUse;
    expect(await inUse(user.email.toUpperCase())).toBe(true);
    expect(await inUse(`nobody-${user.email}`)).toBe(false);
  });

  it('byEmail answers the user with their pilot, or null', async () => {
    const user = await created(staffPayload({ pilot: pilotPayload() }));
    const byEmail = async (value: string) =>
      (
        await ctx.app.inject({ url: `/api/v1/users/byEmail/${encodeURIComponent(value)}`, headers: pm })
      ).json<{ user: UserItem | null }>().user;
    expect(await byEmail(` ${user.email.toUpperCase()}`)).toMatchObject({
      id: user.id,
      first_name: 'Avery',
      pilot: { home_base: 'Denver, CO' },
    });
    expect(await byEmail('nobody@example.test')).toBeNull();
  });
});

describe('GET /api/v1/pilots/attributes', () => {
  it('lists the known attributes by type and name', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/pilots/attributes', headers: pm });
    expect(res.statusCode).toBe(200);
    const rows = res.json<Array<{ type_name: string; att_name: string }>>();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.type_name))).toEqual(new Set(['cert', 'prof', 'skill']));
  });
});
