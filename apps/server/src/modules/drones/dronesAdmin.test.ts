import { DEFAULT_DRONE_FAILSAFES, DRONE_MESSAGES, FAILSAFE_MESSAGES } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let companyId: number;
let admin: Record<string, string>;
let manager: Record<string, string>;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Drone Admin Electric');
  admin = bearer(await loginToken(ctx.app, await createUser(db, 'super_admin')));
  manager = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
});
afterAll(() => ctx.close());

const body = (extra: Record<string, unknown> = {}) => ({
  name: `Hangar Quad ${++n}`,
  serial_number: `LW-ADMIN-${process.pid}-${n}`,
  company_id: companyId,
  driver: 'simulator',
  home_lat: 46.9,
  home_lon: -120.5,
  home_alt: 400,
  ...extra,
});

const post = (payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/drones', headers, payload: payload as object });

async function auditActions(id: number): Promise<string[]> {
  const rows = await sqlRows<{ action: string }>(
    ctx.database.db,
    sql`select action from audit_log where object_type = 'drone' and object_id = ${String(id)} order by id`,
  );
  return rows.map((r) => r.action);
}

describe('the Drones admin API', () => {
  it('registers, edits and retires a drone, audited, and lists it (retired ones only when asked)', async () => {
    const created = await post(
      body({ name: '  Hangar One  ', driver: 'mavlink', address: '10.0.0.7:14550' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const drone = created.json();
    expect(drone).toMatchObject({
      name: 'Hangar One',
      driver: 'mavlink',
      address: '10.0.0.7:14550',
      company_name: 'Drone Admin Electric',
      home_lat: 46.9,
      home_alt: 400,
      retired_at: null,
    });

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/drones/${drone.id}`,
      headers: admin,
      payload: body({ name: 'Hangar One B', serial_number: drone.serial_number, home_lat: 47.1 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Back to the simulator: the MAVLink address is dropped.
    expect(edited.json()).toMatchObject({
      name: 'Hangar One B',
      driver: 'simulator',
      address: null,
      home_lat: 47.1,
    });

    const retired = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/drones/${drone.id}/retire`,
      headers: admin,
      payload: { retired: true },
    });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().retired_at).not.toBeNull();
    const inService = await ctx.app.inject({ method: 'GET', url: '/api/v1/drones', headers: manager });
    expect(inService.json().map((d: { id: number }) => d.id)).not.toContain(drone.id);
    const all = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/drones?include_retired=true',
      headers: admin,
    });
    expect(all.json().map((d: { id: number }) => d.id)).toContain(drone.id);
    // A retired drone is out of reach of the console.
    const control = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/drones/${drone.id}/control`,
      headers: manager,
    });
    expect(control.statusCode).toBe(404);

    const back = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/drones/${drone.id}/retire`,
      headers: admin,
      payload: { retired: false },
    });
    expect(back.json().retired_at).toBeNull();
    expect(await auditActions(drone.id)).toEqual([
      'drone.create',
      'drone.update',
      'drone.retire',
      'drone.reinstate',
    ]);
  });

  it('keeps serials unique whatever their case, also when two registrations race (one 409, never 500)', async () => {
    const first = await post(body({ serial_number: `case-${process.pid}` }));
    expect(first.statusCode).toBe(200);
    const again = await post(body({ serial_number: `CASE-${process.pid}` }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'drone_serial_taken', message: DRONE_MESSAGES.serialTaken });

    const serial = `RACE-${process.pid}`;
    const answers = await Promise.all([
      post(body({ serial_number: serial })),
      post(body({ serial_number: serial.toLowerCase() })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);

    // Editing another drone onto a taken serial is refused too; keeping its own serial is not.
    const other = (await post(body())).json();
    const clash = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/drones/${other.id}`,
      headers: admin,
      payload: body({ serial_number: serial }),
    });
    expect(clash.statusCode).toBe(409);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await sqlRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from drones`);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', DRONE_MESSAGES.nameRequired],
      [{ serial_number: 'x'.repeat(101) }, 'serial_number', DRONE_MESSAGES.serialMax],
      [{ driver: 'mavlink' }, 'address', DRONE_MESSAGES.addressRequired],
      [{ driver: 'mavlink', address: 'nowhere' }, 'address', DRONE_MESSAGES.addressFormat],
      [{ driver: 'mavlink', address: 'host:70000' }, 'address', DRONE_MESSAGES.addressFormat],
      [{ address: '127.0.0.1:14550' }, 'address', DRONE_MESSAGES.addressForSimulator],
      [{ home_lat: 91 }, 'home_lat', DRONE_MESSAGES.latitudeRange],
      [{ home_lon: -181 }, 'home_lon', DRONE_MESSAGES.longitudeRange],
      [{ company_id: 999_999 }, 'company_id', DRONE_MESSAGES.companyMissing],
      [{ project_id: 999_999 }, 'project_id', DRONE_MESSAGES.projectMissing],
    ];
    for (const [extra, field, message] of cases) {
      const res = await post(body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      const issues = res.json().issues as { path: string; message: string }[];
      expect(
        issues.some((i) => i.path.endsWith(field) && i.message === message),
        `${JSON.stringify(extra)}: ${res.body}`,
      ).toBe(true);
    }
    const after = await sqlRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from drones`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('is for super admins only; an unknown drone is 404', async () => {
    expect((await post(body(), manager)).statusCode).toBe(403);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/drones/999999',
      headers: admin,
      payload: body(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps each drone its own failsafes: defaults, a change, left as they are on an edit without them, bad ones refused', async () => {
    const created = await post(body());
    expect(created.statusCode, created.body).toBe(200);
    const drone = created.json();
    expect(drone.failsafes).toEqual(DEFAULT_DRONE_FAILSAFES);

    const failsafes = {
      link_loss_seconds: 5,
      return_home_battery: 30,
      land_battery: 15,
      geofence_distance_m: 400,
      geofence_altitude_m: 90,
    };
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/drones/${drone.id}`,
        headers: admin,
        payload: body({ serial_number: drone.serial_number, ...payload }),
      });
    const changed = await put({ failsafes });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().failsafes).toEqual(failsafes);
    // An edit without failsafes leaves them.
    const renamed = await put({ name: 'Fenced Quad' });
    expect(renamed.json()).toMatchObject({ name: 'Fenced Quad', failsafes });

    const refusals: [Record<string, number>, string][] = [
      [{ geofence_altitude_m: 121 }, FAILSAFE_MESSAGES.geofenceAltitude],
      [{ geofence_distance_m: 5 }, FAILSAFE_MESSAGES.geofenceDistance],
      [{ link_loss_seconds: 0 }, FAILSAFE_MESSAGES.linkLoss],
      [{ land_battery: 30 }, FAILSAFE_MESSAGES.landBelowReturn],
      [{ return_home_battery: 95 }, FAILSAFE_MESSAGES.returnHomeBattery],
    ];
    for (const [change, message] of refusals) {
      const refused = await put({ failsafes: { ...failsafes, ...change } });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().issues).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/drones', headers: admin });
    expect(list.json().find((d: { id: number }) => d.id === drone.id).failsafes).toEqual(failsafes);
  });
});
