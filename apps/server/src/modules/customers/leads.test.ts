import { LEAD_MESSAGES } from '@linewalker/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, leads, rateLimits } from '../../platform/db/schema/index.ts';
import { bearer, createUser, loginToken } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { leadFormToken } from './leads.service.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let address = 0;
/** Each test posts from its own address, so the per-address limit of one does not reach another. */
const nextAddress = () => `203.0.113.${++address}`;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'super_admin')));
});
afterAll(() => ctx.close());

const secret = () => ctx.config.jwtSecret;
/** A token of a form shown `ago` ms before now. */
const tokenShown = (ago = 10_000) => leadFormToken(secret(), Date.now() - ago);

const lead = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Dana',
  last_name: 'Reyes',
  company_name: 'Sierra Rural Electric',
  email: 'dana@sierra.test',
  phone: '555-010-2000',
  message: 'We have 400 poles to inspect this spring.',
  form_token: tokenShown(),
  website: '',
  ...overrides,
});

const send = (payload: unknown, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/leads/', payload: payload as object, remoteAddress });

const leadCount = async () => (await ctx.database.db.select({ id: leads.id }).from(leads)).length;

describe('GET /api/v1/leads/formToken', () => {
  it('gives anyone a signed token that a lead may use after 3 seconds', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/leads/formToken' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token } = res.json<{ token: string }>();
    // Sent at once: too quick for a person.
    const quick = await send(lead({ form_token: token }));
    expect(quick.statusCode).toBe(400);
    expect(quick.json()).toMatchObject({ code: 'lead_refused', message: LEAD_MESSAGES.tooFast });
  });
});

describe('POST /api/v1/leads/', () => {
  it('stores a lead from anyone, trimmed, and audits it', async () => {
    const res = await send(lead({ first_name: ' Dana ', email: 'Dana.Lead@sierra.test' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true });
    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.email, 'Dana.Lead@sierra.test'));
    expect(row).toMatchObject({
      firstName: 'Dana',
      lastName: 'Reyes',
      companyName: 'Sierra Rural Electric',
      phone: '555-010-2000',
      source: 'request-inspection',
      convertedCompanyId: null,
    });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(row!.id)));
    expect(audit.find((a) => a.action === 'lead.create')).toBeTruthy();
  });

  it('says what is missing or wrong, field by field, and stores nothing', async () => {
    const before = await leadCount();
    const res = await send({ form_token: tokenShown(), email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    const issues = res.json<{ issues: { path: string; message: string }[] }>().issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'body.first_name', message: LEAD_MESSAGES.firstNameRequired },
        { path: 'body.last_name', message: LEAD_MESSAGES.lastNameRequired },
        { path: 'body.company_name', message: LEAD_MESSAGES.companyRequired },
        { path: 'body.email', message: LEAD_MESSAGES.emailInvalid },
      ]),
    );
    const long = await send(lead({ message: 'x'.repeat(2001) }));
    expect(long.json().issues).toContainEqual({ path: 'body.message', message: LEAD_MESSAGES.messageMax });
    expect(await leadCount()).toBe(before);
  });

  it('refuses robots: a filled hidden field, a forged, missing, too quick or stale token', async () => {
    const before = await leadCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ website: 'http://spam.example' }, LEAD_MESSAGES.refused],
      [{ form_token: `${Date.now() - 10_000}.${'A'.repeat(43)}` }, LEAD_MESSAGES.refused],
      [
        { form_token: leadFormToken('another-secret-another-secret-0123', Date.now() - 10_000) },
        LEAD_MESSAGES.refused,
      ],
      [{ form_token: 'garbage' }, LEAD_MESSAGES.refused],
      [{ form_token: tokenShown(1_000) }, LEAD_MESSAGES.tooFast],
      [{ form_token: tokenShown(25 * 3600_000) }, LEAD_MESSAGES.expired],
      [{ form_token: leadFormToken(secret(), Date.now() + 3600_000) }, LEAD_MESSAGES.refused],
    ];
    for (const [overrides, message] of cases) {
      const res = await send(lead(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'lead_refused', message });
    }
    expect((await send({ ...lead(), form_token: undefined })).statusCode).toBe(400);
    expect(await leadCount()).toBe(before);
  });

  it('takes at most 10 leads an hour from one address (counted in rate_limits), then 429', async () => {
    const from = nextAddress();
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(lead(), from)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const counters = await ctx.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.bucket, 'lead_address'));
    expect(counters.length).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await send(lead())).statusCode).toBe(200);
  });
});

describe('GET /api/v1/leads and turning a lead into a customer', () => {
  it('lists leads newest first for super admins only', async () => {
    await send(lead({ email: 'listed@lead.test', company_name: 'Listed Co' }));
    const res = await ctx.app.inject({ url: '/api/v1/leads', headers: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json<Array<{ email: string; converted_company_id: number | null }>>();
    expect(list[0]).toMatchObject({ email: 'listed@lead.test', converted_company_id: null });
    const manager = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'project_manager')));
    expect((await ctx.app.inject({ url: '/api/v1/leads', headers: manager })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/v1/leads' })).statusCode).toBe(401);
  });

  it('a customer created with lead_id marks the lead converted; a second conversion is 409', async () => {
    await send(lead({ email: 'convert@lead.test', company_name: 'Convert Power' }));
    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.email, 'convert@lead.test'));
    const create = (name: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/customers/',
        headers: admin,
        payload: { company_name: name, poc_email: 'convert@lead.test', lead_id: row!.id },
      });
    const [a, b] = await Promise.all([create('Convert Power'), create('Convert Power Two')]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({ code: 'lead_converted', message: LEAD_MESSAGES.alreadyConverted });
    const winner = a.statusCode === 200 ? a : b;
    const companyId = winner.json<{ id: number }>().id;
    // The loser's company was rolled back with it.
    const made = await ctx.database.db
      .select()
      .from(companies)
      .where(eq(companies.pocEmail, 'convert@lead.test'));
    expect(made.map((c) => c.id)).toEqual([companyId]);

    const list = (await ctx.app.inject({ url: '/api/v1/leads', headers: admin })).json<
      Array<{
        id: number;
        converted_company_id: number | null;
        converted_company_name: string | null;
        converted_at: string | null;
      }>
    >();
    const converted = list.find((l) => l.id === row!.id)!;
    expect(converted.converted_company_id).toBe(companyId);
    expect(converted.converted_company_name).toBe(made[0]!.companyName);
    expect(converted.converted_at).not.toBeNull();

    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/customers/',
      headers: admin,
      payload: { company_name: 'No Such Lead Co', lead_id: 2_000_000_000 },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      await ctx.database.db.select().from(companies).where(eq(companies.companyName, 'No Such Lead Co')),
    ).toEqual([]);
  });
});
