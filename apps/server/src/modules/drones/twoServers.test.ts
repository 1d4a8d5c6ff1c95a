import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../platform/db/rows.ts';
import { createDrone, LiveClient } from '../../testing/drones.ts';
import { bearer, createUser, loginToken } from '../../testing/factories.ts';
import { createTestApp, openTestDatabase, type TestContext } from '../../testing/testApp.ts';
import { droneHubOf } from './drones.routes.ts';
import { acquireLinkLease, releaseLinkLease, renewLinkLease } from './leases.repository.ts';

/**
 * Two server processes (two apps) on one database and one Redis (127.0.0.1:6379, as on these machines and
 * CI): one holds a drone's link, the other's watchers and pilots reach it through Redis pub/sub.
 */
let a: TestContext;
let b: TestContext;
let urlA: string;
let urlB: string;
let dropDatabase: () => Promise<void>;
const prefix = `lw-test-${randomUUID()}:`;

beforeAll(async () => {
  const opened = await openTestDatabase();
  dropDatabase = opened.drop;
  const env = {
    REDIS_URL: 'redis://127.0.0.1:6379',
    // Channels of this run only: parallel runs on the same Redis have drones with the same ids.
    REDIS_PREFIX: prefix,
    DRONE_LINK_LEASE_MS: '900',
  };
  // Both apps share the database; only the test drops it, once.
  const shared = { database: opened.database, drop: async () => {} };
  a = await createTestApp(env, { database: shared });
  b = await createTestApp(env, { database: shared });
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await dropDatabase?.();
});

describe('a drone flown across two servers', () => {
  it('one server holds the link; the other serves its status and frames and forwards commands; the link moves when its holder goes', async () => {
    const db = a.database.db;
    const droneId = await createDrone(db, null);
    const pilot = await createUser(db, 'inspector');
    const watcher = await createUser(db, 'user');
    const pilotToken = await loginToken(a.app, pilot);

    // A watcher on A: A takes the link.
    const onA = await LiveClient.open(urlA, await loginToken(a.app, watcher));
    onA.send({ droneId, op: 'subscriber' });
    await onA.next((m) => m.op === 'status');
    expect(droneHubOf(a.app).holds(droneId)).toBe(true);

    // A watcher on B gets the status and frames A publishes; B does not take the link.
    const onB = await LiveClient.open(urlB, await loginToken(b.app, watcher));
    onB.send({ droneId, op: 'subscriber' });
    await onB.next((m) => m.op === 'status');
    await onB.next((m) => m.op === 'detectorFrame');
    expect(droneHubOf(b.app).holds(droneId)).toBe(false);

    // The pilot's commands go to B, which forwards them to A's link.
    const send = (app: TestContext, endpoint: string) =>
      app.app.inject({
        method: 'POST',
        url: `/api/v1/drones/sendCommand/${droneId}`,
        headers: bearer(pilotToken),
        payload: { requestId: randomUUID(), endpoint, requestJson: null },
      });
    expect(
      (
        await b.app.inject({
          method: 'POST',
          url: `/api/v1/drones/${droneId}/control`,
          headers: bearer(pilotToken),
        })
      ).statusCode,
    ).toBe(200);
    const armed = await send(b, '/arm');
    expect(armed.json()).toMatchObject({ ok: true, result: 'executed' });
    await onB.next((m) => m.op === 'status' && m.payload.armed === true);
    await onA.next((m) => m.op === 'status' && m.payload.armed === true);

    // A goes away: B, which has a watcher, takes the link over and its watcher keeps getting status.
    onA.close();
    await a.app.close();
    await onB.next((m) => m.op === 'status' && m.payload.armed === false);
    expect(droneHubOf(b.app).holds(droneId)).toBe(true);
    expect((await send(b, '/arm')).json()).toMatchObject({ ok: true, result: 'executed' });
    onB.close();
  });

  it('the link lease: one holder at a time, taken over only once the holder stops renewing it', async () => {
    const db = b.database.db;
    const droneId = await createDrone(db, null);
    expect(await acquireLinkLease(db, droneId, 'server-1', 60_000)).toBe(true);
    expect(await acquireLinkLease(db, droneId, 'server-2', 60_000)).toBe(false);
    expect(await renewLinkLease(db, droneId, 'server-1', 60_000, null)).toBe(true);
    // server-1 dies: its lease runs out.
    await execute(
      db,
      sql`update drones set link_expires_at = now() - interval '1 second' where id = ${droneId}`,
    );
    expect(await acquireLinkLease(db, droneId, 'server-2', 60_000)).toBe(true);
    expect(await renewLinkLease(db, droneId, 'server-1', 60_000, null)).toBe(false);
    await releaseLinkLease(db, droneId, 'server-1');
    expect(await acquireLinkLease(db, droneId, 'server-1', 60_000)).toBe(false);
    await releaseLinkLease(db, droneId, 'server-2');
    expect(await acquireLinkLease(db, droneId, 'server-1', 60_000)).toBe(true);
  });

  it('retiring a drone on one server stops its link on the server that holds it', async () => {
    const db = b.database.db;
    const droneId = await createDrone(db, null);
    const watcher = await LiveClient.open(urlB, await loginToken(b.app, await createUser(db, 'user')));
    watcher.send({ droneId, op: 'subscriber' });
    await watcher.next((m) => m.op === 'status');
    expect(droneHubOf(b.app).holds(droneId)).toBe(true);
    // A third server (an app of its own) retires it: B, holding the link, drops it on the bus's word.
    const c = await createTestApp(
      { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix, DRONE_LINK_LEASE_MS: '900' },
      { database: { database: b.database, drop: async () => {} } },
    );
    try {
      const admin = await loginToken(c.app, await createUser(db, 'super_admin'));
      const retired = await c.app.inject({
        method: 'POST',
        url: `/api/v1/drones/${droneId}/retire`,
        headers: bearer(admin),
        payload: { retired: true },
      });
      expect(retired.statusCode).toBe(200);
      const until = Date.now() + 10_000;
      while (droneHubOf(b.app).holds(droneId) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      expect(droneHubOf(b.app).holds(droneId)).toBe(false);
      expect(droneHubOf(c.app).holds(droneId)).toBe(false);
    } finally {
      watcher.close();
      await c.app.close();
    }
  });
});
