import { SensorMessage } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { startEmbeddedBroker } from './mqttBroker.ts';
import { startSubscriber } from './mqttSubscriber.ts';
import { SensorIngestor } from './sensorIngestor.ts';
import { nextReading, runSimulator, simDevices, simulatorCredentials } from './simulator.ts';

let ctx: TestContext;
const ids = [`SIMT-${process.pid}-1`, `SIMT-${process.pid}-2`, `SIMT-${process.pid}-3`];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'Simulated Utility');
  const projectId = await createProject(db, companyId);
  const { structureIds } = await createStructures(
    db,
    projectId,
    await createLine(db, companyId, projectId),
    3,
  );
  const admin = bearer(await loginToken(ctx.app, await createUser(db, 'super_admin')));
  for (const [i, id] of ids.entries()) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sensors/devices',
      payload: { device_id: id, structure_id: structureIds[i] },
      headers: admin,
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('the sensor model', () => {
  it('makes valid messages; a leaning pole leans more, the battery drains, a flaky device falls silent', () => {
    const [steady, leaning, , flaky] = simDevices(
      ['a', 'b', 'c', 'd'].map((deviceId) => ({ deviceId, token: 't' })),
    ) as [
      ReturnType<typeof simDevices>[0],
      ReturnType<typeof simDevices>[0],
      unknown,
      ReturnType<typeof simDevices>[0],
    ];
    const start = Date.UTC(2026, 10, 28, 0, 5);
    const first = nextReading(leaning, new Date(start), 60_000)!;
    expect(SensorMessage.safeParse(first).success).toBe(true);
    const battery = leaning.battery;
    for (let k = 1; k <= 120; k++) nextReading(leaning, new Date(start + k * 60_000), 60_000);
    expect(leaning.lean - first.payload.tilt[0]!.x).toBeGreaterThan(2.5);
    expect(leaning.battery).toBeLessThan(battery);
    expect(nextReading(steady, new Date(start), 60_000)).not.toBeNull();
    expect(flaky.flaky).toBe(true);
    expect(nextReading(flaky, new Date(Date.UTC(2026, 10, 28, 0, 1)), 60_000)).toBeNull();
    expect(nextReading(flaky, new Date(Date.UTC(2026, 10, 28, 0, 5)), 60_000)).not.toBeNull();
  });
});

describe('the simulator', () => {
  it('publishes through the embedded broker with fresh tokens, and the readings are stored', async () => {
    const db = ctx.database.db;
    const broker = (await startEmbeddedBroker(db, ctx.app.log, 0, '127.0.0.1'))!;
    const ingestor = new SensorIngestor(db, ctx.app.log);
    const url = `mqtt://127.0.0.1:${broker.port}`;
    const sub = startSubscriber(ingestor, ctx.app.log, {
      url,
      username: broker.username,
      password: broker.password,
      clientId: `sim-test-${process.pid}`,
      shared: false,
      protocolVersion: 4,
    });
    await sub.subscribed;
    const credentials = await simulatorCredentials(db, [...ids, 'not-registered']);
    expect(credentials.map((c) => c.deviceId)).toEqual(ids);
    const sim = await runSimulator(simDevices(credentials), 60, ctx.app.log, { brokerUrl: url });
    const stored = async () =>
      Number(
        (
          await sqlRows<{ n: string | number }>(
            db,
            sql`select count(*) as n from sensor_readings where device_id like ${`SIMT-${process.pid}-%`}`,
          )
        )[0]!.n,
      );
    const deadline = Date.now() + 15_000;
    while ((await stored()) < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await sim.stop();
    await sub.close();
    await broker.close();
    expect(await stored()).toBeGreaterThanOrEqual(10);
    expect(ingestor.stats.bad).toBe(0);
  });
});
