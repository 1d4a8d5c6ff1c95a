import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PILOT_MESSAGES,
  PILOT_STATUS,
  type PilotSaveResponse,
  type ProjectPilotList,
  SCHEDULING_LINK_DAYS,
} from '@linewalker/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, projectPilots, users } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let clockOffsetMs = 0;
let pm: Record<string, string>;
let inspector: Record<string, string>;
let customer: Record<string, string>;
let companyId: number;
let projectId: number;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => new Date(Date.now() + clockOffsetMs) });
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Scheduling Test Utility');
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  projectId = await newProject();
});
afterAll(() => ctx.close());

/** A project whose structures sit near Salina, KS (the centre the distances are measured from). */
async function newProject(values: Record<string, unknown> = {}) {
  const db = ctx.database.db;
  const id = await createProject(db, companyId, { closestCity: 'Salina', ...values });
  await createStructures(db, id, await createLine(db, companyId, id), 3);
  return id;
}

async function newPilot(homeBase = 'Wichita, KS', app = ctx, headers = pm) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/pilots',
    headers,
    payload: {
      first_name: 'Sam',
      last_name: `Pilot${++seq}`,
      email: `sched-${process.pid}-${seq}@example.test`,
      phone: '(316) 555-0142',
      availability: 'available',
      license_expiration: '2027-05-01',
      home_base: homeBase,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PilotSaveResponse>().pilot;
}

const call = (method: 'PUT' | 'POST', path: string, payload: object, headers = pm, app = ctx) =>
  app.app.inject({ method, url: `/api/v1/pilots/${path}`, payload, headers });
const assign = (p: number, u: number, headers = pm) =>
  call('PUT', 'assign', { project_id: p, user_id: u, pilot_note: '' }, headers);
const unassign = (p: number, u: number, headers = pm) =>
  call('PUT', 'unassign', { project_id: p, user_id: u, pilot_note: '' }, headers);
const check = (p: number, u: number, headers = pm, app = ctx) =>
  call('POST', 'checkAvailability', { project_id: p, user_id: u, pilot_note: '' }, headers, app);
const respond = (token: string, accept: boolean) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/pilots/scheduling-response', payload: { token, accept } });
const details = (token: string) => ctx.app.inject({ url: `/api/v1/pilots/project-details/${token}` });

async function tab(p = projectId, headers = pm) {
  const res = await ctx.app.inject({ url: `/api/v1/pilots/project/${p}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProjectPilotList>();
}
const statusOf = async (p: number, userId: number) =>
  (await tab(p)).items.find((i) => i.user_id === userId)!.pilot_scheduling_status_id;

/** The link of the newest text message to the phone, from the outbox (as a super admin reads it). */
async function lastTextToken(app = ctx): Promise<string> {
  const [row] = await app.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.channel, 'sms'))
    .orderBy(desc(outbox.id))
    .limit(1);
  const match = /\/scheduling-response\?token=([\w-]+)/.exec(row!.body);
  expect(match, row!.body).not.toBeNull();
  return match![1]!;
}

describe('GET /pilots/project/{id} (the Pilots tab)', () => {
  it('lists every pilot nearest first with the distance from the project centre and status 0', async () => {
    const near = await newPilot('Wichita, KS');
    const far = await newPilot('Spokane, WA');
    const { items, project_center_lat, project_center_lon } = await tab();
    expect(project_center_lat).toBeCloseTo(38.8, 3);
    expect(project_center_lon).toBeCloseTo(-97.599, 2);
    const a = items.find((i) => i.user_id === near.user_id)!;
    const b = items.find((i) => i.user_id === far.user_id)!;
    // Salina to Wichita is about 130 km (81 miles); Spokane about 1,900 km.
    expect(a.distanceFromProjectMeters! / 1609).toBeGreaterThan(70);
    expect(a.distanceFromProjectMeters! / 1609).toBeLessThan(95);
    expect(b.distanceFromProjectMeters!).toBeGreaterThan(1_500_000);
    expect(items.indexOf(a)).toBeLessThan(items.indexOf(b));
    expect(a).toMatchObject({
      pilot_scheduling_status_id: 0,
      status_text: 'no_requests_sent',
      status_text_friendly: 'No Requests Sent',
      assigned: false,
      request_sent_at: null,
    });
  });

  it('has no distance for a project without structures', async () => {
    const empty = await createProject(ctx.database.db, companyId);
    const list = await tab(empty);
    expect(list.project_center_lat).toBeNull();
    expect(list.items.every((i) => i.distanceFromProjectMeters === null)).toBe(true);
  });

  it('is for super admins and project managers; a missing project 404', async () => {
    expect(
      (await ctx.app.inject({ url: `/api/v1/pilots/project/${projectId}`, headers: inspector })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ url: `/api/v1/pilots/project/${projectId}`, headers: customer })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ url: '/api/v1/pilots/project/999999999', headers: pm })).statusCode).toBe(
      404,
    );
  });
});

describe('PUT /pilots/assign and /pilots/unassign', () => {
  it('assigns (status 4), is idempotent, and unassigns back to no request sent', async () => {
    const pilot = await newPilot();
    const res = await assign(projectId, pilot.user_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true, pilot_scheduling_status_id: 4, assigned: true });
    expect((await assign(projectId, pilot.user_id)).statusCode).toBe(200);
    const item = (await tab()).items.find((i) => i.user_id === pilot.user_id)!;
    expect(item).toMatchObject({
      assigned: true,
      pilot_scheduling_status_id: 4,
      status_text_friendly: 'Pilot Assigned',
    });

    const off = await unassign(projectId, pilot.user_id);
    expect(off.json()).toEqual({ ok: true, success: true, pilot_scheduling_status_id: 0, assigned: false });
    expect(await statusOf(projectId, pilot.user_id)).toBe(0);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'project'), eq(auditLog.objectId, String(projectId))));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['pilot.assign', 'pilot.unassign']));
  });

  it('two assigns of the same pilot at once both answer 200 with one row', async () => {
    const pilot = await newPilot();
    const answers = await Promise.all([assign(projectId, pilot.user_id), assign(projectId, pilot.user_id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await ctx.database.db
      .select()
      .from(projectPilots)
      .where(and(eq(projectPilots.projectId, projectId), eq(projectPilots.userId, pilot.user_id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ assigned: true, pilotSchedulingStatusId: 4 });
  });

  it('refuses a user who is not a pilot, an archived project and unknown projects', async () => {
    const staff = await createUser(ctx.database.db, 'user');
    const notPilot = await assign(projectId, staff.id);
    expect(notPilot.statusCode).toBe(400);
    expect(notPilot.json().message).toBe(PILOT_MESSAGES.notAPilot);
    const pilot = await newPilot();
    const archived = await newProject({ archivedDate: new Date() });
    expect((await assign(archived, pilot.user_id)).json().message).toBe(PILOT_MESSAGES.projectArchived);
    expect((await assign(999999999, pilot.user_id)).statusCode).toBe(404);
    expect((await assign(projectId, pilot.user_id, inspector)).statusCode).toBe(403);
    expect((await assign(projectId, pilot.user_id, customer)).statusCode).toBe(403);
    expect((await unassign(projectId, pilot.user_id, customer)).statusCode).toBe(403);
  });

  it('unassigning a pilot never on the list changes nothing', async () => {
    const pilot = await newPilot();
    expect((await unassign(projectId, pilot.user_id)).statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(projectPilots)
      .where(and(eq(projectPilots.projectId, projectId), eq(projectPilots.userId, pilot.user_id)));
    expect(rows).toHaveLength(0);
  });
});

describe('availability by text message', () => {
  it('texts a single-use link, and the answer Yes makes the pilot Accepted', async () => {
    const pilot = await newPilot();
    const res = await check(projectId, pilot.user_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pilot_scheduling_status_id: PILOT_STATUS.waitingPilotResponse });
    const [text] = await ctx.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(text).toMatchObject({ channel: 'sms', recipient: '(316) 555-0142', status: 'stored' });
    expect(text!.body).toContain('http://localhost:3000/scheduling-response?token=');
    expect(text!.body).toContain('near Salina');
    // The project started on 01/05/2026: the text asks from today (the tests run after that day).
    expect(text!.body).not.toContain('01/05/2026');
    // The delivery job runs (with no provider the outbox row is the delivery).
    expect(await runDueJobs(ctx.app.deps)).toBeGreaterThanOrEqual(1);

    const item = (await tab()).items.find((i) => i.user_id === pilot.user_id)!;
    expect(item).toMatchObject({
      pilot_scheduling_status_id: 1,
      status_text_friendly: 'Waiting Pilot Response',
    });
    expect(item.request_sent_at).not.toBeNull();

    const token = await lastTextToken();
    const shown = await details(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      project_name: expect.any(String),
      closest_city: 'Salina',
      start_date: '2026-01-05',
      due_date: '2026-12-20',
      state: 'open',
      accepted: null,
    });

    const yes = await respond(token, true);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json()).toEqual({ ok: true, success: true, pilot_scheduling_status_id: 2 });
    expect(await statusOf(projectId, pilot.user_id)).toBe(PILOT_STATUS.pilotAccepted);
    // A used link says it was answered, and shows nothing more of the project.
    expect((await details(token)).json()).toEqual({
      project_name: null,
      closest_city: null,
      start_date: null,
      due_date: null,
      state: 'answered',
      accepted: true,
    });

    // Used: a second answer is refused and changes nothing.
    const again = await respond(token, false);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'used_token', message: PILOT_MESSAGES.tokenUsed });
    expect(await statusOf(projectId, pilot.user_id)).toBe(PILOT_STATUS.pilotAccepted);

    // No second request once one was sent.
    const twice = await check(projectId, pilot.user_id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'availability_requested',
      message: PILOT_MESSAGES.alreadyRequested,
    });

    // Assigned, then unassigned: back to what the pilot answered.
    await assign(projectId, pilot.user_id);
    expect((await unassign(projectId, pilot.user_id)).json().pilot_scheduling_status_id).toBe(2);
  });

  it("asks from the start while it is ahead and from the project's today once it is past", async () => {
    const smsBody = async () => {
      const [row] = await ctx.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
      return row!.body;
    };
    const berlin = await newProject({
      startDate: '2026-11-29',
      dueDate: '2026-12-22',
      timeZone: 'Europe/Berlin',
    });
    const at = (iso: string) => {
      clockOffsetMs = Date.parse(iso) - Date.now();
    };
    try {
      // 23:30 in Berlin on 11/28: the start is tomorrow there.
      at('2026-11-28T22:30:00Z');
      expect((await check(berlin, (await newPilot()).user_id)).statusCode).toBe(200);
      expect(await smsBody()).toContain(', 11/29/2026 to 12/22/2026?');
      // 10:00 in Berlin on 12/07: the start is past, so the pilot is asked from today.
      at('2026-12-07T09:00:00Z');
      expect((await check(berlin, (await newPilot()).user_id)).statusCode).toBe(200);
      expect(await smsBody()).toContain(', 12/07/2026 to 12/22/2026?');
      // After the due date: from today, with no end already behind.
      at('2026-12-28T09:00:00Z');
      expect((await check(berlin, (await newPilot()).user_id)).statusCode).toBe(200);
      expect(await smsBody()).toContain(', from 12/28/2026?');
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('No makes the pilot Rejected; an assigned pilot who says yes stays Assigned', async () => {
    const no = await newPilot();
    await check(projectId, no.user_id);
    expect((await respond(await lastTextToken(), false)).json().pilot_scheduling_status_id).toBe(3);
    expect(await statusOf(projectId, no.user_id)).toBe(PILOT_STATUS.pilotRejected);

    const yes = await newPilot();
    await check(projectId, yes.user_id);
    const token = await lastTextToken();
    await assign(projectId, yes.user_id);
    expect((await respond(token, true)).json().pilot_scheduling_status_id).toBe(4);
    // An assigned pilot is not asked again.
    const asked = await check(projectId, yes.user_id);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(PILOT_MESSAGES.alreadyAssigned);
  });

  it('an expired link shows its state and takes no answer', async () => {
    const pilot = await newPilot();
    await check(projectId, pilot.user_id);
    const token = await lastTextToken();
    clockOffsetMs = (SCHEDULING_LINK_DAYS * 24 + 1) * 3600_000;
    try {
      expect((await details(token)).json()).toMatchObject({ state: 'expired', accepted: null });
      const late = await respond(token, true);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ code: 'expired_token', message: PILOT_MESSAGES.tokenExpired });
    } finally {
      clockOffsetMs = 0;
    }
    expect(await statusOf(projectId, pilot.user_id)).toBe(PILOT_STATUS.waitingPilotResponse);
  });

  it('answers 404 to a token never issued', async () => {
    const fake = 'x'.repeat(43);
    expect((await details(fake)).statusCode).toBe(404);
    expect((await respond(fake, true)).statusCode).toBe(404);
  });

  it('of two answers at once exactly one is taken', async () => {
    const pilot = await newPilot();
    await check(projectId, pilot.user_id);
    const token = await lastTextToken();
    const answers = await Promise.all([respond(token, true), respond(token, false)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().pilot_scheduling_status_id;
    expect(await statusOf(projectId, pilot.user_id)).toBe(winner);
  });

  it('two checks of the same pilot at once send one text', async () => {
    const pilot = await newPilot();
    const before = (await ctx.database.db.select().from(outbox)).length;
    const answers = await Promise.all([check(projectId, pilot.user_id), check(projectId, pilot.user_id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await ctx.database.db.select().from(outbox)).length).toBe(before + 1);
  });

  it('refuses a pilot without a phone, and is for super admins and project managers only', async () => {
    const pilot = await newPilot();
    await ctx.database.db.update(users).set({ phone: null }).where(eq(users.id, pilot.user_id));
    const res = await check(projectId, pilot.user_id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'no_phone', message: PILOT_MESSAGES.noPhone });
    expect((await check(projectId, pilot.user_id, inspector)).statusCode).toBe(403);
    expect((await check(projectId, pilot.user_id, customer)).statusCode).toBe(403);
  });
});

describe('a Twilio-compatible SMS provider', () => {
  let server: Server;
  let received: Array<{ url: string; auth: string; form: URLSearchParams }> = [];
  let answerStatus = 201;
  let smsApp: TestContext;
  let smsPm: Record<string, string>;
  let smsProject: number;

  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => {
        data += c.toString();
      });
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      received.push({
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        form: new URLSearchParams(await body(req)),
      });
      res.writeHead(answerStatus, { 'content-type': 'application/json' });
      res.end(
        answerStatus < 300 ? '{"sid":"SM1","status":"queued"}' : '{"code":21211,"message":"Invalid To"}',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    smsApp = await createTestApp({
      SMS_API_URL: `http://127.0.0.1:${port}`,
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'secret-token',
      SMS_FROM: '+15005550006',
    });
    smsPm = bearer(await loginToken(smsApp.app, await createUser(smsApp.database.db, 'project_manager')));
    const company = await createCompany(smsApp.database.db, 'SMS Utility');
    smsProject = await createProject(smsApp.database.db, company);
  });
  afterAll(async () => {
    await smsApp?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the text in a job with basic auth, E.164 number and the link', async () => {
    received = [];
    answerStatus = 201;
    const pilot = await newPilot('Omaha, NE', smsApp, smsPm);
    expect((await check(smsProject, pilot.user_id, smsPm, smsApp)).statusCode).toBe(200);
    const [queued] = await smsApp.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(queued!.status).toBe('queued');
    expect(received).toHaveLength(0);
    await runDueJobs(smsApp.app.deps);
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(received[0]!.auth).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
    expect(received[0]!.form.get('To')).toBe('+13165550142');
    expect(received[0]!.form.get('From')).toBe('+15005550006');
    expect(received[0]!.form.get('Body')).toContain('/scheduling-response?token=');
    const [sent] = await smsApp.database.db.select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(sent!.status).toBe('sent');
  });

  it('a refused number marks the pilot Error Messaging Pilot, and they may be asked again', async () => {
    answerStatus = 400;
    const pilot = await newPilot('Omaha, NE', smsApp, smsPm);
    await check(smsProject, pilot.user_id, smsPm, smsApp);
    await runDueJobs(smsApp.app.deps);
    const [failed] = await smsApp.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.error).toContain('400');
    const list = await smsApp.app.inject({ url: `/api/v1/pilots/project/${smsProject}`, headers: smsPm });
    const item = list.json<ProjectPilotList>().items.find((i) => i.user_id === pilot.user_id)!;
    expect(item).toMatchObject({
      pilot_scheduling_status_id: 5,
      status_text_friendly: 'Error Messaging Pilot',
    });
    answerStatus = 201;
    expect((await check(smsProject, pilot.user_id, smsPm, smsApp)).statusCode).toBe(200);
  });
});
