import type { DroneStatus, GeoPoint, MoveEndpoint } from '@linewalker/domain';
import type { CapturedPhoto, Clock, CommandOutcome, DroneLink } from '../link.ts';
import { CAMERA_FPS, FRAME_HEIGHT, renderFrame, type Scene } from './camera.ts';
import { Quadcopter, type QuadcopterParams } from './quadcopter.ts';

const STEP_MS = 20;
const STATUS_MS = 100;
export const FRAME_MS = 1000 / CAMERA_FPS;
const VIDEO_MODE = `${FRAME_HEIGHT}P/${CAMERA_FPS}`;

export interface SimulatedLinkOptions {
  home: GeoPoint;
  scene: Scene;
  clock: Clock;
  params?: Partial<QuadcopterParams>;
  /** false in physics tests: no JPEG encoding. */
  camera?: boolean;
}

function outcome(refusal: string | null): CommandOutcome {
  return refusal === null
    ? { ok: true, result: 'executed', message: null }
    : { ok: false, result: 'rejected', message: refusal };
}

/** The embedded driver: the kinematic quadcopter stepped at 50 Hz, status at 10 Hz, camera frames at CAMERA_FPS. */
export class SimulatedLink implements DroneLink {
  readonly vehicle: Quadcopter;
  private readonly clock: Clock;
  private readonly scene: Scene;
  private readonly statusListeners = new Set<(s: DroneStatus) => void>();
  private readonly frameListeners = new Set<(jpeg: Buffer, at: number) => void>();
  private readonly stops: (() => void)[] = [];
  private lastCommand: string | null = null;
  private recording = false;
  private rendering = false;
  private frameOwed = false;

  constructor(options: SimulatedLinkOptions) {
    this.clock = options.clock;
    this.scene = options.scene;
    this.vehicle = new Quadcopter(options.home, options.params);
    this.stops.push(options.clock.every(STEP_MS, () => this.vehicle.step(STEP_MS / 1000)));
    this.stops.push(
      options.clock.every(STATUS_MS, () => {
        const status = this.status();
        for (const listener of this.statusListeners) listener(status);
      }),
    );
    if (options.camera !== false)
      this.stops.push(options.clock.every(FRAME_MS, () => void this.renderNext()));
  }

  status(): DroneStatus {
    const v = this.vehicle;
    return {
      airborne: v.airborne,
      armed: v.armed,
      home: v.home,
      location: v.location(),
      last_command_executed: this.lastCommand,
      mode: v.mode,
      batteryPercent: Math.round(v.batteryPercent * 10) / 10,
      remainingFlightSeconds: Math.round(v.remainingFlightSeconds()),
      flightSeconds: Math.round(v.flightSeconds),
      altitude: Math.round(v.pos.u * 10) / 10,
      speed: Math.round(v.speed() * 10) / 10,
      heading: Math.round(v.heading),
      gimbalPitch: v.gimbalPitch,
      linkQuality: 100,
      recording: this.recording,
      // The real stream: what is shown is what is recorded (640 × 360 JPEG frames at CAMERA_FPS).
      videoMode: VIDEO_MODE,
      alerts: v.alerts,
      at: this.clock.now(),
    };
  }

  private run(name: string, refusal: string | null): Promise<CommandOutcome> {
    if (refusal === null) this.lastCommand = name;
    return Promise.resolve(outcome(refusal));
  }

  arm() {
    return this.run('/arm', this.vehicle.arm());
  }
  disarm() {
    return this.run('/disarm', this.vehicle.disarm());
  }
  takeOff() {
    return this.run('/takeoff', this.vehicle.takeOff());
  }
  land() {
    return this.run('/land', this.vehicle.land());
  }
  move(endpoint: MoveEndpoint) {
    return this.run(endpoint, this.vehicle.move(endpoint));
  }
  returnHome() {
    return this.run('/returnHome', this.vehicle.returnHome());
  }
  hover() {
    this.vehicle.hover();
    return Promise.resolve(outcome(null));
  }
  record(on: boolean) {
    if (on && !this.vehicle.airborne) return Promise.resolve(outcome('not airborne'));
    this.recording = on;
    return this.run(on ? '/recordStart' : '/recordStop', null);
  }

  async capture(): Promise<CapturedPhoto> {
    const status = this.status();
    const jpeg = await renderFrame(this.scene, this.pose(), 90);
    this.lastCommand = '/capture';
    return { jpeg, status };
  }

  onStatus(listener: (s: DroneStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onFrame(listener: (jpeg: Buffer, at: number) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  async close(): Promise<void> {
    for (const stop of this.stops) stop();
    this.statusListeners.clear();
    this.frameListeners.clear();
  }

  private pose() {
    const v = this.vehicle;
    return { pos: { ...v.pos, u: Math.max(v.pos.u, 0.3) }, heading: v.heading, gimbalPitch: v.gimbalPitch };
  }

  /** Renders only when someone watches and the previous frame is done (a slow encode skips, never queues). */
  /**
   * A tick that finds the previous frame still rendering (a busy machine) is owed, not lost: the frame is
   * rendered as soon as the previous one is out, so the camera keeps its rate on average.
   */
  private async renderNext(): Promise<void> {
    if (this.frameListeners.size === 0) return;
    if (this.rendering) {
      this.frameOwed = true;
      return;
    }
    this.rendering = true;
    try {
      const jpeg = await renderFrame(this.scene, this.pose());
      const at = this.clock.now();
      for (const listener of this.frameListeners) listener(jpeg, at);
    } finally {
      this.rendering = false;
    }
    if (this.frameOwed) {
      this.frameOwed = false;
      await this.renderNext();
    }
  }
}
