import type { DroneStatus, FlightMode, GeoPoint } from '@linewalker/domain';
import { common, minimal } from 'node-mavlink';
import type { Clock } from '../link.ts';
import { ARDUCOPTER, type MavMessage, PX4 } from './wire.ts';

/** Without BATTERY_STATUS's time remaining, a full battery counts as this many seconds of flight. */
const ENDURANCE_SECONDS = 25 * 60;
/** Packets whose sequence numbers measure the link quality. */
const QUALITY_WINDOW = 50;

type CameraImageCaptured = InstanceType<typeof common.CameraImageCaptured>;

/**
 * What the vehicle's telemetry says, as the console's status: HEARTBEAT (armed flag, autopilot, mode),
 * EXTENDED_SYS_STATE (landed state), GLOBAL_POSITION_INT (position, height above home, heading),
 * VFR_HUD (speed, heading), ATTITUDE (heading), SYS_STATUS and BATTERY_STATUS (battery, time remaining),
 * HOME_POSITION, MOUNT_ORIENTATION (gimbal pitch), VIDEO_STREAM_INFORMATION (video mode and stream URI).
 * Link quality is the share of the vehicle's last packets that arrived (from their sequence numbers).
 */
export class MavlinkTelemetry {
  sysid = 1;
  compid = 1;
  seen = false;
  lastCommand: string | null = null;
  recording = false;
  videoUri: string | null = null;
  home: GeoPoint;
  private lastHeartbeat = Number.NEGATIVE_INFINITY;
  private autopilot: number = minimal.MavAutopilot.GENERIC;
  private armed = false;
  private customMode = 0;
  private landedState: number = common.MavLandedState.UNDEFINED;
  private location: GeoPoint;
  private altitude = 0;
  private speed = 0;
  private heading = 0;
  private gimbalPitch = -30;
  private battery = 100;
  private timeRemaining = 0;
  private videoMode = 'SD';
  private airborneSince: number | null = null;
  private flightSeconds = 0;
  private lastSeq: number | null = null;
  private readonly arrivals: number[] = [];

  constructor(
    home: GeoPoint,
    private readonly clock: Clock,
  ) {
    this.home = home;
    this.location = home;
  }

  get isArduPilot(): boolean {
    return this.autopilot === minimal.MavAutopilot.ARDUPILOTMEGA;
  }

  alive(timeoutMs: number): boolean {
    return this.clock.now() - this.lastHeartbeat <= timeoutMs;
  }

  /** The vehicle is in the mode that follows velocity set points (PX4 Offboard, ArduCopter Guided). */
  get followsSetpoints(): boolean {
    if (this.isArduPilot) return this.customMode === ARDUCOPTER.GUIDED;
    return PX4.decode(this.customMode).main === PX4.main.OFFBOARD;
  }

  moveRefusal(): string | null {
    if (!this.airborne()) return 'not airborne';
    const mode = this.mode();
    if (mode === 'takeoff' || mode === 'landing') return `busy (${mode})`;
    return null;
  }

  observe(m: MavMessage): void {
    const d = m.data;
    if (d instanceof minimal.Heartbeat) {
      // Heartbeats of other components (a camera, a gimbal) say nothing about the flight controller.
      if (d.type === minimal.MavType.GCS || d.autopilot === minimal.MavAutopilot.INVALID) return;
      this.sysid = m.sysid;
      this.compid = m.compid;
      this.seen = true;
      this.lastHeartbeat = this.clock.now();
      this.autopilot = d.autopilot;
      this.armed = (d.baseMode & minimal.MavModeFlag.SAFETY_ARMED) !== 0;
      this.customMode = d.customMode;
    }
    if (m.sysid !== this.sysid) return;
    this.countArrival(m.seq);
    if (d instanceof common.GlobalPositionInt) {
      this.location = { lat: d.lat / 1e7, lon: d.lon / 1e7, alt: d.alt / 1000 };
      this.altitude = d.relativeAlt / 1000;
      if (d.hdg !== 65_535) this.heading = d.hdg / 100;
      this.speed = Math.hypot(d.vx, d.vy, d.vz) / 100;
    } else if (d instanceof common.VfrHud) {
      this.speed = d.groundspeed;
      this.heading = d.heading;
    } else if (d instanceof common.Attitude) {
      this.heading = ((((d.yaw * 180) / Math.PI) % 360) + 360) % 360;
    } else if (d instanceof common.ExtendedSysState) this.landedState = d.landedState;
    else if (d instanceof common.SysStatus) {
      if (d.batteryRemaining >= 0) this.battery = d.batteryRemaining;
    } else if (d instanceof common.BatteryStatus) {
      if (d.batteryRemaining >= 0) this.battery = d.batteryRemaining;
      this.timeRemaining = d.timeRemaining;
    } else if (d instanceof common.HomePosition)
      this.home = { lat: d.latitude / 1e7, lon: d.longitude / 1e7, alt: d.altitude / 1000 };
    else if (d instanceof common.MountOrientation) this.gimbalPitch = d.pitch;
    else if (d instanceof common.VideoStreamInformation) {
      this.videoUri = d.uri || null;
      this.videoMode =
        d.resolutionV > 0 ? `${d.resolutionV}P/${Math.round(d.framerate)}` : (d.name || 'SD').slice(0, 20);
    }
  }

  private countArrival(seq: number): void {
    if (this.lastSeq !== null) {
      const gap = (seq - this.lastSeq + 256) % 256;
      // A gap of more than half the sequence is a restart, not a loss.
      for (let i = 1; i < gap && gap < 128; i++) this.arrivals.push(0);
    }
    this.arrivals.push(1);
    this.lastSeq = seq;
    if (this.arrivals.length > QUALITY_WINDOW) this.arrivals.splice(0, this.arrivals.length - QUALITY_WINDOW);
  }

  private airborne(): boolean {
    const s = this.landedState;
    if (s === common.MavLandedState.ON_GROUND) return false;
    if (s !== common.MavLandedState.UNDEFINED) return true;
    return this.armed && this.altitude > 0.5;
  }

  private mode(): FlightMode {
    if (!this.airborne()) return 'landed';
    if (this.landedState === common.MavLandedState.TAKEOFF) return 'takeoff';
    if (this.landedState === common.MavLandedState.LANDING) return 'landing';
    if (this.isArduPilot) {
      if (this.customMode === ARDUCOPTER.RTL) return 'returnHome';
      if (this.customMode === ARDUCOPTER.LAND) return 'landing';
      return this.customMode === ARDUCOPTER.GUIDED ? 'manual' : 'hover';
    }
    const { main, sub } = PX4.decode(this.customMode);
    if (main === PX4.main.AUTO && sub === PX4.auto.RTL) return 'returnHome';
    if (main === PX4.main.AUTO && sub === PX4.auto.LAND) return 'landing';
    if (main === PX4.main.AUTO && sub === PX4.auto.TAKEOFF) return 'takeoff';
    return main === PX4.main.OFFBOARD ? 'manual' : 'hover';
  }

  status(): DroneStatus {
    const now = this.clock.now();
    const airborne = this.airborne();
    if (airborne && this.airborneSince === null) this.airborneSince = now;
    if (!airborne && this.airborneSince !== null) {
      this.flightSeconds += (now - this.airborneSince) / 1000;
      this.airborneSince = null;
    }
    const flying = this.airborneSince === null ? 0 : (now - this.airborneSince) / 1000;
    const received = this.arrivals.reduce((a, b) => a + b, 0);
    return {
      airborne,
      armed: this.armed,
      home: this.home,
      location: this.location,
      last_command_executed: this.lastCommand,
      mode: this.mode(),
      batteryPercent: this.battery,
      remainingFlightSeconds:
        this.timeRemaining > 0 ? this.timeRemaining : Math.round((this.battery / 100) * ENDURANCE_SECONDS),
      flightSeconds: Math.round(this.flightSeconds + flying),
      altitude: Math.round(this.altitude * 10) / 10,
      speed: Math.round(this.speed * 10) / 10,
      heading: Math.round(this.heading) % 360,
      gimbalPitch: this.gimbalPitch,
      linkQuality: this.arrivals.length === 0 ? 0 : Math.round((100 * received) / this.arrivals.length),
      recording: this.recording,
      videoMode: this.videoMode,
      alerts: [],
      at: now,
    };
  }

  /** The status a photo was taken at, with the position its CAMERA_IMAGE_CAPTURED reports. */
  atImage(status: DroneStatus, image: CameraImageCaptured): DroneStatus {
    if (image.lat === 0 && image.lon === 0) return status;
    return {
      ...status,
      location: { lat: image.lat / 1e7, lon: image.lon / 1e7, alt: image.alt / 1000 },
      altitude: Math.round(image.relativeAlt / 100) / 10,
    };
  }
}
