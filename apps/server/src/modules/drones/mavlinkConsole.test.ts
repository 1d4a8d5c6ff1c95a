import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drones } from '../../platform/db/schema/index.ts';
import { createDrone, LiveClient, type LiveMessage } from '../../testing/drones.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createProject } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { droneHubOf } from './drones.routes.ts';
import { MavlinkSimulator } from './mavlink/mavlinkSimulator.ts';

/**
 * A drone registered with driver `mavlink`, its address the simulator's MAVLink vehicle on loopback UDP, flown
 * through the API as the console does it; its status arrives on the live connection.
 */
const HOME = { lat: 46.9, lon: -120.5, alt: 400 };

let ctx: TestContext;
let baseUrl: string;
let companyId: number;
let pilot: string;
let admin: string;
let sim: MavlinkSimulator;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'MAVLink Electric');
  pilot = await loginToken(ctx.app, await createUser(db, 'inspector'));
  admin = await loginToken(ctx.app, await createUser(db, 'super_admin'));
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  sim = await MavlinkSimulator.start({ home: HOME, params: { takeoffAltitude: 10 } });
});
afterAll(async () => {
  await ctx.close();
  await sim.close();
});

async function mavlinkDrone(port: number, projectId: number | null = null): Promise<number> {
  const [row] = await ctx.database.db
    .insert(drones)
    .values({
      name: `MAVLink Quad ${port}`,
      serialNumber: `MAV-${process.pid}-${Date.now()}-${port}`,
      companyId,
      driver: 'mavlink',
      address: `127.0.0.1:${port}`,
      homeLat: HOME.lat,
      homeLon: HOME.lon,
      homeAlt: HOME.alt,
      projectId,
    })
    .returning({ id: drones.id });
  return row!.id;
}

const command = (droneId: number, endpoint: string, requestId = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/drones/sendCommand/${droneId}`,
    headers: bearer(pilot),
    payload: { requestId, endpoint, requestJson: null },
  });

const takeControl = (droneId: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/drones/${droneId}/control`, headers: bearer(pilot) });

const retire = (droneId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/drones/${droneId}/retire`,
    headers: bearer(admin),
    payload: { retired: true },
  });

const statusOf = (m: LiveMessage) => m.payload as { armed: boolean; airborne: boolean; altitude: number };

describe('a MAVLink drone through the API', () => {
  it('is flown by POST /drones/sendCommand/{id} and its status arrives on the WebSocket', async () => {
    const droneId = await mavlinkDrone(sim.port);
    expect((await takeControl(droneId)).statusCode).toBe(200);
    const client = await LiveClient.open(baseUrl, pilot);
    try {
      client.send({ droneId, op: 'subscriber' });
      const first = await client.next((m) => m.op === 'status');
      expect(first.payload).toMatchObject({ armed: false, airborne: false, home: HOME });

      const armed = await command(droneId, '/arm');
      expect(armed.statusCode, armed.body).toBe(200);
      expect(armed.json()).toMatchObject({ endpoint: '/arm', ok: true, result: 'executed', message: null });
      expect(sim.vehicle.armed).toBe(true);
      await client.next((m) => m.op === 'status' && statusOf(m).armed);

      expect((await command(droneId, '/takeoff')).json()).toMatchObject({ ok: true, result: 'executed' });
      const high = await client.next(
        (m) => m.op === 'status' && statusOf(m).airborne && statusOf(m).altitude > 5,
      );
      expect(high.payload).toMatchObject({ last_command_executed: '/takeoff', mode: expect.any(String) });

      // A command the vehicle refuses comes back as `rejected` with its reason; each is logged.
      expect((await command(droneId, '/disarm')).json()).toMatchObject({
        ok: false,
        result: 'rejected',
        message: 'the vehicle answered denied',
      });
      expect((await command(droneId, '/land')).json()).toMatchObject({ ok: true });
      await client.next((m) => m.op === 'status' && !statusOf(m).airborne);
      const logged = await sqlRows<{ endpoint: string; ok: boolean }>(
        ctx.database.db,
        sql`select endpoint, (result->>'ok')::boolean as ok from drone_commands
            where drone_id = ${droneId} order by id`,
      );
      expect(logged).toEqual([
        { endpoint: '/arm', ok: true },
        { endpoint: '/takeoff', ok: true },
        { endpoint: '/disarm', ok: false },
        { endpoint: '/land', ok: true },
      ]);
    } finally {
      client.close();
    }
  }, 90_000);

  it("streams the vehicle's camera to the console and captures into the drone's project", async () => {
    const camera = await MavlinkSimulator.start({
      home: HOME,
      scene: { structures: [{ e: 0, n: 30, height: 18 }], spans: [] },
    });
    const client = await LiveClient.open(baseUrl, pilot);
    try {
      const projectId = await createProject(ctx.database.db, companyId);
      const droneId = await mavlinkDrone(camera.port, projectId);
      expect((await takeControl(droneId)).statusCode).toBe(200);
      client.send({ droneId, op: 'subscriber' });
      await client.next((m) => m.op === 'status');
      // MJPEG from the vehicle's stream (VIDEO_STREAM_INFORMATION) → detectorFrame messages.
      const frame = await client.next((m) => m.op === 'detectorFrame');
      expect(typeof frame.payload.image).toBe('string');

      const res = await command(droneId, '/capture');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ok: true, result: 'executed', imageId: expect.any(Number) });
      const [image] = await sqlRows<{ project_id: number; lat: number; camera_make: string }>(
        ctx.database.db,
        sql`select project_id, location[1]::float8 as lat, camera_make from images where id = ${res.json().imageId}`,
      );
      expect(image).toMatchObject({ project_id: projectId, camera_make: 'Linewalker' });
      expect(image!.lat).toBeCloseTo(HOME.lat, 5);
    } finally {
      client.close();
      await camera.close();
    }
  }, 60_000);

  it('answers `unreachable` with the reason when nothing answers at the address', async () => {
    // A port nothing listens on: no heartbeat ever comes.
    const silent = await MavlinkSimulator.start({ home: HOME });
    const port = silent.port;
    await silent.close();
    const droneId = await mavlinkDrone(port);
    expect((await takeControl(droneId)).statusCode).toBe(200);
    const res = await command(droneId, '/arm');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: false,
      result: 'unreachable',
      message: 'vehicle link lost: no heartbeat from the vehicle for over 3 s',
    });
  }, 30_000);
});

describe('a MAVLink vehicle falling silent', () => {
  it('stops its status on the WebSocket (the console shows the link lost) and commands answer unreachable', async () => {
    const vehicle = await MavlinkSimulator.start({ home: HOME });
    const client = await LiveClient.open(baseUrl, pilot);
    try {
      const droneId = await mavlinkDrone(vehicle.port);
      expect((await takeControl(droneId)).statusCode).toBe(200);
      client.send({ droneId, op: 'subscriber' });
      await client.next((m) => m.op === 'status');
      vehicle.faults.silent = true;
      // Past the 3 s heartbeat timeout: no status for a whole second, and commands are refused with why.
      await new Promise((r) => setTimeout(r, 4_500));
      const before = client.messages.filter((m) => m.op === 'status').length;
      await new Promise((r) => setTimeout(r, 1_000));
      expect(client.messages.filter((m) => m.op === 'status').length).toBe(before);
      expect((await command(droneId, '/arm')).json()).toMatchObject({
        ok: false,
        result: 'unreachable',
        message: 'vehicle link lost: no heartbeat from the vehicle for over 3 s',
      });
      expect(vehicle.vehicle.armed).toBe(false);
      // The vehicle speaks again: status returns, commands go through.
      vehicle.faults.silent = false;
      await client.next((m) => m.op === 'status');
      expect((await command(droneId, '/arm')).json()).toMatchObject({ ok: true, result: 'executed' });
    } finally {
      client.close();
      await vehicle.close();
    }
  }, 30_000);
});

describe('retiring a drone', () => {
  it('stops its running MAVLink link: the vehicle hears no more from the server', async () => {
    const vehicle = await MavlinkSimulator.start({ home: HOME });
    try {
      const droneId = await mavlinkDrone(vehicle.port);
      expect((await takeControl(droneId)).statusCode).toBe(200);
      expect((await command(droneId, '/arm')).json()).toMatchObject({ ok: true });
      const hub = droneHubOf(ctx.app);
      expect(hub.holds(droneId)).toBe(true);

      expect((await retire(droneId)).statusCode).toBe(200);
      expect(hub.holds(droneId)).toBe(false);
      const [lease] = await sqlRows<{ link_holder: string | null }>(
        ctx.database.db,
        sql`select link_holder from drones where id = ${droneId}`,
      );
      expect(lease!.link_holder).toBeNull();
      // The ground station's heartbeat (1 Hz) stops: nothing reaches the vehicle for 2.5 s.
      const retiredAt = Date.now();
      await new Promise((r) => setTimeout(r, 2_500));
      expect(vehicle.lastHeard).toBeLessThan(retiredAt + 100);
      expect((await command(droneId, '/disarm')).statusCode).toBe(404);
    } finally {
      await vehicle.close();
    }
  }, 30_000);

  it('stops a running simulated link too, and a watcher does not start it again', async () => {
    const droneId = await createDrone(ctx.database.db, companyId);
    expect((await takeControl(droneId)).statusCode).toBe(200);
    const client = await LiveClient.open(baseUrl, pilot);
    try {
      client.send({ droneId, op: 'subscriber' });
      await client.next((m) => m.op === 'status');
      const hub = droneHubOf(ctx.app);
      expect(hub.holds(droneId)).toBe(true);
      expect((await retire(droneId)).statusCode).toBe(200);
      expect(hub.holds(droneId)).toBe(false);
      const count = client.messages.filter((m) => m.op === 'status').length;
      // Past a lease tick (the watcher is still subscribed), the link stays down: no new status.
      await new Promise((r) => setTimeout(r, 2_500));
      expect(hub.holds(droneId)).toBe(false);
      expect(client.messages.filter((m) => m.op === 'status').length).toBeLessThanOrEqual(count + 1);
    } finally {
      client.close();
    }
  }, 30_000);
});
