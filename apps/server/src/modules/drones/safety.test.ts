import type { DroneStatus } from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import { FakeClock } from './link.ts';
import { DEFAULT_FAILSAFES, type FailsafeSettings, SafetySupervisor } from './safety.ts';
import { SimulatedLink } from './simulator/simulatedLink.ts';

const HOME = { lat: 46.9, lon: -120.5, alt: 400 };

function setUp(params = {}, settings: Partial<FailsafeSettings> = {}) {
  const clock = new FakeClock();
  const link = new SimulatedLink({
    home: HOME,
    scene: { structures: [], spans: [] },
    clock,
    params,
    camera: false,
  });
  const safety = new SafetySupervisor(link, clock, { ...DEFAULT_FAILSAFES, ...settings });
  const statuses: DroneStatus[] = [];
  safety.onStatus((s) => statuses.push(s));
  return { clock, link, safety, statuses };
}

/** Flies with the console sending a heartbeat command every 200 ms. */
async function airborne(s: ReturnType<typeof setUp>) {
  await s.safety.command('/arm', s.clock.now());
  await s.safety.command('/takeoff', s.clock.now());
  for (let i = 0; i < 60; i++) {
    s.clock.advance(200);
    s.safety.heartbeat();
  }
  // Away from home, so that returning home is a flight and not a landing on the spot.
  for (let i = 0; i < 20; i++) {
    await s.safety.command('/moveForward', s.clock.now());
    s.clock.advance(100);
  }
  s.clock.advance(3000);
  s.safety.heartbeat();
}

describe('safety supervisor over the simulated link', () => {
  it('executes a fresh command and drops one older than 500 ms, unexecuted', async () => {
    const s = setUp();
    const late = await s.safety.command('/arm', s.clock.now() - 501);
    expect(late).toMatchObject({ ok: false, result: 'late' });
    expect(s.link.vehicle.armed).toBe(false);
    expect(await s.safety.command('/arm', s.clock.now() - 100)).toMatchObject({
      ok: true,
      result: 'executed',
    });
    expect(s.link.vehicle.armed).toBe(true);
    expect(await s.safety.command('/arm', s.clock.now())).toMatchObject({ ok: false, result: 'rejected' });
  });

  it('emergency stop: hovers, refuses commands with a banner until released', async () => {
    const s = setUp();
    await airborne(s);
    await s.safety.command('/moveForward', s.clock.now());
    await s.safety.emergencyStop(true);
    expect(s.link.vehicle.mode).toBe('hover');
    expect(await s.safety.command('/moveForward', s.clock.now())).toMatchObject({
      ok: false,
      result: 'stopped',
    });
    s.clock.advance(200);
    expect(s.statuses.at(-1)!.alerts).toContain('emergencyStop');
    await s.safety.emergencyStop(false);
    expect(await s.safety.command('/moveForward', s.clock.now())).toMatchObject({ ok: true });
    s.clock.advance(200);
    expect(s.statuses.at(-1)!.alerts).not.toContain('emergencyStop');
  });

  it('link loss: hovers after 3 s without the console, returns home after 6 s, banner shown', async () => {
    const s = setUp();
    await airborne(s);
    s.clock.advance(3100);
    expect(s.link.vehicle.mode).toBe('hover');
    expect(s.statuses.at(-1)!.alerts).toContain('linkLost');
    s.clock.advance(3100);
    expect(s.link.vehicle.mode).toBe('returnHome');
    s.safety.heartbeat();
    s.clock.advance(200);
    expect(s.statuses.at(-1)!.alerts).not.toContain('linkLost');
  });

  it('low battery: returns home at 20 %, lands at 10 %', async () => {
    const s = setUp({ enduranceSeconds: 90 });
    await airborne(s); // 17 s of a 90 s battery
    const beat = () => {
      s.clock.advance(200);
      s.safety.heartbeat();
    };
    while (s.link.vehicle.batteryPercent > 19.5) beat();
    beat();
    expect(s.link.vehicle.mode).toBe('returnHome');
    expect(s.statuses.at(-1)!.alerts).toContain('batteryLow');
    while (s.link.vehicle.batteryPercent > 9.5 && s.link.vehicle.airborne) beat();
    beat();
    expect(['landing', 'landed']).toContain(s.link.vehicle.mode);
  });

  it("acts on the drone's own failsafe settings: link loss after 1 s, return home at 60 % battery", async () => {
    const s = setUp({ enduranceSeconds: 90 }, { linkLossSeconds: 1, returnHomeBattery: 60, landBattery: 50 });
    await s.safety.command('/arm', s.clock.now());
    await s.safety.command('/takeoff', s.clock.now());
    for (let i = 0; i < 40; i++) {
      s.clock.advance(200);
      s.safety.heartbeat();
    }
    s.clock.advance(1100);
    expect(s.link.vehicle.mode).toBe('hover');
    expect(s.statuses.at(-1)!.alerts).toContain('linkLost');
    s.safety.heartbeat();
    // Away from home, so that returning home is a flight and not a landing on the spot.
    for (let i = 0; i < 20; i++) {
      await s.safety.command('/moveForward', s.clock.now());
      s.clock.advance(100);
    }
    while (s.link.vehicle.batteryPercent > 59.5) {
      s.clock.advance(200);
      s.safety.heartbeat();
    }
    s.clock.advance(200);
    expect(s.link.vehicle.mode).toBe('returnHome');
    expect(s.statuses.at(-1)!.alerts).toContain('batteryLow');
  });

  it('brings home a vehicle found past its fence that did not stop there itself', async () => {
    // The airframe's own fence is far away (as a MAVLink vehicle without one); the drone's fence is 30 m.
    const s = setUp({ maxDistance: 10_000 }, { geofenceDistance: 30 });
    await s.safety.command('/arm', s.clock.now());
    await s.safety.command('/takeoff', s.clock.now());
    for (let i = 0; i < 60; i++) {
      s.clock.advance(200);
      s.safety.heartbeat();
    }
    for (let i = 0; i < 200 && s.link.vehicle.mode !== 'returnHome'; i++) {
      await s.safety.command('/moveForward', s.clock.now());
      s.clock.advance(100);
    }
    expect(s.link.vehicle.mode).toBe('returnHome');
    expect(s.statuses.at(-1)!.alerts).toContain('geofence');
    // It flies home and lands; the banner goes with the landing.
    for (let i = 0; i < 600 && s.link.vehicle.airborne; i++) {
      s.clock.advance(200);
      s.safety.heartbeat();
    }
    expect(s.link.vehicle.airborne).toBe(false);
    s.clock.advance(200);
    expect(s.statuses.at(-1)!.alerts).not.toContain('geofence');
  });
});
