import { describe, expect, it } from 'vitest';
import { Quadcopter } from './quadcopter.ts';

const HOME = { lat: 46.9, lon: -120.5, alt: 400 };
const DT = 0.02;

function fly(q: Quadcopter, seconds: number, each?: (q: Quadcopter) => void): void {
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    each?.(q);
    q.step(DT);
  }
}

function airborneAt(altitude = 20, params = {}): Quadcopter {
  const q = new Quadcopter(HOME, { takeoffAltitude: altitude, ...params });
  q.arm();
  q.takeOff();
  fly(q, 30);
  return q;
}

describe('simulated quadcopter', () => {
  it('refuses to take off unarmed, then climbs to the take-off altitude and hovers there', () => {
    const q = new Quadcopter(HOME, { takeoffAltitude: 25 });
    expect(q.takeOff()).toBe('not armed');
    expect(q.arm()).toBeNull();
    expect(q.takeOff()).toBeNull();
    let maxClimb = 0;
    fly(q, 30, (s) => {
      maxClimb = Math.max(maxClimb, s.vel.u);
    });
    expect(q.mode).toBe('hover');
    expect(q.airborne).toBe(true);
    expect(q.pos.u).toBeGreaterThan(24);
    expect(q.pos.u).toBeLessThan(26);
    expect(maxClimb).toBeLessThanOrEqual(q.params.maxClimb + 1e-9);
    expect(q.location().alt).toBeCloseTo(HOME.alt + q.pos.u, 6);
  });

  it('yaws at its yaw rate while the key is held and stops when the commands stop', () => {
    const q = airborneAt();
    fly(q, 1.5, (s) => s.move('/yawRight'));
    expect(q.heading).toBeGreaterThan(85);
    expect(q.heading).toBeLessThan(95);
    const released = q.heading;
    fly(q, 2);
    // A command holds for 0.2 s: the turn ends at most 12° (0.2 s × 60°/s) after the last one.
    expect(q.heading - released).toBeLessThanOrEqual(12.5);
    expect(q.mode).toBe('hover');
    const before = q.heading;
    fly(q, 1, (s) => s.move('/yawLeft'));
    expect(before - q.heading).toBeGreaterThan(55);
    expect(before - q.heading).toBeLessThan(65 + 12.5);
  });

  it('flies forward along its heading under the acceleration limit, then brakes to a stop', () => {
    const q = airborneAt();
    fly(q, 1.5, (s) => s.move('/yawRight')); // heading ≈ 90°: east
    fly(q, 2);
    const h = (q.heading * Math.PI) / 180;
    let maxAccel = 0;
    let last = q.speed();
    fly(q, 5, (s) => {
      s.move('/moveForward');
      maxAccel = Math.max(maxAccel, Math.abs(s.speed() - last) / DT);
      last = s.speed();
    });
    const along = q.pos.e * Math.sin(h) + q.pos.n * Math.cos(h);
    const across = q.pos.e * Math.cos(h) - q.pos.n * Math.sin(h);
    expect(along).toBeGreaterThan(20);
    expect(Math.abs(across)).toBeLessThan(1);
    expect(maxAccel).toBeLessThanOrEqual(q.params.maxAccel + 0.5);
    fly(q, 6);
    expect(q.speed()).toBeLessThan(0.2);
  });

  it('drifts downwind in a hover, and gusts make the drift uneven', () => {
    const calm = airborneAt(20);
    const windy = airborneAt(20, { windEast: 6, gust: 3 });
    const start = windy.pos.e;
    fly(calm, 20);
    fly(windy, 20);
    expect(Math.abs(calm.pos.e)).toBeLessThan(0.01);
    expect(windy.pos.e - start).toBeGreaterThan(5);
    const speeds = new Set<number>();
    fly(windy, 20, (s) => speeds.add(Math.round(s.vel.e * 100)));
    expect(speeds.size).toBeGreaterThan(3);
  });

  it('drains the battery faster flying fast than hovering, and not at all disarmed', () => {
    const idle = new Quadcopter(HOME);
    fly(idle, 60);
    expect(idle.batteryPercent).toBe(100);
    const hover = airborneAt();
    const fast = airborneAt();
    const h0 = hover.batteryPercent;
    const f0 = fast.batteryPercent;
    fly(hover, 60);
    fly(fast, 60, (s) => s.move('/moveForward'));
    const hoverUse = h0 - hover.batteryPercent;
    const fastUse = f0 - fast.batteryPercent;
    expect(hoverUse).toBeCloseTo((100 / hover.params.enduranceSeconds) * 60, 1);
    expect(fastUse).toBeGreaterThan(hoverUse * 1.2);
    expect(hover.remainingFlightSeconds()).toBeCloseTo(
      (hover.batteryPercent / 100) * hover.params.enduranceSeconds,
      6,
    );
  });

  it('stops at the geofence: no farther than the maximum distance or height, with a geofence alert', () => {
    const q = airborneAt(20, { maxDistance: 60, maxAltitude: 30 });
    fly(q, 30, (s) => s.move('/moveForward'));
    expect(q.distanceFromHome()).toBeLessThan(61);
    expect(q.alerts).toContain('geofence');
    fly(q, 20, (s) => s.move('/moveUp'));
    expect(q.pos.u).toBeLessThan(30.5);
    fly(q, 5);
    expect(q.alerts).not.toContain('geofence');
  });

  it('returns home: climbs to the return altitude, flies straight home, lands there', () => {
    const q = airborneAt(15, { returnAltitude: 40 });
    fly(q, 10, (s) => s.move('/moveForward'));
    fly(q, 1.5, (s) => s.move('/moveRight'));
    fly(q, 5);
    const away = q.distanceFromHome();
    expect(away).toBeGreaterThan(40);
    expect(q.returnHome()).toBeNull();
    const track: { d: number; u: number }[] = [];
    fly(q, 120, (s) => track.push({ d: s.distanceFromHome(), u: s.pos.u }));
    expect(q.mode).toBe('landed');
    expect(q.distanceFromHome()).toBeLessThan(2.5);
    // The horizontal leg happens at the return altitude, and the distance never grows on the way.
    const leg = track.filter((p) => p.d < away - 2 && p.d > 3);
    expect(leg.length).toBeGreaterThan(10);
    for (const p of leg) expect(p.u).toBeGreaterThan(39);
    for (let i = 1; i < track.length; i++) expect(track[i]!.d).toBeLessThanOrEqual(track[i - 1]!.d + 0.05);
  });

  it('lands where it is and can then be disarmed', () => {
    const q = airborneAt();
    expect(q.disarm()).toBe('cannot disarm in flight');
    q.land();
    fly(q, 60);
    expect(q.mode).toBe('landed');
    expect(q.pos.u).toBe(0);
    expect(q.disarm()).toBeNull();
  });
});
