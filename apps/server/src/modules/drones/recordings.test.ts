import { randomUUID } from 'node:crypto';
import { type DroneFlightDetail, readAviFrames } from '@linewalker/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrone } from '../../testing/drones.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { droneHubOf } from './drones.routes.ts';

let ctx: TestContext;
let companyId: number;
let pilot: Record<string, string>;
let watcher: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Recording Electric');
  pilot = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  watcher = bearer(await loginToken(ctx.app, await createUser(db, 'user')));
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
});
afterAll(() => ctx.close());

const command = (droneId: number, endpoint: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/drones/sendCommand/${droneId}`,
    headers: pilot,
    payload: { requestId: randomUUID(), endpoint, requestJson: null },
  });

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function flightOf(droneId: number): Promise<DroneFlightDetail | null> {
  const list = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/drones/${droneId}/flights`,
    headers: watcher,
  });
  const [flight] = list.json() as { id: number }[];
  if (!flight) return null;
  const detail = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/drones/${droneId}/flights/${flight.id}`,
    headers: watcher,
  });
  return detail.json() as DroneFlightDetail;
}

/** Follows the download's redirect to the signed URL and answers the file. */
async function download(droneId: number, recordingId: number, headers: Record<string, string>) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/drones/${droneId}/recordings/${recordingId}/video`,
    headers,
  });
  if (res.statusCode !== 302) return { status: res.statusCode, body: null };
  const file = await ctx.app.inject({ method: 'GET', url: res.headers.location as string });
  expect(file.statusCode).toBe(200);
  return { status: 302, body: file.rawPayload };
}

describe('recorded video (Space held on the console)', () => {
  it("stores the camera's frames as an MJPEG AVI listed with the flight, which plays back frame for frame", async () => {
    const droneId = await createDrone(ctx.database.db, companyId);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/drones/${droneId}/control`, headers: pilot }))
        .statusCode,
    ).toBe(200);
    expect((await command(droneId, '/arm')).json().result).toBe('executed');
    expect((await command(droneId, '/takeoff')).json().result).toBe('executed');

    // Frames counted from the moment the vehicle records; stop after a few have been rendered.
    const hub = droneHubOf(ctx.app);
    let frames = 0;
    let recording = false;
    const stopWatching = hub.watch(droneId, {
      status: () => {},
      frame: () => {
        if (recording) frames++;
      },
    });
    const started = await command(droneId, '/recordStart');
    expect(started.json().result).toBe('executed');
    recording = true;
    await waitFor(
      async () => frames,
      (n) => n >= 4,
    );
    expect((await command(droneId, '/recordStop')).json().result).toBe('executed');
    stopWatching();

    const flight = await waitFor(
      () => flightOf(droneId),
      (f) => (f?.recordings.length ?? 0) === 1,
    );
    const video = flight!.recordings[0]!;
    expect(video).toMatchObject({ width: 640, height: 360, started_by_name: expect.any(String) });
    expect(video.frames).toBeGreaterThanOrEqual(1);
    expect(Date.parse(video.ended_at)).toBeGreaterThanOrEqual(Date.parse(video.started_at));
    expect(Date.parse(video.started_at)).toBeGreaterThanOrEqual(Date.parse(flight!.started_at));

    const file = await download(droneId, video.id, watcher);
    expect(file.status).toBe(302);
    expect(file.body!.length).toBe(video.bytes);
    const avi = readAviFrames(new Uint8Array(file.body!));
    expect(avi).toMatchObject({ width: 640, height: 360 });
    expect(avi!.frames).toHaveLength(video.frames);
    for (const f of [avi!.frames[0]!, avi!.frames.at(-1)!]) {
      const meta = await sharp(file.body!.subarray(f.offset, f.offset + f.size)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    }

    // Another drone's recording id, a customer, nobody logged in.
    const other = await createDrone(ctx.database.db, companyId);
    expect((await download(other, video.id, watcher)).status).toBe(404);
    expect((await download(droneId, video.id, customer)).status).toBe(403);
    expect((await download(droneId, video.id, {})).status).toBe(401);
    expect((await download(droneId, 2_000_000_000, watcher)).status).toBe(404);
  });

  it('ends a recording the link closes on, and records nothing on the ground', async () => {
    const droneId = await createDrone(ctx.database.db, companyId);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/drones/${droneId}/control`, headers: pilot }))
        .statusCode,
    ).toBe(200);
    // Not airborne: the vehicle refuses to record.
    expect((await command(droneId, '/recordStart')).json().result).toBe('rejected');
    await command(droneId, '/arm');
    await command(droneId, '/takeoff');
    const hub = droneHubOf(ctx.app);
    let frames = 0;
    const stopWatching = hub.watch(droneId, { status: () => {}, frame: () => frames++ });
    expect((await command(droneId, '/recordStart')).json().result).toBe('executed');
    const seen = frames;
    await waitFor(
      async () => frames,
      (n) => n >= seen + 3,
    );
    stopWatching();
    // The server shuts down (the link closes) while recording: the video so far is kept.
    await hub.close();
    const flight = await waitFor(
      () => flightOf(droneId),
      (f) => (f?.recordings.length ?? 0) === 1,
    );
    expect(flight!.recordings[0]!.frames).toBeGreaterThanOrEqual(1);
  });
});
