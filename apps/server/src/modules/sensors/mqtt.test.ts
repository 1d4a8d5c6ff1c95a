import { sensorTopic } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './mqttBroker.ts';
import { type MqttSubscriber, startSubscriber } from './mqttSubscriber.ts';
import { SensorIngestor } from './sensorIngestor.ts';

/** The machine's (and CI's) Mosquitto, which lets loopback clients in without credentials. */
const MOSQUITTO = process.env.MOSQUITTO_URL ?? 'mqtt://127.0.0.1:1883';

let ctx: TestContext;
let admin: Record<string, string>;
let structureId: number;
let seq = 0;
const clients: MqttClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'MQTT Test Utility');
  const projectId = await createProject(db, companyId);
  const lineId = await createLine(db, companyId, projectId);
  [structureId] = (await createStructures(db, projectId, lineId, 1)).structureIds as [number];
  admin = bearer(await loginToken(ctx.app, await createUser(db, 'super_admin')));
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await ctx.close();
});

async function registerDevice() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sensors/devices',
    payload: { device_id: `M-${process.pid}-${Date.now() % 100000}-${++seq}`, structure_id: structureId },
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ device_id: string; token: string }>();
}
const message = (i: number, extra: object = {}) =>
  JSON.stringify({
    payload_time: new Date(Date.UTC(2026, 10, 28, 0, 0, i)).toISOString(),
    payload: { tilt: [{ x: 1 + i / 100, y: 0, z: 89 }], vibration: [{ x: 0.1, y: 0.1, z: 0.1 }] },
    ...extra,
  });
const count = async (deviceId: string) =>
  Number(
    (
      await sqlRows<{ n: number | string }>(
        ctx.database.db,
        sql`select count(*) as n from sensor_readings where device_id = ${deviceId}`,
      )
    )[0]!.n,
  );
/** Waits (up to 15 s) until `check` holds; the test then asserts the state, not the time taken. */
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}
async function connect(url: string, options: mqtt.IClientOptions = {}): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, ...options });
  clients.push(client);
  return client;
}
const publishAll = (client: MqttClient, topic: string, messages: string[]) =>
  Promise.all(messages.map((m) => client.publishAsync(topic, m, { qos: 1 })));
/** A newly registered device, connected to Mosquitto, whose readings 0…n−1 the broker has acknowledged. */
async function deviceThatPublished(n: number) {
  const { device_id } = await registerDevice();
  const device = await connect(MOSQUITTO, { protocolVersion: 5 });
  await publishAll(
    device,
    sensorTopic(device_id),
    Array.from({ length: n }, (_, i) => message(i)),
  );
  return { device_id, device };
}

describe('the embedded broker', () => {
  let broker: EmbeddedBroker;
  let ingestor: SensorIngestor;
  let subscriber: MqttSubscriber;
  let url: string;

  beforeAll(async () => {
    broker = (await startEmbeddedBroker(ctx.database.db, ctx.app.log, 0, '127.0.0.1'))!;
    url = `mqtt://127.0.0.1:${broker.port}`;
    ingestor = new SensorIngestor(ctx.database.db, ctx.app.log);
    subscriber = startSubscriber(ingestor, ctx.app.log, {
      url,
      username: broker.username,
      password: broker.password,
      clientId: `test-ingest-${process.pid}`,
      shared: false,
      protocolVersion: 4,
    });
    await subscriber.connected;
  });
  afterAll(async () => {
    await subscriber.close();
    await broker.close();
  });

  it('stores a device’s readings (QoS 1), a duplicate once, and keeps its battery', async () => {
    const { device_id, token } = await registerDevice();
    const device = await connect(url, { username: device_id, password: token });
    const batch = Array.from({ length: 200 }, (_, i) => message(i, { battery: 90 - i / 10 }));
    await publishAll(device, sensorTopic(device_id), [...batch, batch[0]!, batch[1]!]);
    await until(async () => (await count(device_id)) === 200);
    await ingestor.flush();
    expect(await count(device_id)).toBe(200);
    const [row] = await sqlRows<{ battery: number }>(
      ctx.database.db,
      sql`select battery from sensor_devices where device_id = ${device_id}`,
    );
    expect(row!.battery).toBeCloseTo(90 - 199 / 10);
  });

  it('refuses an unknown device, a wrong token and a retired device at connection', async () => {
    const { device_id, token } = await registerDevice();
    await expect(connect(url, { username: 'nobody-here', password: token })).rejects.toThrow();
    await expect(connect(url, { username: device_id, password: 'wrong' })).rejects.toThrow();
    await expect(connect(url, {})).rejects.toThrow();
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/sensors/devices/${device_id}`, headers: admin });
    await expect(connect(url, { username: device_id, password: token })).rejects.toThrow();
  });

  it('a device may not publish as another device', async () => {
    const a = await registerDevice();
    const b = await registerDevice();
    const device = await connect(url, { username: a.device_id, password: a.token });
    // The broker refuses the publish and drops the connection (MQTT 3.1.1 has no negative PUBACK).
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    device.publish(sensorTopic(b.device_id), message(1), { qos: 1 });
    await closed;
    await ingestor.flush();
    expect(await count(b.device_id)).toBe(0);
  });

  it('counts and logs bad messages, stores none of them, and keeps the subscriber running', async () => {
    const { device_id, token } = await registerDevice();
    const device = await connect(url, { username: device_id, password: token });
    const badBefore = ingestor.stats.bad;
    const bad = [
      'not json',
      JSON.stringify({ payload: {} }),
      message(5, { battery: 150 }),
      message(6, { extra: true }),
      JSON.stringify({ payload_time: '2026-11-28T00:00:00Z', payload: { tilt: [{ x: 'a', y: 0, z: 0 }] } }),
    ];
    await publishAll(device, sensorTopic(device_id), [...bad, message(7)]);
    await until(async () => (await count(device_id)) === 1);
    expect(ingestor.stats.bad - badBefore).toBe(bad.length);
    expect(await count(device_id)).toBe(1);
  });
});

describe('an external broker (the machine’s Mosquitto)', () => {
  /**
   * Each test its own share group: a persistent session that went away still takes its share of the
   * group's messages (queued for it on the broker), so another test's sessions would take readings.
   */
  const subscriberOn = (ingestor: SensorIngestor, clientId: string, group = `lw-test-${clientId}`) =>
    startSubscriber(ingestor, ctx.app.log, {
      url: MOSQUITTO,
      clientId,
      shared: true,
      shareGroup: group,
      sessionExpirySeconds: 120,
    });

  it('stores readings once with two servers on one shared subscription', async () => {
    const ingestors = [
      new SensorIngestor(ctx.database.db, ctx.app.log),
      new SensorIngestor(ctx.database.db, ctx.app.log),
    ];
    const group = `lw-test-${process.pid}-${Date.now()}-two`;
    const subs = ingestors.map((ing, i) => subscriberOn(ing, `test-${process.pid}-two-${i}`, group));
    await Promise.all(subs.map((s) => s.subscribed));
    const { device_id } = await deviceThatPublished(500);
    await until(async () => (await count(device_id)) === 500 && ingestors.every((x) => x.stats.received > 0));
    await Promise.all(subs.map((s) => s.close()));
    expect(await count(device_id)).toBe(500);
    expect(ingestors[0]!.stats.received + ingestors[1]!.stats.received).toBe(500);
    expect(ingestors[0]!.stats.stored + ingestors[1]!.stats.stored).toBe(500);
  });

  it('acknowledges a reading only once it is committed: a server that stops before that loses none', async () => {
    const clientId = `test-${process.pid}-${Date.now()}-crash`;
    // Batches wait a minute: nothing is committed before this server stops.
    const first = new SensorIngestor(ctx.database.db, ctx.app.log, { maxDelayMs: 60_000 });
    const sub = subscriberOn(first, clientId);
    await sub.subscribed;
    const { device_id } = await deviceThatPublished(50);
    await until(() => first.stats.received === 50);
    // The process dies: the connection drops with the readings only in its memory.
    sub.client.stream.destroy();
    await sub.client.endAsync(true);
    expect(first.stats.stored).toBe(0);
    const second = new SensorIngestor(ctx.database.db, ctx.app.log);
    const again = subscriberOn(second, clientId);
    await again.subscribed;
    await until(async () => (await count(device_id)) === 50);
    await again.close();
    await first.close();
    expect(await count(device_id)).toBe(50);
    expect(second.stats.received).toBe(50);
  });

  it('keeps readings published while the server is away (persistent session) and drops unknown devices', async () => {
    const clientId = `test-${process.pid}-${Date.now()}-restart`;
    const first = new SensorIngestor(ctx.database.db, ctx.app.log);
    const sub = subscriberOn(first, clientId);
    await sub.subscribed;
    const { device_id, device } = await deviceThatPublished(100);
    await until(async () => (await count(device_id)) === 100);
    await sub.close();
    // The server is down: these wait in its session on the broker.
    await publishAll(
      device,
      sensorTopic(device_id),
      Array.from({ length: 100 }, (_, i) => message(100 + i)),
    );
    await device.publishAsync(sensorTopic('never-registered'), message(1), { qos: 1 });
    const second = new SensorIngestor(ctx.database.db, ctx.app.log);
    const again = subscriberOn(second, clientId);
    await again.subscribed;
    await until(async () => (await count(device_id)) === 200 && second.stats.unknownDevice === 1);
    await again.close();
    expect(await count(device_id)).toBe(200);
    expect(second.stats.unknownDevice).toBe(1);
  });
});
