import type { GeoPoint } from '@linewalker/domain';
import { common, type MavLinkData, minimal } from 'node-mavlink';
import { systemClock } from '../link.ts';
import { CAMERA_FPS, renderFrame, type Scene } from '../simulator/camera.ts';
import { Quadcopter, type QuadcopterParams } from '../simulator/quadcopter.ts';
import { CameraServer } from './mjpeg.ts';
import { MavEndpoint, type MavMessage, type Peer, PX4 } from './wire.ts';

const { MavCmd, MavResult } = common;
const STEP_MS = 20;
const TELEMETRY_MS = 100;
const VIDEO_STREAM_INFORMATION = 269;

export interface MavlinkSimulatorOptions {
  home: GeoPoint;
  /** What the camera sees; without it the vehicle has no camera (no video, captures refused). */
  scene?: Scene;
  /** UDP port the vehicle listens on (0 = any free one); loopback only. */
  port?: number;
  /** Send to this ground station (ArduPilot SITL's `--out udp:…`); unset = to whoever spoke to it last. */
  groundStation?: Peer;
  params?: Partial<QuadcopterParams>;
  sysid?: number;
}

/**
 * The embedded quadcopter as a MAVLink vehicle on a loopback UDP port, presenting itself as PX4: it answers
 * COMMAND_LONG with COMMAND_ACK, follows SET_POSITION_TARGET_LOCAL_NED body-frame velocities, and sends
 * HEARTBEAT (1 Hz), GLOBAL_POSITION_INT, VFR_HUD, ATTITUDE (10 Hz), SYS_STATUS, EXTENDED_SYS_STATE (2 Hz),
 * BATTERY_STATUS, HOME_POSITION and MOUNT_ORIENTATION (1 Hz) to the ground station that last spoke to it.
 * Its camera is served as MJPEG over loopback HTTP, announced by VIDEO_STREAM_INFORMATION.
 */
export class MavlinkSimulator {
  readonly vehicle: Quadcopter;
  /** Fault injection for tests: drop the next N command acks; go silent (send nothing at all). */
  readonly faults = { dropAcks: 0, silent: false };
  private endpoint!: MavEndpoint;
  private camera: CameraServer | null = null;
  private readonly stops: (() => void)[] = [];
  private ticks = 0;
  private imageIndex = 0;
  private recording = false;
  private lastCommand: { command: number; result: number; at: number } | null = null;
  private readonly bootAt = Date.now();

  private constructor(private readonly options: MavlinkSimulatorOptions) {
    this.vehicle = new Quadcopter(options.home, options.params);
  }

  static async start(options: MavlinkSimulatorOptions): Promise<MavlinkSimulator> {
    const sim = new MavlinkSimulator(options);
    const scene = options.scene;
    if (scene)
      sim.camera = await CameraServer.start({
        render: () => renderFrame(scene, sim.pose()),
        fps: CAMERA_FPS,
      });
    sim.endpoint = await MavEndpoint.open({
      sysid: options.sysid ?? 1,
      compid: minimal.MavComponent.AUTOPILOT1,
      bindPort: options.port ?? 0,
      bindAddress: '127.0.0.1',
      peer: options.groundStation ?? null,
      onMessage: (m) => sim.onMessage(m),
    });
    sim.stops.push(systemClock.every(STEP_MS, () => sim.vehicle.step(STEP_MS / 1000)));
    sim.stops.push(systemClock.every(TELEMETRY_MS, () => sim.telemetry()));
    return sim;
  }

  /** True between VIDEO_START_CAPTURE and VIDEO_STOP_CAPTURE. */
  get isRecording(): boolean {
    return this.recording;
  }

  /** The UDP port the vehicle listens on. */
  get port(): number {
    return this.endpoint.port;
  }

  /** Its camera's MJPEG stream, or null without a camera. */
  get videoUrl(): string | null {
    return this.camera ? `${this.camera.url}/video.mjpeg` : null;
  }

  async close(): Promise<void> {
    for (const stop of this.stops) stop();
    await this.endpoint.close();
    await this.camera?.close();
  }

  private pose() {
    const v = this.vehicle;
    return { pos: { ...v.pos, u: Math.max(v.pos.u, 0.3) }, heading: v.heading, gimbalPitch: v.gimbalPitch };
  }

  private send(data: MavLinkData): void {
    if (!this.faults.silent) this.endpoint.send(data);
  }

  /** When a ground station last spoke to the vehicle (ms since the epoch; 0 = never). */
  lastHeard = 0;

  private onMessage(m: MavMessage): void {
    this.lastHeard = Date.now();
    const d = m.data;
    // Commands and set points for another system (0 = every system) are not this vehicle's.
    const mine = (target: number) => target === 0 || target === (this.options.sysid ?? 1);
    if (d instanceof common.CommandLong && mine(d.targetSystem)) void this.onCommand(d);
    else if (d instanceof common.SetPositionTargetLocalNed && mine(d.targetSystem)) this.onSetpoint(d);
  }

  private onSetpoint(sp: InstanceType<typeof common.SetPositionTargetLocalNed>): void {
    // Body frame (MAV_FRAME_BODY_NED / BODY_OFFSET_NED / BODY_FRD): x forward, y right, z down.
    const v = { forward: sp.vx, right: sp.vy, up: -sp.vz, yawRate: (sp.yawRate * 180) / Math.PI };
    if (v.forward === 0 && v.right === 0 && v.up === 0 && v.yawRate === 0) this.vehicle.hover();
    else this.vehicle.setVelocity(v);
  }

  private async onCommand(c: InstanceType<typeof common.CommandLong>): Promise<void> {
    const now = Date.now();
    // A retry (confirmation > 0) of the command just executed is answered again, not executed twice.
    const last = this.lastCommand;
    if (c.confirmation > 0 && last && last.command === c.command && now - last.at < 3_000) {
      this.ack(c.command, last.result);
      return;
    }
    const result = await this.execute(c);
    this.lastCommand = { command: c.command, result, at: now };
    this.ack(c.command, result);
    if (c.command === MavCmd.REQUEST_MESSAGE && c._param1 === VIDEO_STREAM_INFORMATION && this.camera)
      this.send(this.streamInformation());
  }

  private ack(command: number, result: number): void {
    if (this.faults.dropAcks > 0) {
      this.faults.dropAcks--;
      return;
    }
    const ack = new common.CommandAck();
    ack.command = command;
    ack.result = result;
    this.send(ack);
  }

  private async execute(c: InstanceType<typeof common.CommandLong>): Promise<number> {
    const v = this.vehicle;
    const refused = (refusal: string | null) => (refusal === null ? MavResult.ACCEPTED : MavResult.DENIED);
    switch (c.command) {
      case MavCmd.COMPONENT_ARM_DISARM:
        if (c._param1 === 1) return v.armed ? MavResult.ACCEPTED : refused(v.arm());
        return v.armed ? refused(v.disarm()) : MavResult.ACCEPTED;
      case MavCmd.NAV_TAKEOFF: {
        // PX4: param 7 is the altitude above mean sea level (NaN: its default).
        const alt = c._param7 - v.home.alt;
        if (Number.isFinite(alt) && alt >= 2) v.params.takeoffAltitude = Math.min(alt, v.params.maxAltitude);
        return refused(v.takeOff());
      }
      case MavCmd.NAV_LAND:
        return refused(v.land());
      case MavCmd.NAV_RETURN_TO_LAUNCH:
        return refused(v.returnHome());
      case MavCmd.DO_SET_MODE:
        return this.setMode(c._param2, c._param3);
      case MavCmd.IMAGE_START_CAPTURE:
        return this.capture();
      case MavCmd.VIDEO_START_CAPTURE:
        if (!this.camera || !v.airborne) return MavResult.DENIED;
        this.recording = true;
        return MavResult.ACCEPTED;
      case MavCmd.VIDEO_STOP_CAPTURE:
        this.recording = false;
        return MavResult.ACCEPTED;
      case MavCmd.REQUEST_MESSAGE:
        return c._param1 === VIDEO_STREAM_INFORMATION && this.camera
          ? MavResult.ACCEPTED
          : MavResult.UNSUPPORTED;
      default:
        return MavResult.UNSUPPORTED;
    }
  }

  /** PX4 modes by DO_SET_MODE: Hold (AUTO.LOITER) hovers; Offboard is entered by the set points themselves. */
  private setMode(main: number, sub: number): number {
    if (main === PX4.main.AUTO && sub === PX4.auto.LOITER) {
      this.vehicle.hover();
      return MavResult.ACCEPTED;
    }
    if (main === PX4.main.AUTO && sub === PX4.auto.RTL)
      return this.vehicle.returnHome() === null ? MavResult.ACCEPTED : MavResult.DENIED;
    if (main === PX4.main.OFFBOARD) return this.vehicle.airborne ? MavResult.ACCEPTED : MavResult.DENIED;
    return MavResult.UNSUPPORTED;
  }

  private async capture(): Promise<number> {
    const camera = this.camera;
    if (!camera) return MavResult.UNSUPPORTED;
    const index = this.imageIndex++;
    const v = this.vehicle;
    const at = v.location();
    const jpeg = await renderFrame(this.options.scene!, this.pose(), 90);
    const msg = new common.CameraImageCaptured();
    msg.timeBootMs = this.bootMs();
    msg.timeUtc = BigInt(Date.now()) * 1000n;
    msg.cameraId = 0;
    msg.lat = Math.round(at.lat * 1e7);
    msg.lon = Math.round(at.lon * 1e7);
    msg.alt = Math.round(at.alt * 1000);
    msg.relativeAlt = Math.round(v.pos.u * 1000);
    msg.q = [1, 0, 0, 0];
    msg.imageIndex = index;
    msg.captureResult = 1;
    msg.fileUrl = camera.keep(index, jpeg);
    // After the ack: the photo is announced once taken.
    setTimeout(() => this.send(msg), 10);
    return MavResult.ACCEPTED;
  }

  private streamInformation(): MavLinkData {
    const info = new common.VideoStreamInformation();
    info.streamId = 1;
    info.count = 1;
    info.type = common.VideoStreamType.TCP_MPEG;
    info.flags = common.VideoStreamStatusFlags.RUNNING;
    info.framerate = CAMERA_FPS;
    info.resolutionH = 640;
    info.resolutionV = 360;
    info.bitrate = 0;
    info.rotation = 0;
    info.hfov = 82;
    info.name = 'Simulated camera (MJPEG)';
    info.uri = this.videoUrl ?? '';
    return info;
  }

  private bootMs(): number {
    return (Date.now() - this.bootAt) >>> 0;
  }

  private customMode(): number {
    const mode = this.vehicle.mode;
    if (mode === 'takeoff') return PX4.encode(PX4.main.AUTO, PX4.auto.TAKEOFF);
    if (mode === 'landing') return PX4.encode(PX4.main.AUTO, PX4.auto.LAND);
    if (mode === 'returnHome') return PX4.encode(PX4.main.AUTO, PX4.auto.RTL);
    if (mode === 'manual') return PX4.encode(PX4.main.OFFBOARD);
    if (mode === 'hover') return PX4.encode(PX4.main.AUTO, PX4.auto.LOITER);
    return PX4.encode(PX4.main.POSCTL);
  }

  private telemetry(): void {
    const tick = this.ticks++;
    const v = this.vehicle;
    const at = v.location();
    const boot = this.bootMs();
    if (tick % 10 === 0) {
      const hb = new minimal.Heartbeat();
      hb.type = minimal.MavType.QUADROTOR;
      hb.autopilot = minimal.MavAutopilot.PX4;
      hb.baseMode =
        minimal.MavModeFlag.CUSTOM_MODE_ENABLED | (v.armed ? minimal.MavModeFlag.SAFETY_ARMED : 0);
      hb.customMode = this.customMode();
      hb.systemStatus = v.armed ? minimal.MavState.ACTIVE : minimal.MavState.STANDBY;
      hb.mavlinkVersion = 3;
      this.send(hb);
    }
    const pos = new common.GlobalPositionInt();
    pos.timeBootMs = boot;
    pos.lat = Math.round(at.lat * 1e7);
    pos.lon = Math.round(at.lon * 1e7);
    pos.alt = Math.round(at.alt * 1000);
    pos.relativeAlt = Math.round(v.pos.u * 1000);
    pos.vx = Math.round(v.vel.n * 100);
    pos.vy = Math.round(v.vel.e * 100);
    pos.vz = Math.round(-v.vel.u * 100);
    pos.hdg = Math.round(v.heading * 100) % 36_000;
    this.send(pos);
    const hud = new common.VfrHud();
    hud.groundspeed = Math.hypot(v.vel.e, v.vel.n);
    hud.airspeed = hud.groundspeed;
    hud.heading = Math.round(v.heading) % 360;
    hud.throttle = v.airborne ? 50 : 0;
    hud.alt = at.alt;
    hud.climb = v.vel.u;
    this.send(hud);
    const attitude = new common.Attitude();
    attitude.timeBootMs = boot;
    attitude.yaw = ((v.heading > 180 ? v.heading - 360 : v.heading) * Math.PI) / 180;
    this.send(attitude);
    if (tick % 5 === 0) this.slowTelemetry(boot, tick % 10 === 0);
  }

  private slowTelemetry(boot: number, everySecond: boolean): void {
    const v = this.vehicle;
    const sys = new common.SysStatus();
    sys.voltageBattery = Math.round((14.0 + 2.8 * (v.batteryPercent / 100)) * 1000);
    sys.currentBattery = v.airborne ? 1500 : 50;
    sys.batteryRemaining = Math.round(v.batteryPercent);
    this.send(sys);
    const ext = new common.ExtendedSysState();
    ext.vtolState = common.MavVtolState.UNDEFINED;
    ext.landedState =
      v.mode === 'landed'
        ? common.MavLandedState.ON_GROUND
        : v.mode === 'takeoff'
          ? common.MavLandedState.TAKEOFF
          : v.mode === 'landing'
            ? common.MavLandedState.LANDING
            : common.MavLandedState.IN_AIR;
    this.send(ext);
    if (!everySecond) return;
    const battery = new common.BatteryStatus();
    battery.id = 0;
    battery.batteryFunction = common.MavBatteryFunction.ALL;
    battery.type = common.MavBatteryType.LIPO;
    battery.temperature = 2500;
    battery.voltages = [Math.round(sys.voltageBattery / 4), ...Array(9).fill(65_535)];
    battery.currentBattery = sys.currentBattery;
    battery.batteryRemaining = sys.batteryRemaining;
    battery.timeRemaining = Math.round(v.remainingFlightSeconds());
    this.send(battery);
    const home = new common.HomePosition();
    home.latitude = Math.round(v.home.lat * 1e7);
    home.longitude = Math.round(v.home.lon * 1e7);
    home.altitude = Math.round(v.home.alt * 1000);
    home.q = [1, 0, 0, 0];
    home.timeUsec = BigInt(boot) * 1000n;
    this.send(home);
    const mount = new common.MountOrientation();
    mount.timeBootMs = boot;
    mount.pitch = v.gimbalPitch;
    mount.yaw = v.heading;
    mount.yawAbsolute = v.heading;
    this.send(mount);
  }
}
