import {
  type AlertRulesResponse,
  DEFAULT_RULE_SETS,
  type SensorAlert,
  type SensorStructureValue,
  STRUCTURE_CLASSES,
} from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken, type TestUser } from '../../testing/factories.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import type { AlertNotifier } from './alertEvaluation.ts';
import { raiseOfflineAlerts } from './offline.job.ts';
import { SensorIngestor } from './sensorIngestor.ts';

let ctx: TestContext;
let notifier: AlertNotifier;
let admin: Record<string, string>;
let inspector: Record<string, string>;
let customerA: Record<string, string>;
let customerB: Record<string, string>;
let subscriber: TestUser;
let bystander: TestUser;
let companyA: number;
let companyB: number;
const device = `alert-${process.pid}`;
let token: string;

const rulesUrl = '/api/v1/sensors/alert-rules';
const inject = (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const count = async (table: string, where = sql`true`) => {
  const [row] = await sqlRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`,
  );
  return row!.n;
};
const alertsOf = () =>
  sqlRows<{ kind: string; level: number; raised: boolean; ended: boolean; peak: number | null }>(
    ctx.database.db,
    sql`select kind, level, raised_at is not null as raised, ended_at is not null as ended, peak
        from sensor_alerts where device_id = ${device} order by id`,
  );
const mailsTo = (user: TestUser) =>
  sqlRows<{ subject: string; body: string }>(
    ctx.database.db,
    sql`select subject, body from outbox where recipient = ${user.email} order by id`,
  );
const sendHttp = (messages: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sensors/readings',
    payload: messages as object,
    headers: { authorization: `Bearer ${token}` },
  });
const lean = (start: number, seconds: number, deg: number) =>
  Array.from({ length: seconds }, (_, i) => ({
    payload_time: new Date(start + i * 1000).toISOString(),
    payload: { tilt: [{ x: deg, y: 0.2, z: 90 - deg }], vibration: [{ x: 0.05, y: 0.04, z: 0.02 }] },
  }));

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  notifier = { mailer: ctx.app.deps.mailer, publicUrl: 'https://linewalker.test' };
  admin = bearer(await loginToken(ctx.app, await createUser(db, 'super_admin')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  companyA = await createCompany(db, `Alerts A ${process.pid}`);
  companyB = await createCompany(db, `Alerts B ${process.pid}`);
  subscriber = await createUser(db, 'customer', { companyId: companyA });
  bystander = await createUser(db, 'customer', { companyId: companyA });
  customerA = bearer(await loginToken(ctx.app, subscriber));
  customerB = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId: companyB })));
  // A distribution project (type 1): tilt warning 5°, alarm 10°, hold 60 s, cleared 1° under.
  const projectId = await createProject(db, companyA, { ptypeId: 1 });
  const lineId = await createLine(db, companyA, projectId, `Alerts Line ${process.pid}`);
  const { structureIds } = await createStructures(db, projectId, lineId, 1, { prefix: 'AL-' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sensors/devices',
    payload: { device_id: device, structure_id: structureIds[0] },
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(201);
  token = res.json<{ token: string }>().token;
});
afterAll(() => ctx.close());

describe('GET/PUT /sensors/alert-rules', () => {
  it('answers the shipped defaults for every class while a company kept them', async () => {
    const res = await inject('GET', rulesUrl, customerA);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AlertRulesResponse>();
    expect(body.company_id).toBe(companyA);
    expect(body.rules.map((r) => r.structure_class)).toEqual([...STRUCTURE_CLASSES]);
    for (const r of body.rules) {
      const { customized, updated_at, ...set } = r;
      expect(customized).toBe(false);
      expect(updated_at).toBeNull();
      expect(set).toEqual(DEFAULT_RULE_SETS[r.structure_class]);
    }
  });

  it('staff name the company; a customer sees only its own', async () => {
    expect((await inject('GET', rulesUrl, admin)).statusCode).toBe(400);
    expect((await inject('GET', `${rulesUrl}?company_id=${companyB}`, admin)).statusCode).toBe(200);
    expect((await inject('GET', `${rulesUrl}?company_id=999999`, admin)).statusCode).toBe(404);
    expect((await inject('GET', `${rulesUrl}?company_id=${companyB}`, customerA)).statusCode).toBe(404);
    const put = await inject('PUT', `${rulesUrl}?company_id=${companyB}`, customerA, {
      rules: [DEFAULT_RULE_SETS.distribution],
    });
    expect(put.statusCode).toBe(404);
    expect(await count('sensor_alert_rules', sql`company_id = ${companyB}`)).toBe(0);
  });

  it('refuses bad thresholds with 400 and writes nothing', async () => {
    const d = DEFAULT_RULE_SETS.distribution;
    const audits = await count('audit_log', sql`action = 'sensor.alert_rules.update'`);
    const bodies = [
      { rules: [{ ...d, tilt: { ...d.tilt, alarm_deg: 25 } }] },
      { rules: [{ ...d, tilt: { ...d.tilt, warning_deg: 12 } }] },
      { rules: [{ ...d, vibration: { ...d.vibration, hysteresis_g: 0.6 } }] },
      { rules: [{ ...d, offline: { after_seconds: 5, level: 1 } }] },
      { rules: [d, { ...d, tilt: { ...d.tilt, alarm_deg: 'ten' } }] },
      { rules: [d, d] },
      { rules: [] },
      { rules: [{ ...d, structure_class: 'pipeline' }] },
      { rules: [d], extra: true },
    ];
    for (const body of bodies) {
      const res = await inject('PUT', rulesUrl, customerA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await count('sensor_alert_rules', sql`company_id = ${companyA}`)).toBe(0);
    expect(await count('audit_log', sql`action = 'sensor.alert_rules.update'`)).toBe(audits);
  });

  it('inspectors only look; a customer changes its own, audited, other companies untouched', async () => {
    const d = DEFAULT_RULE_SETS.distribution;
    const changed = { ...d, tilt: { ...d.tilt, warning_deg: 6, hold_seconds: 30 } };
    expect(
      (await inject('PUT', `${rulesUrl}?company_id=${companyA}`, inspector, { rules: [changed] })).statusCode,
    ).toBe(403);
    const res = await inject('PUT', rulesUrl, customerA, { rules: [changed] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AlertRulesResponse>();
    const dist = body.rules.find((r) => r.structure_class === 'distribution')!;
    expect(dist).toMatchObject({ customized: true, tilt: changed.tilt });
    expect(dist.updated_at).toMatch(/Z$/);
    expect(body.rules.find((r) => r.structure_class === 'transmission')!.customized).toBe(false);
    expect(
      await count('audit_log', sql`action = 'sensor.alert_rules.update' and object_id = ${String(companyA)}`),
    ).toBe(1);
    const other = (await inject('GET', rulesUrl, customerB)).json<AlertRulesResponse>();
    expect(other.rules.every((r) => !r.customized)).toBe(true);
    // Back to the defaults for the ingestion tests below (staff for the company).
    const back = await inject('PUT', `${rulesUrl}?company_id=${companyA}`, admin, { rules: [d] });
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('alert evaluation at ingestion', () => {
  it('a qualifying stream raises exactly one alert and one e-mail to the subscribed user', async () => {
    const sub = await inject('PUT', '/api/v1/sensors/alert-subscription', customerA, { subscribed: true });
    expect(sub.statusCode, sub.body).toBe(200);
    expect((await inject('GET', '/api/v1/sensors/alert-subscription', customerA)).json()).toEqual({
      subscribed: true,
      email: true,
      sms: false,
      has_phone: false,
    });
    const ingestor = new SensorIngestor(ctx.database.db, ctx.app.log, { batchSize: 25, notifier });
    // 7° (over the 5° warning, under the 10° alarm) for 3 minutes, a reading a second, in batches of 25.
    const start = Date.now() - 10 * 60_000;
    for (const m of lean(start, 180, 7)) expect(ingestor.accept(device, JSON.stringify(m))).toBe(true);
    await ingestor.close();
    expect(ingestor.stats.stored).toBe(180);
    expect(await alertsOf()).toEqual([{ kind: 'tilt', level: 2, raised: true, ended: false, peak: 7 }]);
    const mails = await mailsTo(subscriber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(device);
    expect(mails[0]!.body).toContain('https://linewalker.test/sensor');
    expect(await mailsTo(bystander)).toEqual([]);
    // The Risk column comes from the open alert.
    const [row] = (await inject('GET', '/api/v1/structures/sensor_data', customerA)).json<
      SensorStructureValue[]
    >();
    expect(row).toMatchObject({ common_sense_device_id: device, alert: 2 });
  });

  it('hysteresis: 4.5° keeps the alert open, 3.5° clears it once with its peak; the band is listed', async () => {
    const start = Date.now() - 6 * 60_000;
    expect((await sendHttp(lean(start, 30, 8))).statusCode).toBe(202);
    expect((await sendHttp(lean(start + 30_000, 30, 4.5))).statusCode).toBe(202);
    expect((await alertsOf())[0]).toMatchObject({ ended: false, peak: 8 });
    expect((await sendHttp(lean(start + 60_000, 30, 3.5))).statusCode).toBe(202);
    expect(await alertsOf()).toEqual([{ kind: 'tilt', level: 2, raised: true, ended: true, peak: 8 }]);
    expect(await mailsTo(subscriber)).toHaveLength(1);
    const [row] = (await inject('GET', '/api/v1/structures/sensor_data', customerA)).json<
      SensorStructureValue[]
    >();
    expect(row!.alert).toBe(1);
    const bands = await inject('GET', `/api/v1/sensors/alerts?device_id=${device}&range=1h`, customerA);
    expect(bands.statusCode, bands.body).toBe(200);
    const [band] = bands.json<SensorAlert[]>();
    expect(band).toMatchObject({ kind: 'tilt', level: 2, threshold: 5, peak: 8 });
    expect(new Date(band!.ended_at!).getTime()).toBeGreaterThan(new Date(band!.started_at).getTime());
    expect((await inject('GET', `/api/v1/sensors/alerts?device_id=${device}`, customerB)).statusCode).toBe(
      404,
    );
  });

  it('a short excursion under the hold time raises nothing', async () => {
    const start = Date.now() - 3 * 60_000;
    expect((await sendHttp([...lean(start, 40, 12), ...lean(start + 40_000, 5, 2)])).statusCode).toBe(202);
    expect(await alertsOf()).toHaveLength(1);
    expect(await count('sensor_alerts', sql`device_id = ${device} and ended_at is null`)).toBe(0);
  });

  it('a silent device raises one offline alert, ended when it is heard from again', async () => {
    const later = new Date(Date.now() + 11 * 60_000);
    await raiseOfflineAlerts(ctx.database.db, later, notifier);
    await raiseOfflineAlerts(ctx.database.db, later, notifier);
    const offline = (await alertsOf()).filter((a) => a.kind === 'offline');
    expect(offline).toEqual([{ kind: 'offline', level: 1, raised: true, ended: false, peak: null }]);
    expect(await mailsTo(subscriber)).toHaveLength(2);
    expect((await sendHttp(lean(Date.now(), 1, 1))).statusCode).toBe(202);
    expect((await alertsOf()).filter((a) => a.kind === 'offline')[0]!.ended).toBe(true);
  });
});
