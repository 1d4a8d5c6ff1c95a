import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let customer: Record<string, string>;
let structureIds: number[];
let seq = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'Sensors Test Utility');
  const projectId = await createProject(db, companyId);
  const lineId = await createLine(db, companyId, projectId);
  ({ structureIds } = await createStructures(db, projectId, lineId, 2));
  admin = bearer(await loginToken(ctx.app, await createUser(db, 'super_admin')));
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
});
afterAll(() => ctx.close());

const deviceId = () => `T-${process.pid}-${++seq}`;
const register = (payload: object, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/sensors/devices', payload, headers });
async function registered(structureId = structureIds[0]!) {
  const id = deviceId();
  const res = await register({ device_id: id, structure_id: structureId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ device_id: string; token: string }>();
}
const send = (token: string | null, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sensors/readings',
    payload: payload as object,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
const message = (at: string, extra: object = {}) => ({
  payload_time: at,
  payload: {
    tilt: [{ x: 1.5, y: -0.2, z: 89 }],
    vibration: [{ x: 0.1, y: 0.2, z: 0.05 }],
    temp_humidity: 40,
  },
  ...extra,
});
const readings = (id: string) =>
  sqlRows<{ payload_time: Date }>(
    ctx.database.db,
    sql`select payload_time from sensor_readings where device_id = ${id} order by payload_time`,
  );
const device = async (id: string) =>
  (
    await sqlRows<Record<string, unknown>>(
      ctx.database.db,
      sql`select token_hash, battery, last_seen_at, latest_payload_time, latest_payload, first_vibration_time, retired_at, structure_id
          from sensor_devices where device_id = ${id}`,
    )
  )[0]!;

describe('device registration', () => {
  it('answers the token once and keeps only its hash', async () => {
    const { device_id, token } = await registered();
    expect(token.length).toBeGreaterThanOrEqual(40);
    const row = await device(device_id);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
  });

  it('refuses customers, a taken id (409), an unknown structure (404) and a bad id (400), writing nothing', async () => {
    const id = deviceId();
    expect((await register({ device_id: id, structure_id: structureIds[0] }, customer)).statusCode).toBe(403);
    expect((await register({ device_id: id, structure_id: 99_999_999 })).statusCode).toBe(404);
    expect((await register({ device_id: 'bad/id', structure_id: structureIds[0] })).statusCode).toBe(400);
    expect((await register({ device_id: id })).statusCode).toBe(400);
    expect(await sqlRows(ctx.database.db, sql`select 1 from sensor_devices where device_id = ${id}`)).toEqual(
      [],
    );
    expect((await register({ device_id: id, structure_id: structureIds[0] })).statusCode).toBe(201);
    expect((await register({ device_id: id, structure_id: structureIds[1] })).statusCode).toBe(409);
  });

  it('two registrations of one id at once: one 201, one 409', async () => {
    const id = deviceId();
    const answers = await Promise.all([
      register({ device_id: id, structure_id: structureIds[0] }),
      register({ device_id: id, structure_id: structureIds[1] }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('moves a device (token kept) and retires it (token refused, readings kept)', async () => {
    const { device_id, token } = await registered();
    expect((await send(token, message('2026-11-28T01:00:00Z'))).statusCode).toBe(202);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/sensors/devices/${device_id}`,
      payload: { structure_id: structureIds[1] },
      headers: admin,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().structure_id).toBe(structureIds[1]);
    expect((await send(token, message('2026-11-28T01:01:00Z'))).statusCode).toBe(202);
    const retire = () =>
      ctx.app.inject({ method: 'DELETE', url: `/api/v1/sensors/devices/${device_id}`, headers: admin });
    const retired = await retire();
    expect(retired.statusCode).toBe(200);
    expect(retired.json().retired_at).toMatch(/Z$/);
    expect((await retire()).json().retired_at).toBe(retired.json().retired_at);
    const refused = await send(token, message('2026-11-28T01:02:00Z'));
    expect(refused.statusCode).toBe(401);
    expect(await readings(device_id)).toHaveLength(2);
    const moveRetired = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/sensors/devices/${device_id}`,
      payload: { structure_id: structureIds[0] },
      headers: admin,
    });
    expect(moveRetired.statusCode).toBe(409);
  });
});

describe('HTTP readings', () => {
  it('stores a message, keeps the latest value, battery and first vibration time', async () => {
    const { device_id, token } = await registered();
    const res = await send(token, message('2026-11-28T02:00:00.000+01:00', { battery: 87.5 }));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: 1, stored: 1 });
    // An older message later: stored, but the latest value stays the newer one.
    await send(token, message('2026-11-28T00:30:00Z', { battery: 99 }));
    const row = await device(device_id);
    expect(new Date(row.latest_payload_time as string).toISOString()).toBe('2026-11-28T01:00:00.000Z');
    expect(row.battery).toBe(87.5);
    expect(new Date(row.first_vibration_time as string).toISOString()).toBe('2026-11-28T00:30:00.000Z');
    expect(row.last_seen_at).not.toBeNull();
    expect(await readings(device_id)).toHaveLength(2);
  });

  it('stores an array once per (device, payload_time), duplicates in it and across requests too', async () => {
    const { device_id, token } = await registered();
    const batch = Array.from({ length: 1000 }, (_, i) =>
      message(new Date(Date.UTC(2026, 10, 1) + (i % 600) * 1000).toISOString()),
    );
    const first = await send(token, batch);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ accepted: 1000, stored: 600 });
    const again = await send(token, batch.slice(0, 10));
    expect(again.json()).toEqual({ accepted: 10, stored: 0 });
    expect(await readings(device_id)).toHaveLength(600);
  });

  it('the same reading sent twice at once is stored once', async () => {
    const { device_id, token } = await registered();
    const answers = await Promise.all([
      send(token, message('2026-11-28T03:00:00Z')),
      send(token, message('2026-11-28T03:00:00Z')),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(answers.map((r) => r.json().stored).sort()).toEqual([0, 1]);
    expect(await readings(device_id)).toHaveLength(1);
  });

  it('refuses an unknown token or none (401)', async () => {
    expect((await send(null, message('2026-11-28T03:00:00Z'))).statusCode).toBe(401);
    expect((await send('not-a-device-token', message('2026-11-28T03:00:00Z'))).statusCode).toBe(401);
  });

  it('refuses a bad message whole (400) with nothing stored', async () => {
    const { device_id, token } = await registered();
    const bad: unknown[] = [
      { payload: {} },
      message('yesterday'),
      message('2026-11-28T03:00:00'),
      message('2026-11-28T03:00:00Z', { battery: 101 }),
      message('2026-11-28T03:00:00Z', { extra: 1 }),
      { payload_time: '2026-11-28T03:00:00Z', payload: { tilt: [{ x: 'a', y: 0, z: 0 }] } },
      { payload_time: '2026-11-28T03:00:00Z', payload: { radiation: 3 } },
      [],
      Array.from({ length: 1001 }, () => message('2026-11-28T03:00:00Z')),
      [message('2026-11-28T04:00:00Z'), message('2026-11-28T05:00:00Z', { battery: -1 })],
    ];
    for (const body of bad) {
      const res = await send(token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await readings(device_id)).toEqual([]);
    expect((await device(device_id)).last_seen_at).toBeNull();
  });
});
