import { randomUUID } from 'node:crypto';
import type { DroneLiveStatus } from '@linewalker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrone } from '../../testing/drones.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { droneHubOf } from './drones.routes.ts';

let ctx: TestContext;
let companyId: number;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  companyId = await createCompany(ctx.database.db, 'Live Settings Electric');
  admin = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'super_admin')));
});
afterAll(() => ctx.close());

const command = (droneId: number, endpoint: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/drones/sendCommand/${droneId}`,
    headers: admin,
    payload: { requestId: randomUUID(), endpoint, requestJson: null },
  });

describe('editing a flying drone', () => {
  it('applies its new failsafes to the running link at once: a fence lowered under the drone brings it home', async () => {
    const droneId = await createDrone(ctx.database.db, companyId);
    const statuses: DroneLiveStatus[] = [];
    const stop = droneHubOf(ctx.app).watch(droneId, {
      status: (json) => statuses.push(JSON.parse(json.toString())),
      frame: () => {},
    });
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/drones/${droneId}/control`, headers: admin }))
        .statusCode,
    ).toBe(200);
    // The pilot's console beats as the page does (else the link-loss failsafe brings the drone down).
    const hub = droneHubOf(ctx.app);
    const beat = setInterval(() => hub.signal(droneId, { op: 'heartbeat' }), 500);
    expect((await command(droneId, '/arm')).json()).toMatchObject({ result: 'executed' });
    expect((await command(droneId, '/takeoff')).json()).toMatchObject({ result: 'executed' });
    // Up at the take-off height (20 m) before the fence changes.
    await expect
      .poll(() => statuses.at(-1)?.altitude ?? 0, { timeout: 60_000, interval: 100 })
      .toBeGreaterThan(19);
    expect(statuses.at(-1)!.alerts).not.toContain('geofence');

    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/drones', headers: admin });
    const drone = list.json().find((d: { id: number }) => d.id === droneId);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/drones/${droneId}`,
      headers: admin,
      payload: {
        name: drone.name,
        serial_number: drone.serial_number,
        company_id: companyId,
        driver: 'simulator',
        home_lat: drone.home_lat,
        home_lon: drone.home_lon,
        home_alt: drone.home_alt,
        failsafes: { ...drone.failsafes, geofence_altitude_m: 5 },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await expect
      .poll(() => statuses.at(-1)?.alerts.includes('geofence') && statuses.at(-1)?.mode, {
        timeout: 60_000,
        interval: 100,
      })
      .toMatch(/^(returnHome|landing|landed)$/);
    clearInterval(beat);
    stop();
  });
});
