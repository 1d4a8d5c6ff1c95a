import { randomUUID } from 'node:crypto';
import type { DroneAlert, DroneStatus } from '@linewalker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { droneCommands } from '../../platform/db/schema/index.ts';
import { createDrone } from '../../testing/drones.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { FlightRecorder } from './flightRecorder.ts';

let ctx: TestContext;
let watcher: Record<string, string>;
let customer: Record<string, string>;
let pilotId: number;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Flight Log Electric');
  const pilot = await createUser(db, 'inspector');
  pilotId = pilot.id;
  watcher = bearer(await loginToken(ctx.app, await createUser(db, 'user')));
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
});
afterAll(() => ctx.close());

/** A status `ms` after `start`, `north` metres north of home. */
function status(
  start: number,
  ms: number,
  airborne: boolean,
  north: number,
  alerts: DroneAlert[] = [],
): DroneStatus {
  const home = { lat: 46.9, lon: -120.5, alt: 400 };
  return {
    airborne,
    armed: true,
    home,
    location: { lat: home.lat + north / 111_320, lon: home.lon, alt: home.alt + (airborne ? 20 : 0) },
    last_command_executed: null,
    mode: airborne ? 'manual' : 'landed',
    batteryPercent: 90 - ms / 1000,
    remainingFlightSeconds: 1200,
    flightSeconds: ms / 1000,
    altitude: airborne ? 20 : 0,
    speed: airborne ? 5 : 0,
    heading: 0,
    gimbalPitch: -30,
    linkQuality: 1,
    recording: false,
    videoMode: 'SD',
    alerts,
    at: start + ms,
  };
}

describe('the flight log', () => {
  it('records a flight from take-off to landing (track a second, failsafes, commands, captures) and replays it', async () => {
    const db = ctx.database.db;
    const droneId = await createDrone(db, companyId);
    const errors: unknown[] = [];
    const recorder = new FlightRecorder(
      db,
      droneId,
      () => pilotId,
      (err) => errors.push(err),
    );
    const start = Date.now();
    recorder.onStatus(status(start, -500, false, 0));
    // Ten statuses a second for four seconds, flying north at 5 m/s; the battery warning at 2 s, cleared at 3 s.
    for (let ms = 0; ms <= 4000; ms += 100) {
      const alerts: DroneAlert[] = ms >= 2000 && ms < 3000 ? ['batteryLow'] : [];
      recorder.onStatus(status(start, ms, true, (ms / 1000) * 5, alerts));
    }
    recorder.onStatus(status(start, 4100, false, 20));
    // After landing, nothing more is logged.
    recorder.onStatus(status(start, 4200, false, 20));
    await recorder.close();
    expect(errors).toEqual([]);
    // A capture sent during the flight, which became photo 77.
    await db.insert(droneCommands).values({
      droneId,
      requestId: randomUUID(),
      endpoint: '/capture',
      requestJson: { projectId: 1 },
      sentBy: pilotId,
      createdAt: new Date(start + 1500),
      result: { ok: true, result: 'executed', message: null, imageId: 77 },
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/drones/${droneId}/flights`,
      headers: watcher,
    });
    expect(list.statusCode, list.body).toBe(200);
    const flights = list.json();
    expect(flights).toHaveLength(1);
    expect(flights[0]).toMatchObject({
      drone_id: droneId,
      started_at: new Date(start).toISOString(),
      ended_at: new Date(start + 4100).toISOString(),
      points: 6,
      commands: 1,
      captures: 1,
    });
    expect(flights[0].pilot_name).toEqual(expect.any(String));

    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/drones/${droneId}/flights/${flights[0].id}`,
      headers: watcher,
    });
    expect(detail.statusCode).toBe(200);
    const flight = detail.json();
    // A sample at 0, 1, 2, 3 and 4 s, and the landing.
    expect(flight.track.map((p: { at: string }) => Date.parse(p.at) - start)).toEqual([
      0, 1000, 2000, 3000, 4000, 4100,
    ]);
    expect(flight.track[4].lat).toBeCloseTo(46.9 + 20 / 111_320, 7);
    expect(flight.events.map((e: { kind: string }) => e.kind)).toEqual([
      'takeoff',
      'batteryLow',
      'batteryLowCleared',
      'landed',
    ]);
    expect(flight.command_log).toEqual([
      expect.objectContaining({ endpoint: '/capture', result: 'executed', image_id: 77 }),
    ]);

    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/drones/${await createDrone(db, companyId)}/flights/${flights[0].id}`,
      headers: watcher,
    });
    expect(other.statusCode).toBe(404);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/drones/${droneId}/flights`,
      headers: customer,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('closes a flight left open by a process that died at the next take-off', async () => {
    const db = ctx.database.db;
    const droneId = await createDrone(db, companyId);
    const start = Date.now();
    const dead = new FlightRecorder(
      db,
      droneId,
      () => null,
      () => {},
    );
    dead.onStatus(status(start, 0, true, 0));
    dead.onStatus(status(start, 1000, true, 5));
    // Its writes land, but it never logs a landing.
    await (dead as unknown as { writes: Promise<void> }).writes;
    const next = new FlightRecorder(
      db,
      droneId,
      () => pilotId,
      () => {},
    );
    next.onStatus(status(start, 5000, true, 0));
    next.onStatus(status(start, 6000, false, 0));
    await next.close();
    const flights = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/drones/${droneId}/flights`, headers: watcher })
    ).json();
    expect(flights.map((f: { ended_at: string }) => Date.parse(f.ended_at) - start)).toEqual([6000, 1000]);
  });
});
