import type { DroneStatus, GeoPoint, MoveEndpoint } from '@linewalker/domain';
import { common, type MavLinkData, minimal } from 'node-mavlink';
import { type CapturedPhoto, type Clock, type CommandOutcome, type DroneLink, systemClock } from '../link.ts';
import { fetchJpeg, readMjpeg } from './mjpeg.ts';
import { MavlinkTelemetry } from './telemetry.ts';
import { ARDUCOPTER, MavEndpoint, type MavMessage, PX4, parseAddress } from './wire.ts';

const { MavCmd, MavResult } = common;
const VIDEO_STREAM_INFORMATION = 269;
/** The ground station's own MAVLink identity (QGroundControl uses 255 too). */
const GCS_SYSID = 255;

export interface MavlinkLinkOptions {
  /** `host:port` of the vehicle; `0.0.0.0:port` listens on that port for a vehicle that sends there. */
  address: string;
  /** Where the drone row puts home until the vehicle reports its own (HOME_POSITION). */
  home: GeoPoint;
  clock?: Clock;
  /** How long one COMMAND_LONG waits for its COMMAND_ACK, and how many times it is sent. */
  ackTimeoutMs?: number;
  attempts?: number;
  /** No HEARTBEAT from the vehicle for this long: the link is lost. */
  heartbeatTimeoutMs?: number;
  /** Key-press velocities (the embedded simulator's): m/s forward/sideways, up, down; degrees/s of yaw. */
  speeds?: { horizontal: number; climb: number; descent: number; yawRate: number };
}

const RESULT_TEXT: Record<number, string> = {
  [MavResult.TEMPORARILY_REJECTED]: 'temporarily rejected',
  [MavResult.DENIED]: 'denied',
  [MavResult.UNSUPPORTED]: 'unsupported',
  [MavResult.FAILED]: 'failed',
  [MavResult.CANCELLED]: 'cancelled',
};

interface Waiter {
  resolve: (result: number) => void;
}

/**
 * The MAVLink driver: a ground station on UDP. It sends its HEARTBEAT at 1 Hz and watches the vehicle's
 * (silent past `heartbeatTimeoutMs` → link lost: no status, commands answered `unreachable`); sends each
 * command as COMMAND_LONG until a COMMAND_ACK comes (`attempts` tries); flies movement keys as body-frame
 * velocity set points (SET_POSITION_TARGET_LOCAL_NED); turns the vehicle's telemetry into the console's status
 * at 10 Hz. Video: the vehicle's VIDEO_STREAM_INFORMATION, when its URI is an HTTP MJPEG stream.
 */
export class MavlinkLink implements DroneLink {
  readonly telemetry: MavlinkTelemetry;
  private endpoint!: MavEndpoint;
  private readonly clock: Clock;
  private readonly waiters = new Map<number, Set<Waiter>>();
  private readonly captured = new Map<number, (m: InstanceType<typeof common.CameraImageCaptured>) => void>();
  private readonly statusListeners = new Set<(s: DroneStatus) => void>();
  private readonly frameListeners = new Set<(jpeg: Buffer, at: number) => void>();
  private readonly stops: (() => void)[] = [];
  private stopVideo: (() => void) | null = null;
  private lastFrame: { jpeg: Buffer; at: number } | null = null;
  private videoAsked = 0;
  private imageIndex = 0;
  private closed = false;
  private readonly options: Required<Omit<MavlinkLinkOptions, 'clock'>>;

  private constructor(options: MavlinkLinkOptions) {
    this.clock = options.clock ?? systemClock;
    this.options = {
      ackTimeoutMs: 400,
      attempts: 3,
      heartbeatTimeoutMs: 3_000,
      speeds: { horizontal: 8, climb: 3, descent: 2, yawRate: 60 },
      ...options,
    };
    this.telemetry = new MavlinkTelemetry(options.home, this.clock);
  }

  static async connect(options: MavlinkLinkOptions): Promise<MavlinkLink> {
    const link = new MavlinkLink(options);
    const { host, port, listen } = parseAddress(options.address);
    link.endpoint = await MavEndpoint.open({
      sysid: GCS_SYSID,
      compid: minimal.MavComponent.MISSIONPLANNER,
      bindPort: listen ? port : 0,
      peer: listen ? null : { address: host, port },
      onMessage: (m) => link.onMessage(m),
    });
    link.heartbeat();
    link.stops.push(link.clock.every(1_000, () => link.heartbeat()));
    link.stops.push(link.clock.every(100, () => link.tick()));
    // The vehicle's first heartbeat (it sends one a second) is awaited here, before any command goes out: a
    // command's 500 ms start once the link is up. Silent past the timeout, the link is up but lost.
    const until = Date.now() + link.options.heartbeatTimeoutMs;
    while (!link.connected && !link.closed && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return link;
  }

  /** True while the vehicle's heartbeats arrive. */
  get connected(): boolean {
    return this.telemetry.alive(this.options.heartbeatTimeoutMs);
  }

  arm() {
    return this.command('/arm', MavCmd.COMPONENT_ARM_DISARM, [1]);
  }
  disarm() {
    return this.command('/disarm', MavCmd.COMPONENT_ARM_DISARM, [0]);
  }
  takeOff() {
    // Param 7: the altitude (PX4: above mean sea level; ArduPilot: above home) — 20 m above home.
    const home = this.telemetry.home;
    const alt = this.telemetry.isArduPilot ? 20 : home.alt + 20;
    return this.command('/takeoff', MavCmd.NAV_TAKEOFF, [0, 0, 0, Number.NaN, Number.NaN, Number.NaN, alt]);
  }
  land() {
    return this.command('/land', MavCmd.NAV_LAND, [0, 0, 0, Number.NaN, Number.NaN, Number.NaN, Number.NaN]);
  }
  returnHome() {
    return this.command('/returnHome', MavCmd.NAV_RETURN_TO_LAUNCH, []);
  }

  /** Hold position: PX4's Hold (AUTO.LOITER), ArduCopter's Brake. */
  hover() {
    const params = this.telemetry.isArduPilot ? [1, ARDUCOPTER.BRAKE] : [1, PX4.main.AUTO, PX4.auto.LOITER];
    return this.command(null, MavCmd.DO_SET_MODE, params);
  }

  async move(endpoint: MoveEndpoint): Promise<CommandOutcome> {
    if (!this.connected) return this.unreachable();
    const refusal = this.telemetry.moveRefusal();
    if (refusal) return { ok: false, result: 'rejected', message: refusal };
    const s = this.options.speeds;
    const v = { forward: 0, right: 0, up: 0, yawRate: 0 };
    if (endpoint === '/moveForward') v.forward = s.horizontal;
    else if (endpoint === '/moveBackward') v.forward = -s.horizontal;
    else if (endpoint === '/moveRight') v.right = s.horizontal;
    else if (endpoint === '/moveLeft') v.right = -s.horizontal;
    else if (endpoint === '/moveUp') v.up = s.climb;
    else if (endpoint === '/moveDown') v.up = -s.descent;
    else if (endpoint === '/yawRight') v.yawRate = s.yawRate;
    else v.yawRate = -s.yawRate;
    this.setpoint(v);
    // PX4 follows set points in Offboard, ArduCopter in Guided: switch once the set points stream.
    if (!this.telemetry.followsSetpoints) {
      const params = this.telemetry.isArduPilot ? [1, ARDUCOPTER.GUIDED] : [1, PX4.main.OFFBOARD];
      void this.command(null, MavCmd.DO_SET_MODE, params);
    }
    this.telemetry.lastCommand = endpoint;
    return { ok: true, result: 'executed', message: null };
  }

  async record(on: boolean): Promise<CommandOutcome> {
    const outcome = on
      ? await this.command('/recordStart', MavCmd.VIDEO_START_CAPTURE, [0, 1])
      : await this.command('/recordStop', MavCmd.VIDEO_STOP_CAPTURE, [0]);
    if (outcome.ok) this.telemetry.recording = on;
    return outcome;
  }

  /**
   * MAV_CMD_IMAGE_START_CAPTURE (one photo); the image is the one CAMERA_IMAGE_CAPTURED points to when its
   * URL is HTTP, else the newest video frame. Fails (throws) when neither reaches the console.
   */
  async capture(): Promise<CapturedPhoto> {
    const index = this.imageIndex++;
    const announced = new Promise<InstanceType<typeof common.CameraImageCaptured> | null>((resolve) => {
      const timer = setTimeout(() => {
        this.captured.delete(index);
        resolve(null);
      }, 2_000);
      this.captured.set(index, (m) => {
        clearTimeout(timer);
        this.captured.delete(index);
        resolve(m);
      });
    });
    const outcome = await this.command('/capture', MavCmd.IMAGE_START_CAPTURE, [0, 0, 1, index + 1]);
    if (!outcome.ok) {
      this.captured.get(index)?.({ fileUrl: '' } as InstanceType<typeof common.CameraImageCaptured>);
      throw new Error(outcome.message ?? 'the vehicle did not take the photo');
    }
    const status = this.telemetry.status();
    const image = await announced;
    if (image?.fileUrl && /^https?:\/\//.test(image.fileUrl)) {
      const jpeg = await fetchJpeg(image.fileUrl, 3_000);
      if (jpeg) return { jpeg, status: this.telemetry.atImage(status, image) };
    }
    if (this.lastFrame && this.clock.now() - this.lastFrame.at < 2_000)
      return { jpeg: this.lastFrame.jpeg, status };
    throw new Error('the vehicle took the photo, but no image of it reached the console');
  }

  onStatus(listener: (s: DroneStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onFrame(listener: (jpeg: Buffer, at: number) => void): () => void {
    this.frameListeners.add(listener);
    this.updateVideo();
    return () => {
      this.frameListeners.delete(listener);
      this.updateVideo();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stop of this.stops) stop();
    this.stopVideo?.();
    this.stopVideo = null;
    this.statusListeners.clear();
    this.frameListeners.clear();
    for (const set of this.waiters.values()) for (const w of set) w.resolve(-1);
    await this.endpoint.close();
  }

  private unreachable(): CommandOutcome {
    const seconds = Math.round(this.options.heartbeatTimeoutMs / 100) / 10;
    return {
      ok: false,
      result: 'unreachable',
      message: `vehicle link lost: no heartbeat from the vehicle for over ${seconds} s`,
    };
  }

  /** COMMAND_LONG until acknowledged; `name` null for the console's own (hover, mode switches). */
  private async command(name: string | null, cmd: number, params: number[]): Promise<CommandOutcome> {
    if (!this.connected) return this.unreachable();
    const { attempts, ackTimeoutMs } = this.options;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const msg = new common.CommandLong();
      msg.targetSystem = this.telemetry.sysid;
      msg.targetComponent = this.telemetry.compid;
      msg.command = cmd;
      msg.confirmation = attempt;
      const p = (i: number) => params[i] ?? 0;
      [msg._param1, msg._param2, msg._param3, msg._param4] = [p(0), p(1), p(2), p(3)];
      [msg._param5, msg._param6, msg._param7] = [p(4), p(5), p(6)];
      const result = await this.awaitAck(cmd, msg, ackTimeoutMs);
      if (result === null) continue;
      if (result === -1) return { ok: false, result: 'unreachable', message: 'the link was closed' };
      if (result === MavResult.ACCEPTED) {
        if (name) this.telemetry.lastCommand = name;
        return { ok: true, result: 'executed', message: null };
      }
      return {
        ok: false,
        result: 'rejected',
        message: `the vehicle answered ${RESULT_TEXT[result] ?? `result ${result}`}`,
      };
    }
    const label = common.MavCmd[cmd] ?? String(cmd);
    return {
      ok: false,
      result: 'unreachable',
      message: `no COMMAND_ACK from the vehicle for MAV_CMD_${label} after ${attempts} tries`,
    };
  }

  /** Sends and waits for the ack (IN_PROGRESS extends the wait); null on timeout. */
  private awaitAck(cmd: number, msg: MavLinkData, timeoutMs: number): Promise<number | null> {
    return new Promise((resolve) => {
      const waiters = this.waiters.get(cmd) ?? new Set<Waiter>();
      this.waiters.set(cmd, waiters);
      let timer = setTimeout(() => done(null), timeoutMs);
      const waiter: Waiter = {
        resolve: (result) => {
          if (result === MavResult.IN_PROGRESS) {
            clearTimeout(timer);
            timer = setTimeout(() => done(null), timeoutMs * 5);
          } else done(result);
        },
      };
      const done = (result: number | null) => {
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(result);
      };
      waiters.add(waiter);
      this.endpoint.send(msg);
    });
  }

  private setpoint(v: { forward: number; right: number; up: number; yawRate: number }): void {
    const sp = new common.SetPositionTargetLocalNed();
    sp.timeBootMs = this.clock.now() >>> 0;
    sp.targetSystem = this.telemetry.sysid;
    sp.targetComponent = this.telemetry.compid;
    sp.coordinateFrame = common.MavFrame.BODY_OFFSET_NED;
    const I = common.PositionTargetTypemask;
    sp.typeMask =
      I.X_IGNORE | I.Y_IGNORE | I.Z_IGNORE | I.AX_IGNORE | I.AY_IGNORE | I.AZ_IGNORE | I.YAW_IGNORE;
    sp.vx = v.forward;
    sp.vy = v.right;
    sp.vz = -v.up;
    sp.yawRate = (v.yawRate * Math.PI) / 180;
    this.endpoint.send(sp);
  }

  private heartbeat(): void {
    const hb = new minimal.Heartbeat();
    hb.type = minimal.MavType.GCS;
    hb.autopilot = minimal.MavAutopilot.INVALID;
    hb.baseMode = 0 as minimal.MavModeFlag;
    hb.customMode = 0;
    hb.systemStatus = minimal.MavState.ACTIVE;
    hb.mavlinkVersion = 3;
    this.endpoint.send(hb);
  }

  private onMessage(m: MavMessage): void {
    if (m.data instanceof common.CommandAck) {
      for (const w of [...(this.waiters.get(m.data.command) ?? [])]) w.resolve(m.data.result);
      return;
    }
    if (m.data instanceof common.CameraImageCaptured) {
      this.captured.get(m.data.imageIndex)?.(m.data);
      return;
    }
    const first = !this.telemetry.seen;
    this.telemetry.observe(m);
    if (m.data instanceof common.VideoStreamInformation) this.updateVideo();
    if (first && this.telemetry.seen) this.askVideo();
  }

  /** Asks for VIDEO_STREAM_INFORMATION (again every 10 s until an answer). */
  private askVideo(): void {
    this.videoAsked = this.clock.now();
    void this.command(null, MavCmd.REQUEST_MESSAGE, [VIDEO_STREAM_INFORMATION]);
  }

  private tick(): void {
    if (!this.connected) return;
    const t = this.telemetry;
    if (t.videoUri === null && this.clock.now() - this.videoAsked > 10_000) this.askVideo();
    const status = t.status();
    for (const listener of this.statusListeners) listener(status);
  }

  /** Reads the MJPEG stream while someone watches (reconnecting after a drop), stops when nobody does. */
  private updateVideo(): void {
    const uri = this.telemetry.videoUri;
    const want = !this.closed && this.frameListeners.size > 0 && uri !== null && /^https?:\/\//.test(uri);
    if (want && !this.stopVideo) {
      this.stopVideo = readMjpeg(
        uri!,
        (jpeg) => {
          const at = this.clock.now();
          this.lastFrame = { jpeg, at };
          for (const listener of this.frameListeners) listener(jpeg, at);
        },
        () => {
          this.stopVideo = null;
          setTimeout(() => this.updateVideo(), 1_000).unref();
        },
      );
    } else if (!want && this.stopVideo) {
      this.stopVideo();
      this.stopVideo = null;
    }
  }
}
