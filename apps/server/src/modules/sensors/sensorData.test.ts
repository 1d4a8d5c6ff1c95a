import { SensorStructureList, type SensorStructureValue } from '@linewalker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let customerA: Record<string, string>;
let companyA: number;
let companyB: number;
const devices: Record<string, { device_id: string; token: string }> = {};

async function companyWithStructure(name: string) {
  const db = ctx.database.db;
  const companyId = await createCompany(db, name);
  const projectId = await createProject(db, companyId);
  const lineId = await createLine(db, companyId, projectId, `${name} Line`);
  const { structureIds } = await createStructures(db, projectId, lineId, 1, { prefix: `${name}-` });
  return { companyId, structureId: structureIds[0]! };
}
async function register(id: string, structureId: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sensors/devices',
    payload: { device_id: id, structure_id: structureId },
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(201);
  devices[id] = res.json();
}
const send = (id: string, body: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sensors/readings',
    payload: body as object,
    headers: { authorization: `Bearer ${devices[id]!.token}` },
  });
const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'super_admin')));
  const a = await companyWithStructure('Alpha');
  const b = await companyWithStructure('Bravo');
  companyA = a.companyId;
  companyB = b.companyId;
  customerA = bearer(
    await loginToken(ctx.app, await createUser(ctx.database.db, 'customer', { companyId: companyA })),
  );
  await register(`A-${process.pid}`, a.structureId);
  await register(`B-${process.pid}`, b.structureId);
  // Alpha's device: 3,000 readings over the last 50 minutes, leaning 12°, one burst of 2 g.
  const now = Date.now();
  const batch = Array.from({ length: 3000 }, (_, i) => ({
    payload_time: new Date(now - (3000 - i) * 1000).toISOString(),
    payload: {
      tilt: [{ x: 12, y: 1, z: 78 }],
      vibration: [{ x: i === 1500 ? 2 : 0.1, y: 0.05 + (i % 7) / 100, z: 0.01 }],
    },
    battery: 80,
  }));
  for (let i = 0; i < batch.length; i += 1000)
    expect((await send(`A-${process.pid}`, batch.slice(i, i + 1000))).statusCode).toBe(202);
  await send(`B-${process.pid}`, {
    payload_time: new Date(now - 1000).toISOString(),
    payload: { tilt: [{ x: 0.5, y: 0, z: 90 }] },
  });
});
afterAll(() => ctx.close());

describe('GET /structures/sensor_data', () => {
  it('a customer sees only its company; staff see all, or one company with company_id', async () => {
    const mine = (await get(`/api/v1/structures/sensor_data?company_id=${companyB}`, customerA)).json<
      SensorStructureValue[]
    >();
    expect(mine.map((r) => r.common_sense_device_id)).toEqual([`A-${process.pid}`]);
    const all = (await get('/api/v1/structures/sensor_data', admin)).json<SensorStructureValue[]>();
    expect(all.map((r) => r.common_sense_device_id)).toEqual(
      expect.arrayContaining([`A-${process.pid}`, `B-${process.pid}`]),
    );
    const bravo = (await get(`/api/v1/structures/sensor_data?company_id=${companyB}`, admin)).json<
      SensorStructureValue[]
    >();
    expect(bravo.map((r) => r.common_sense_device_id)).toEqual([`B-${process.pid}`]);
  });

  it('answers the latest values, the risk and no vibrations unless the device is selected', async () => {
    const [row] = (await get(`/api/v1/structures/sensor_data?device_id=B-${process.pid}`, customerA)).json<
      SensorStructureValue[]
    >();
    expect(row).toMatchObject({
      line_name: 'Alpha Line',
      struct_num: 'Alpha-1',
      tilt_x: 12,
      tilt_y: 1,
      battery: 80,
      alert: 3,
    });
    expect(row!.latitude).toBeCloseTo(38.8);
    expect(row!.vibrations).toEqual([]);
    expect(row!.first_vibration_reading_date).toMatch(/Z$/);
  });

  it("with no device named, the first row (the page's first selection) carries its vibrations", async () => {
    const mine = (await get('/api/v1/structures/sensor_data?range=1h', customerA)).json<
      SensorStructureValue[]
    >();
    expect(mine.map((r) => r.common_sense_device_id)).toEqual([`A-${process.pid}`]);
    expect(mine[0]!.vibrations.length).toBeGreaterThan(100);
    const all = (await get('/api/v1/structures/sensor_data?range=1h', admin)).json<SensorStructureValue[]>();
    expect(all.filter((r) => r.vibrations.length > 0).map((r) => r.common_sense_device_id)).toEqual(
      all[0]!.vibrations.length > 0 ? [all[0]!.common_sense_device_id] : [],
    );
  });

  it('downsamples the selected device to at most 1,000 points, keeping the peak', async () => {
    const res = await get(`/api/v1/structures/sensor_data?device_id=A-${process.pid}&range=1h`, customerA);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json<SensorStructureValue[]>();
    expect(row!.vibrations.length).toBeGreaterThan(100);
    expect(row!.vibrations.length).toBeLessThanOrEqual(1000);
    expect(Math.max(...row!.vibrations.map((p) => p.x))).toBe(2);
    expect(Math.min(...row!.vibrations.map((p) => p.y))).toBeCloseTo(0.05);
    const times = row!.vibrations.map((p) => p.recorded_date);
    expect([...times].sort()).toEqual(times);
  });

  it('draws each axis in the order its readings came, with no sawtooth inside the buckets', async () => {
    // A falling vibration: a reading every 3 s for 10 minutes, two or three in each of the hour's 7.2 s buckets.
    const { structureId } = await companyWithStructure('Falling');
    const id = `F-${process.pid}`;
    await register(id, structureId);
    const now = Date.now();
    const readings = Array.from({ length: 200 }, (_, i) => ({
      payload_time: new Date(now - (200 - i) * 3000).toISOString(),
      // Two samples a reading, falling (x) and rising (y) within the reading's list too.
      payload: {
        vibration: [
          { x: 1 - i / 200, y: i / 200, z: 0.5 },
          { x: 1 - i / 200 - 0.001, y: i / 200 + 0.001, z: 0.5 },
        ],
      },
    }));
    expect((await send(id, readings)).statusCode).toBe(202);
    const row = (await get(`/api/v1/structures/sensor_data?device_id=${id}&range=1h`, admin))
      .json<SensorStructureValue[]>()
      .find((r) => r.common_sense_device_id === id);
    const xs = row!.vibrations.map((p) => p.x);
    const ys = row!.vibrations.map((p) => p.y);
    expect(xs.length).toBeGreaterThan(150);
    // Falling in x and rising in y throughout (the old rule drew each bucket low first, then high).
    expect(xs).toEqual([...xs].sort((a, b) => b - a));
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    expect(xs[0]).toBe(1);
    expect(xs.at(-1)).toBe(1 - 199 / 200 - 0.001);
  });

  it('another company’s device named as device_id adds nothing', async () => {
    const rows = (await get(`/api/v1/structures/sensor_data?device_id=B-${process.pid}`, customerA)).json<
      SensorStructureValue[]
    >();
    expect(rows.map((r) => r.common_sense_device_id)).toEqual([`A-${process.pid}`]);
  });

  it('an unchanged refresh answers 304 with the ETag; a new reading changes it', async () => {
    const first = await get('/api/v1/structures/sensor_data', customerA);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    // The JSON the tag was made of is the body sent, as JSON and in the schema's shape.
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(SensorStructureList.parse(first.json())).toEqual(first.json());
    const again = await get('/api/v1/structures/sensor_data', { ...customerA, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await send(`A-${process.pid}`, {
      payload_time: new Date().toISOString(),
      payload: { tilt: [{ x: 1, y: 1, z: 89 }] },
    });
    const changed = await get('/api/v1/structures/sensor_data', { ...customerA, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<SensorStructureValue[]>()[0]!.tilt_x).toBe(1);
  });

  it('refuses a bad range or device id (400)', async () => {
    expect((await get('/api/v1/structures/sensor_data?range=1y', admin)).statusCode).toBe(400);
    expect((await get('/api/v1/structures/sensor_data?device_id=a/b', admin)).statusCode).toBe(400);
  });
});

describe('devices and the latest payload', () => {
  it('lists the devices in scope', async () => {
    const res = await get('/api/v1/structures/sensor_devices', customerA);
    expect(res.json().map((d: { device_id: string }) => d.device_id)).toEqual([`A-${process.pid}`]);
  });

  it('answers the latest payload first; another company’s device 404', async () => {
    const res = await get(`/api/v1/structures/sensor_device_payload?device_id=A-${process.pid}`, customerA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0].payload.tilt[0].x).toBe(1);
    expect(
      (await get(`/api/v1/structures/sensor_device_payload?device_id=B-${process.pid}`, customerA))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/v1/structures/sensor_device_payload?device_id=B-${process.pid}`, admin)).statusCode,
    ).toBe(200);
  });
});
