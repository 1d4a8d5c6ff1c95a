import type { SensorAlert, SensorStructureValue } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../platform/db/rows.ts';
import { bearer, createCompany, createUser, loginToken, type TestUser } from '../../testing/factories.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import type { AlertNotifier } from './alertEvaluation.ts';
import { SensorIngestor } from './sensorIngestor.ts';
import { demoLeanPlan, nextReading, simDevices } from './simulator.ts';

// Alert notices by e-mail and SMS, late readings across batches, and a retired or moved device's alerts.
let ctx: TestContext;
let notifier: AlertNotifier;
let admin: Record<string, string>;
let texter: TestUser;
let phoneless: TestUser;
let emailOnly: TestUser;
let texterAuth: Record<string, string>;
let phonelessAuth: Record<string, string>;
let emailOnlyAuth: Record<string, string>;
let structureIds: number[];
const phone = '+15555550123';
let seq = 0;

const subUrl = '/api/v1/sensors/alert-subscription';
const put = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: subUrl, headers, payload });
const get = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: subUrl, headers });
const outbox = (to: string) =>
  sqlRows<{ channel: string; subject: string | null; body: string }>(
    ctx.database.db,
    sql`select channel, subject, body from outbox where recipient = ${to} order by id`,
  );
const alertsOf = (device: string) =>
  sqlRows<{ kind: string; level: number; raised: boolean; ended: boolean; reason: string | null }>(
    ctx.database.db,
    sql`select kind, level, raised_at is not null as raised, ended_at is not null as ended, end_reason as reason
        from sensor_alerts where device_id = ${device} order by id`,
  );
/** One reading a second of a `deg` lean from `start`, for `seconds`. */
const lean = (start: number, seconds: number, deg: number) =>
  Array.from({ length: seconds }, (_, i) => ({
    payload_time: new Date(start + i * 1000).toISOString(),
    payload: { tilt: [{ x: deg, y: 0.2, z: 90 - deg }], vibration: [{ x: 0.05, y: 0.04, z: 0.02 }] },
  }));

async function register(structureId: number) {
  const device = `deliv-${process.pid}-${++seq}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sensors/devices',
    payload: { device_id: device, structure_id: structureId },
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { device, token: res.json<{ token: string }>().token };
}
const sendHttp = (token: string, messages: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sensors/readings',
    payload: messages as object,
    headers: { authorization: `Bearer ${token}` },
  });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  notifier = { mailer: ctx.app.deps.mailer, publicUrl: 'https://linewalker.test' };
  admin = bearer(await loginToken(ctx.app, await createUser(db, 'super_admin')));
  const company = await createCompany(db, `Delivery ${process.pid}`);
  texter = await createUser(db, 'customer', { companyId: company });
  phoneless = await createUser(db, 'customer', { companyId: company });
  emailOnly = await createUser(db, 'customer', { companyId: company });
  await execute(db, sql`update users set phone = ${phone} where id = ${texter.id}`);
  texterAuth = bearer(await loginToken(ctx.app, texter));
  phonelessAuth = bearer(await loginToken(ctx.app, phoneless));
  emailOnlyAuth = bearer(await loginToken(ctx.app, emailOnly));
  // A distribution project (type 1): tilt warning 5°, alarm 10°, hold 60 s, cleared 1° under.
  const projectId = await createProject(db, company, { ptypeId: 1 });
  const lineId = await createLine(db, company, projectId, `Delivery Line ${process.pid}`);
  structureIds = (await createStructures(db, projectId, lineId, 4, { prefix: 'DL-' })).structureIds;
});
afterAll(() => ctx.close());

describe('PUT /sensors/alert-subscription: e-mail and/or SMS', () => {
  it('a user chooses the channels; SMS needs a phone on the profile (400, nothing written)', async () => {
    expect((await get(texterAuth)).json()).toEqual({
      subscribed: false,
      email: false,
      sms: false,
      has_phone: true,
    });
    const both = await put(texterAuth, { email: true, sms: true });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toEqual({ subscribed: true, email: true, sms: true, has_phone: true });
    const smsOnly = await put(texterAuth, { email: false });
    expect(smsOnly.json()).toEqual({ subscribed: true, email: false, sms: true, has_phone: true });
    expect((await put(texterAuth, { email: true })).json()).toMatchObject({ email: true, sms: true });

    const refused = await put(phonelessAuth, { sms: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('phone');
    expect((await get(phonelessAuth)).json()).toEqual({
      subscribed: false,
      email: false,
      sms: false,
      has_phone: false,
    });
    expect((await put(phonelessAuth, { subscribed: true })).json()).toMatchObject({
      email: true,
      sms: false,
    });
    expect((await put(phonelessAuth, { subscribed: false })).json()).toMatchObject({ subscribed: false });
    expect((await put(phonelessAuth, {})).statusCode).toBe(400);
    expect((await put(phonelessAuth, { email: 'yes' })).statusCode).toBe(400);
    expect((await put(emailOnlyAuth, { email: true, sms: false })).statusCode).toBe(200);
  });

  it('a raised alert sends each subscriber their channels once: an e-mail and a text message', async () => {
    const { device } = await register(structureIds[0]!);
    const ingestor = new SensorIngestor(ctx.database.db, ctx.app.log, { batchSize: 20, notifier });
    const start = Date.now() - 10 * 60_000;
    for (const m of lean(start, 150, 7)) expect(ingestor.accept(device, JSON.stringify(m))).toBe(true);
    await ingestor.close();
    expect(await alertsOf(device)).toEqual([
      { kind: 'tilt', level: 2, raised: true, ended: false, reason: null },
    ]);
    const toTexter = await outbox(texter.email);
    expect(toTexter.map((m) => m.channel)).toEqual(['email']);
    const texts = await outbox(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.channel).toBe('sms');
    expect(texts[0]!.body).toContain(device);
    expect(texts[0]!.body).toContain('https://linewalker.test/sensor');
    expect((await outbox(emailOnly.email)).map((m) => m.channel)).toEqual(['email']);
    expect(await outbox(phoneless.email)).toEqual([]);
  });
});

describe('late readings across batches', () => {
  it('an older reading neither moves the latest value back nor clears or re-raises an alert', async () => {
    const { device, token } = await register(structureIds[1]!);
    const start = Date.now() - 20 * 60_000;
    // 8° for 90 s: a raised warning (held past 60 s).
    expect((await sendHttp(token, lean(start + 60_000, 90, 8))).statusCode).toBe(202);
    expect(await alertsOf(device)).toEqual([
      { kind: 'tilt', level: 2, raised: true, ended: false, reason: null },
    ]);
    const texts = (await outbox(phone)).length;
    // A batch of readings from before the lean, flat (under the hysteresis line): stored, but it judges nothing.
    expect((await sendHttp(token, lean(start, 30, 1))).statusCode).toBe(202);
    expect(await alertsOf(device)).toEqual([
      { kind: 'tilt', level: 2, raised: true, ended: false, reason: null },
    ]);
    const rows = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/structures/sensor_data', headers: admin })
    ).json<SensorStructureValue[]>();
    const row = rows.find((r) => r.common_sense_device_id === device);
    expect(row?.tilt_x).toBeCloseTo(8);
    expect(row?.alert).toBe(2);
    const [latest] = await sqlRows<{ t: string }>(
      ctx.database.db,
      sql`select to_char(latest_payload_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as t
          from sensor_devices where device_id = ${device}`,
    );
    expect(latest!.t).toBe(new Date(start + 60_000 + 89_000).toISOString().slice(0, 19));
    // The flat readings clear it when they are newer.
    expect((await sendHttp(token, lean(start + 200_000, 5, 1))).statusCode).toBe(202);
    expect(await alertsOf(device)).toEqual([
      { kind: 'tilt', level: 2, raised: true, ended: true, reason: 'cleared' },
    ]);
    // Late leaning readings (older than the clearing ones) raise nothing again.
    expect((await sendHttp(token, lean(start + 150_000, 45, 12))).statusCode).toBe(202);
    expect(await alertsOf(device)).toHaveLength(1);
    expect(await outbox(phone)).toHaveLength(texts);
  });
});

describe('a retired or moved device', () => {
  it("retiring ends the device's open alerts with the reason 'retired'; the bands show it", async () => {
    const { device, token } = await register(structureIds[2]!);
    const start = Date.now() - 5 * 60_000;
    expect((await sendHttp(token, [...lean(start, 90, 11), ...lean(start + 90_000, 5, 6)])).statusCode).toBe(
      202,
    );
    const open = await alertsOf(device);
    expect(open.filter((a) => a.raised && !a.ended).map((a) => a.level)).toEqual([2]);
    const retired = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/sensors/devices/${device}`,
      headers: admin,
    });
    expect(retired.statusCode, retired.body).toBe(200);
    const after = await alertsOf(device);
    expect(after.every((a) => a.ended)).toBe(true);
    expect(after.filter((a) => a.reason === 'retired')).toHaveLength(1);
    const bands = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/sensors/alerts?device_id=${device}&range=1h`,
      headers: admin,
    });
    expect(bands.json<SensorAlert[]>().map((b) => b.end_reason)).toEqual(
      after.filter((a) => a.raised).map((a) => a.reason),
    );
  });

  it("moving ends the open alerts with the reason 'moved' (pending ones go)", async () => {
    const { device, token } = await register(structureIds[3]!);
    const start = Date.now() - 5 * 60_000;
    // 8° for 90 s (a raised warning), then 30 s at 11° (an alarm still pending).
    expect((await sendHttp(token, [...lean(start, 90, 8), ...lean(start + 90_000, 30, 11)])).statusCode).toBe(
      202,
    );
    expect(await alertsOf(device)).toEqual([
      { kind: 'tilt', level: 2, raised: true, ended: false, reason: null },
      { kind: 'tilt', level: 3, raised: false, ended: false, reason: null },
    ]);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/sensors/devices/${device}`,
      payload: { structure_id: structureIds[0] },
      headers: admin,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await alertsOf(device)).toEqual([
      { kind: 'tilt', level: 2, raised: true, ended: true, reason: 'moved' },
    ]);
  });
});

describe("the demo's leaning pole", () => {
  it('raises a real tilt warning within four minutes of readings every 2 s on a transmission structure', async () => {
    const db = ctx.database.db;
    const company = await createCompany(db, `Demo lean ${process.pid}`);
    const projectId = await createProject(db, company, { ptypeId: 2 });
    const lineId = await createLine(db, company, projectId, `Demo Lean ${process.pid}`);
    const [structureId] = (await createStructures(db, projectId, lineId, 1, { prefix: 'DE-' })).structureIds;
    const { device, token } = await register(structureId!);
    const [, pole] = simDevices(
      ['steady', device].map((deviceId) => ({ deviceId, token })),
      Math.random,
      demoLeanPlan(),
    );
    const ingestor = new SensorIngestor(db, ctx.app.log, { notifier });
    const start = Date.now() - 10 * 60_000;
    let raisedAt: number | null = null;
    for (let t = start; t <= start + 4 * 60_000 && raisedAt === null; t += 2000) {
      const reading = nextReading(pole!, new Date(t), 2000, () => 0.5);
      if (reading) ingestor.accept(device, JSON.stringify({ ...reading, battery: 80 }));
      if ((t - start) % 20_000 === 0) {
        await ingestor.flush();
        if ((await alertsOf(device)).some((a) => a.raised)) raisedAt = t;
      }
    }
    await ingestor.close();
    expect(raisedAt, 'raised within 4 minutes').not.toBeNull();
    expect((await alertsOf(device))[0]).toMatchObject({ kind: 'tilt', level: 2, raised: true, ended: false });
  });
});
