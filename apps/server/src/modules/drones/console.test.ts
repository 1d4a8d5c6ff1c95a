import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrone, LiveClient, type LiveMessage } from '../../testing/drones.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { sendCommand } from './commands.service.ts';
import { droneHubOf } from './drones.routes.ts';

let ctx: TestContext;
let baseUrl: string;
let companyId: number;
const tokens: Record<'pilot' | 'copilot' | 'watcher' | 'customer', string> = {
  pilot: '',
  copilot: '',
  watcher: '',
  customer: '',
};
let pilotId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Console Electric');
  const pilot = await createUser(db, 'inspector');
  pilotId = pilot.id;
  tokens.pilot = await loginToken(ctx.app, pilot);
  tokens.copilot = await loginToken(ctx.app, await createUser(db, 'project_manager'));
  tokens.watcher = await loginToken(ctx.app, await createUser(db, 'user'));
  tokens.customer = await loginToken(ctx.app, await createUser(db, 'customer', { companyId }));
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx.close());

const command = (token: string, droneId: number, endpoint: string, requestId = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/drones/sendCommand/${droneId}`,
    headers: bearer(token),
    payload: { requestId, endpoint, requestJson: null },
  });

const control = (token: string, droneId: number, method: 'POST' | 'DELETE' = 'POST') =>
  ctx.app.inject({ method, url: `/api/v1/drones/${droneId}/control`, headers: bearer(token) });

const estop = (token: string, droneId: number, active: boolean) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/drones/${droneId}/emergencyStop`,
    headers: bearer(token),
    payload: { active },
  });

async function waitFor<T>(read: () => T | Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('POST /api/v1/drones/sendCommand/{id}', () => {
  it('lets only the pilot holding the control lease fly; another pilot is told who flies; watchers and customers are refused', async () => {
    const droneId = await createDrone(ctx.database.db, companyId);
    expect((await command(tokens.pilot, droneId, '/arm')).statusCode).toBe(409);
    const taken = await control(tokens.pilot, droneId);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().controller.userId).toBe(pilotId);

    const other = await control(tokens.copilot, droneId);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Test inspector is flying this drone');
    expect((await command(tokens.copilot, droneId, '/arm')).statusCode).toBe(409);
    expect((await control(tokens.watcher, droneId)).statusCode).toBe(403);
    expect((await command(tokens.watcher, droneId, '/arm')).statusCode).toBe(403);
    expect((await command(tokens.customer, droneId, '/arm')).statusCode).toBe(403);
    expect((await control(tokens.customer, droneId)).statusCode).toBe(403);

    const armed = await command(tokens.pilot, droneId, '/arm');
    expect(armed.statusCode).toBe(200);
    expect(armed.json()).toMatchObject({ endpoint: '/arm', ok: true, result: 'executed', message: null });

    // Released, the other pilot may take it.
    expect((await control(tokens.pilot, droneId, 'DELETE')).json().controller).toBeNull();
    expect((await control(tokens.copilot, droneId)).statusCode).toBe(200);
    expect((await command(tokens.pilot, droneId, '/disarm')).statusCode).toBe(409);
  });

  it('refuses bad bodies and unknown drones with 4xx and logs nothing', async () => {
    const droneId = await createDrone(ctx.database.db, companyId);
    await control(tokens.pilot, droneId);
    for (const payload of [
      { requestId: 'not-a-uuid', endpoint: '/arm', requestJson: null },
      { requestId: randomUUID(), endpoint: '/selfDestruct', requestJson: null },
      { requestId: randomUUID(), endpoint: '/arm', requestJson: { speed: 99 } },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/drones/sendCommand/${droneId}`,
        headers: bearer(tokens.pilot),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await command(tokens.pilot, 999_999, '/arm')).statusCode).toBe(404);
    const [row] = await sqlRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from drone_commands where drone_id = ${droneId}`,
    );
    expect(row!.n).toBe(0);
  });

  it('executes a requestId once: a repeat, even at the same moment, gets the same answer; another command under it is refused', async () => {
    const droneId = await createDrone(ctx.database.db, companyId);
    await control(tokens.pilot, droneId);
    const requestId = randomUUID();
    const [a, b] = await Promise.all([
      command(tokens.pilot, droneId, '/arm', requestId),
      command(tokens.pilot, droneId, '/arm', requestId),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const again = await command(tokens.pilot, droneId, '/arm', requestId);
    expect(again.json()).toEqual(a.json());
    expect(a.json()).toMatchObject({ requestId, result: 'executed' });

    const rows = await sqlRows<{ n: number; sent_by: number; acked: boolean }>(
      ctx.database.db,
      sql`select count(*)::int as n, max(sent_by) as sent_by, bool_and(acknowledged_at is not null) as acked
          from drone_commands where request_id = ${requestId}`,
    );
    expect(rows[0]).toEqual({ n: 1, sent_by: pilotId, acked: true });
    // A second arm under a fresh id is refused by the vehicle (already armed): the repeat above was not run.
    expect((await command(tokens.pilot, droneId, '/arm')).json().result).toBe('rejected');
    expect((await command(tokens.pilot, droneId, '/land', requestId)).statusCode).toBe(409);
  });

  it('drops a command that reaches the vehicle more than 500 ms after the server got it, and logs why', async () => {
    const droneId = await createDrone(ctx.database.db, companyId);
    await control(tokens.pilot, droneId);
    const actor = {
      kind: 'user' as const,
      userId: pilotId,
      roleId: 3,
      roleName: 'inspector' as const,
      companyId: 1,
      ip: null,
      requestId: 'test',
    };
    const hub = droneHubOf(ctx.app);
    const requestId = randomUUID();
    const late = await sendCommand(
      ctx.app.deps,
      hub,
      actor,
      droneId,
      { requestId, endpoint: '/arm', requestJson: null },
      Date.now() - 800,
    );
    expect(late).toMatchObject({ ok: false, result: 'late' });
    expect(late.message).toMatch(/^dropped: \d+ ms old \(limit 500 ms\)$/);
    const status = await waitFor(
      () => hub.statusOf(droneId),
      (s) => s !== null,
    );
    expect(status?.armed).toBe(false);
    const [row] = await sqlRows<{ result: { result: string } }>(
      ctx.database.db,
      sql`select result from drone_commands where request_id = ${requestId}`,
    );
    expect(row!.result.result).toBe('late');
    // On time, the same command runs.
    expect((await command(tokens.pilot, droneId, '/arm')).json().result).toBe('executed');
    await waitFor(
      () => hub.statusOf(droneId),
      (s) => s?.armed === true,
    );
  });

  it('emergency stop: any pilot engages it, the vehicle hovers and commands are refused until the pilot in control releases it', async () => {
    const droneId = await createDrone(ctx.database.db, companyId);
    const hub = droneHubOf(ctx.app);
    await control(tokens.pilot, droneId);
    expect((await command(tokens.pilot, droneId, '/arm')).json().result).toBe('executed');
    expect((await command(tokens.pilot, droneId, '/takeoff')).json().result).toBe('executed');
    await waitFor(
      () => hub.statusOf(droneId),
      (s) => (s?.altitude ?? 0) > 2,
    );

    const stopped = await estop(tokens.copilot, droneId, true);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().emergencyStop).toBe(true);
    expect((await estop(tokens.watcher, droneId, true)).statusCode).toBe(403);
    const refused = await command(tokens.pilot, droneId, '/moveForward');
    expect(refused.json()).toMatchObject({
      ok: false,
      result: 'stopped',
      message: 'emergency stop is active',
    });
    const status = await waitFor(
      () => hub.statusOf(droneId),
      (s) => s?.alerts.includes('emergencyStop') === true,
    );
    expect(status?.mode).toBe('hover');
    // Another pilot may not release it while the pilot in control flies.
    expect((await estop(tokens.copilot, droneId, false)).statusCode).toBe(409);
    expect((await estop(tokens.pilot, droneId, false)).json().emergencyStop).toBe(false);
    expect((await command(tokens.pilot, droneId, '/moveForward')).json().result).toBe('executed');
    expect((await command(tokens.pilot, droneId, '/land')).json().result).toBe('executed');
  });
});

describe('live connection /api/v1/drones/live', () => {
  it('refuses an upgrade without a session (401) and a customer’s, whatever the drone (403)', async () => {
    await expect(LiveClient.open(baseUrl, null)).rejects.toThrow('upgrade refused: 401');
    await expect(LiveClient.open(baseUrl, 'not.a.token')).rejects.toThrow('upgrade refused: 401');
    await expect(LiveClient.open(baseUrl, tokens.customer)).rejects.toThrow('upgrade refused: 403');
  });

  it('sends a subscribed watcher the drone’s status and JPEG camera frames; an unknown drone is an error', async () => {
    const droneId = await createDrone(ctx.database.db, companyId);
    const client = await LiveClient.open(baseUrl, tokens.watcher);
    try {
      client.send({ droneId: 999_999, op: 'subscriber' });
      expect((await client.next((m) => m.op === 'error')).payload).toEqual({ message: 'Drone not found' });
      client.send({ droneId, op: 'subscriber' });
      const status = await client.next((m) => m.op === 'status');
      expect(status.payload).toMatchObject({
        airborne: false,
        armed: false,
        home: { lat: 46.9, lon: -120.5, alt: 400 },
        last_command_executed: null,
        controller: null,
      });
      expect(status.payload.location).toMatchObject({ lat: 46.9, lon: -120.5 });
      const frame = await client.next((m) => m.op === 'detectorFrame');
      const jpeg = Buffer.from(frame.payload.image!, 'base64');
      expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

      // A pilot's command shows in the status the watcher gets.
      await control(tokens.pilot, droneId);
      await command(tokens.pilot, droneId, '/arm');
      const armed = await client.next((m) => m.op === 'status' && m.payload.armed === true);
      expect(armed.payload).toMatchObject({
        last_command_executed: '/arm',
        controller: { userId: pilotId, name: 'Test inspector' },
      });
    } finally {
      client.close();
    }
  });

  it('sends camera frames as binary messages to a watcher that asks, JSON to the others, from one render', async () => {
    const droneId = await createDrone(ctx.database.db, companyId);
    const binary = await LiveClient.open(baseUrl, tokens.watcher);
    const json = await LiveClient.open(baseUrl, tokens.watcher);
    try {
      binary.send({ droneId, op: 'subscriber', binary: true });
      json.send({ droneId, op: 'subscriber' });
      // Both watch from here on: the next binary frame reaches the JSON watcher too.
      await json.next((m) => m.op === 'detectorFrame');
      const frame = await binary.next((m) => m.op === 'binaryFrame');
      expect(frame.payload.jpeg!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(frame.payload.renderedAt).toBeGreaterThan(Date.now() - 60_000);
      expect(frame.payload.renderedAt).toBeLessThanOrEqual(Date.now());
      // Status stays JSON for both; the JSON watcher gets the same frame (same render time, same bytes) as text.
      await binary.next((m) => m.op === 'status');
      const isSame = (m: LiveMessage) =>
        m.op === 'detectorFrame' && m.payload.renderedAt === frame.payload.renderedAt;
      const same = json.messages.find(isSame) ?? (await json.next(isSame));
      expect(Buffer.from(same.payload.image!, 'base64')).toEqual(frame.payload.jpeg);
      expect(binary.messages.some((m) => m.op === 'detectorFrame')).toBe(false);
      expect(json.messages.some((m) => m.op === 'binaryFrame')).toBe(false);
    } finally {
      binary.close();
      json.close();
    }
  });

  it('closes promptly after a refused upgrade and with a console still connected', async () => {
    const other = await createTestApp();
    try {
      const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const token = await loginToken(other.app, await createUser(other.database.db, 'user'));
      await expect(LiveClient.open(url, null)).rejects.toThrow('upgrade refused: 401');
      const open = await LiveClient.open(url, token);
      const closed = new Promise<number>((resolve) => open.socket.once('close', resolve));
      await other.app.close();
      await closed;
    } finally {
      await other.close();
    }
  });
});
