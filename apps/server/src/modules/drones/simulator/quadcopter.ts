import type { DroneAlert, FlightMode, GeoPoint, MoveEndpoint } from '@linewalker/domain';

/**
 * A kinematic quadcopter: position and velocity in metres east/north/up of home, velocity tracked toward a
 * set point under an acceleration limit, yaw rate and climb rate limits, wind with gusts pushing the airframe,
 * a battery that drains with effort, GPS position from the local frame. Pure: time only moves through
 * `step(dt)`, so tests fly it with a fake clock.
 */
export interface QuadcopterParams {
  maxSpeed: number;
  maxAccel: number;
  maxClimb: number;
  maxDescent: number;
  yawRateDeg: number;
  takeoffAltitude: number;
  returnAltitude: number;
  /** Seconds a full battery hovers for. */
  enduranceSeconds: number;
  /** Geofence: metres from home, metres above home. */
  maxDistance: number;
  maxAltitude: number;
  /** A move command holds its set point this long, then the vehicle brakes to a hover. */
  commandHoldSeconds: number;
  windEast: number;
  windNorth: number;
  gust: number;
  seed: number;
}

export const DEFAULT_PARAMS: QuadcopterParams = {
  maxSpeed: 8,
  maxAccel: 4,
  maxClimb: 3,
  maxDescent: 2,
  yawRateDeg: 60,
  takeoffAltitude: 20,
  returnAltitude: 40,
  enduranceSeconds: 25 * 60,
  maxDistance: 800,
  maxAltitude: 120,
  commandHoldSeconds: 0.2,
  windEast: 0,
  windNorth: 0,
  gust: 0,
  seed: 1,
};

/** Velocity controller gain (1/s) and air drag on the airframe (1/s): P-only tracking, so wind drifts it. */
const GAIN = 2.5;
const DRAG = 0.3;
const EARTH_RADIUS = 6_378_137;

export interface Vec3 {
  e: number;
  n: number;
  u: number;
}

interface SetPoint {
  forward: number;
  right: number;
  up: number;
  yawRate: number;
  until: number;
}

export class Quadcopter {
  readonly params: QuadcopterParams;
  readonly home: GeoPoint;
  time = 0;
  pos: Vec3 = { e: 0, n: 0, u: 0 };
  vel: Vec3 = { e: 0, n: 0, u: 0 };
  /** Degrees clockwise from north. */
  heading = 0;
  gimbalPitch = -30;
  armed = false;
  mode: FlightMode = 'landed';
  batteryPercent = 100;
  flightSeconds = 0;
  private setPoint: SetPoint = { forward: 0, right: 0, up: 0, yawRate: 0, until: 0 };
  private readonly events = new Set<DroneAlert>();

  constructor(home: GeoPoint, params: Partial<QuadcopterParams> = {}) {
    this.home = home;
    this.params = { ...DEFAULT_PARAMS, ...params };
  }

  get airborne(): boolean {
    return this.mode !== 'landed';
  }

  /** Alerts raised by the airframe itself (geofence); the link's supervisor adds its own. */
  get alerts(): DroneAlert[] {
    return [...this.events];
  }

  arm(): string | null {
    if (this.armed) return 'already armed';
    if (this.batteryPercent <= 10) return 'battery too low to arm';
    this.armed = true;
    return null;
  }

  disarm(): string | null {
    if (this.airborne) return 'cannot disarm in flight';
    this.armed = false;
    return null;
  }

  takeOff(): string | null {
    if (!this.armed) return 'not armed';
    if (this.airborne) return 'already airborne';
    this.mode = 'takeoff';
    return null;
  }

  land(): string | null {
    if (!this.airborne) return 'not airborne';
    this.mode = 'landing';
    return null;
  }

  returnHome(): string | null {
    if (!this.airborne) return 'not airborne';
    this.mode = 'returnHome';
    return null;
  }

  /** Stop where it is: brake to a hover and drop any set point (emergency stop, link loss). */
  hover(): void {
    this.setPoint = { forward: 0, right: 0, up: 0, yawRate: 0, until: 0 };
    if (this.airborne) this.mode = 'hover';
  }

  move(endpoint: MoveEndpoint): string | null {
    if (!this.airborne) return 'not airborne';
    if (this.mode === 'takeoff' || this.mode === 'landing') return `busy (${this.mode})`;
    const { maxSpeed: v, maxClimb, yawRateDeg } = this.params;
    const sp: SetPoint = {
      forward: 0,
      right: 0,
      up: 0,
      yawRate: 0,
      until: this.time + this.params.commandHoldSeconds,
    };
    if (endpoint === '/moveForward') sp.forward = v;
    else if (endpoint === '/moveBackward') sp.forward = -v;
    else if (endpoint === '/moveRight') sp.right = v;
    else if (endpoint === '/moveLeft') sp.right = -v;
    else if (endpoint === '/moveUp') sp.up = maxClimb;
    else if (endpoint === '/moveDown') sp.up = -this.params.maxDescent;
    else if (endpoint === '/yawRight') sp.yawRate = yawRateDeg;
    else sp.yawRate = -yawRateDeg;
    // Keys held together add up: a new command keeps the other axes of a set point still in force.
    const held = this.setPoint.until > this.time ? this.setPoint : null;
    this.setPoint = held
      ? {
          forward: sp.forward || held.forward,
          right: sp.right || held.right,
          up: sp.up || held.up,
          yawRate: sp.yawRate || held.yawRate,
          until: sp.until,
        }
      : sp;
    this.mode = 'manual';
    return null;
  }

  /**
   * A whole body-frame velocity set point (m/s forward, right, up; degrees/s clockwise), as a MAVLink ground
   * station sends it: held for `commandHoldSeconds`, limited to the airframe's speeds.
   */
  setVelocity(v: { forward: number; right: number; up: number; yawRate: number }): string | null {
    if (!this.airborne) return 'not airborne';
    if (this.mode === 'takeoff' || this.mode === 'landing') return `busy (${this.mode})`;
    const p = this.params;
    this.setPoint = {
      forward: clamp(v.forward, -p.maxSpeed, p.maxSpeed),
      right: clamp(v.right, -p.maxSpeed, p.maxSpeed),
      up: clamp(v.up, -p.maxDescent, p.maxClimb),
      yawRate: clamp(v.yawRate, -p.yawRateDeg, p.yawRateDeg),
      until: this.time + p.commandHoldSeconds,
    };
    this.mode = 'manual';
    return null;
  }

  wind(): Vec3 {
    const { windEast, windNorth, gust, seed } = this.params;
    const t = this.time;
    // Gusts: a few incommensurate sines per axis, phase-shifted by the seed (deterministic, zero mean).
    const g = (k: number) =>
      gust *
      (0.6 * Math.sin(0.31 * t + seed * k) +
        0.3 * Math.sin(0.97 * t + 2 * seed * k) +
        0.1 * Math.sin(2.3 * t + k));
    return { e: windEast + g(1.3), n: windNorth + g(2.9), u: 0 };
  }

  location(): GeoPoint {
    const lat = this.home.lat + (this.pos.n / EARTH_RADIUS) * (180 / Math.PI);
    const lon =
      this.home.lon +
      (this.pos.e / (EARTH_RADIUS * Math.cos((this.home.lat * Math.PI) / 180))) * (180 / Math.PI);
    return { lat, lon, alt: this.home.alt + this.pos.u };
  }

  distanceFromHome(): number {
    return Math.hypot(this.pos.e, this.pos.n);
  }

  speed(): number {
    return Math.hypot(this.vel.e, this.vel.n, this.vel.u);
  }

  /** Seconds of hovering the battery has left (what the console's remaining flight time shows). */
  remainingFlightSeconds(): number {
    return (this.batteryPercent / 100) * this.params.enduranceSeconds;
  }

  step(dt: number): void {
    this.time += dt;
    const desired = this.desiredVelocity();
    if (this.airborne) {
      const wind = this.wind();
      // The thrust's horizontal part is limited as a vector, the vertical part on its own.
      const limit = this.params.maxAccel;
      let ce = GAIN * (desired.e - this.vel.e);
      let cn = GAIN * (desired.n - this.vel.n);
      const magnitude = Math.hypot(ce, cn);
      if (magnitude > limit) {
        ce *= limit / magnitude;
        cn *= limit / magnitude;
      }
      const cu = clamp(GAIN * (desired.u - this.vel.u), -limit, limit);
      this.vel.e += (ce + DRAG * (wind.e - this.vel.e)) * dt;
      this.vel.n += (cn + DRAG * (wind.n - this.vel.n)) * dt;
      this.vel.u += cu * dt;
      this.applyGeofence();
      this.pos.e += this.vel.e * dt;
      this.pos.n += this.vel.n * dt;
      this.pos.u += this.vel.u * dt;
      this.heading = (((this.heading + this.yawRate() * dt) % 360) + 360) % 360;
      this.flightSeconds += dt;
      if (this.pos.u <= 0 && (this.mode === 'landing' || this.vel.u < 0)) this.touchDown();
    }
    this.drain(dt);
  }

  private desiredVelocity(): Vec3 {
    const p = this.params;
    if (this.mode === 'takeoff') {
      const toGo = p.takeoffAltitude - this.pos.u;
      if (toGo < 0.2) {
        this.mode = 'hover';
        return { e: 0, n: 0, u: 0 };
      }
      return { e: 0, n: 0, u: Math.min(p.maxClimb, toGo) };
    }
    if (this.mode === 'landing') {
      return { e: 0, n: 0, u: -Math.min(p.maxDescent, Math.max(0.5, this.pos.u / 2)) };
    }
    if (this.mode === 'returnHome') return this.returnHomeVelocity();
    if (this.mode === 'manual') {
      const sp = this.setPoint;
      if (sp.until <= this.time) {
        this.mode = 'hover';
        return { e: 0, n: 0, u: 0 };
      }
      const h = (this.heading * Math.PI) / 180;
      return {
        e: sp.forward * Math.sin(h) + sp.right * Math.cos(h),
        n: sp.forward * Math.cos(h) - sp.right * Math.sin(h),
        u: sp.up,
      };
    }
    return { e: 0, n: 0, u: 0 };
  }

  /** Climb to the return altitude, fly straight home slowing on approach, then land. */
  private returnHomeVelocity(): Vec3 {
    const p = this.params;
    const distance = this.distanceFromHome();
    const altitude = Math.max(p.returnAltitude, Math.min(this.pos.u, p.maxAltitude));
    if (distance > 1.5 && this.pos.u < altitude - 0.5) return { e: 0, n: 0, u: p.maxClimb };
    if (distance > 1.5) {
      // Speed that can still brake to a stop at home under the acceleration limit.
      const speed = Math.min(p.maxSpeed, Math.sqrt(2 * p.maxAccel * 0.5 * distance), distance);
      return { e: (-this.pos.e / distance) * speed, n: (-this.pos.n / distance) * speed, u: 0 };
    }
    this.mode = 'landing';
    return { e: 0, n: 0, u: -p.maxDescent };
  }

  private yawRate(): number {
    return this.mode === 'manual' && this.setPoint.until > this.time ? this.setPoint.yawRate : 0;
  }

  /** Outward motion stops at the fence (max distance from home, max height above home). */
  private applyGeofence(): void {
    const p = this.params;
    this.events.delete('geofence');
    const d = this.distanceFromHome();
    if (d >= p.maxDistance - 0.5 && d > 0) {
      const re = this.pos.e / d;
      const rn = this.pos.n / d;
      const outward = this.vel.e * re + this.vel.n * rn;
      if (outward > 0) {
        this.vel.e -= outward * re;
        this.vel.n -= outward * rn;
        this.events.add('geofence');
      }
    }
    if (this.pos.u >= p.maxAltitude - 0.2 && this.vel.u > 0) {
      this.vel.u = 0;
      this.events.add('geofence');
    }
  }

  private touchDown(): void {
    this.pos.u = 0;
    this.vel = { e: 0, n: 0, u: 0 };
    this.mode = 'landed';
    this.setPoint = { forward: 0, right: 0, up: 0, yawRate: 0, until: 0 };
  }

  /** Hover costs 1×, speed and climbing cost more, armed on the ground 5 %. */
  private drain(dt: number): void {
    if (!this.armed) return;
    let effort = 0.05;
    if (this.airborne) {
      const horizontal = Math.hypot(this.vel.e, this.vel.n) / this.params.maxSpeed;
      effort = 1 + 0.4 * horizontal * horizontal + 0.3 * Math.max(0, this.vel.u / this.params.maxClimb);
    }
    this.batteryPercent = Math.max(
      0,
      this.batteryPercent - (100 / this.params.enduranceSeconds) * effort * dt,
    );
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
