import {
  COMMAND_MAX_AGE_MS,
  DEFAULT_DRONE_FAILSAFES,
  type DroneAlert,
  type DroneEndpoint,
  type DroneFailsafes,
  type DroneStatus,
} from '@linewalker/domain';
import { type Clock, type CommandOutcome, type DroneLink, dispatch } from './link.ts';

export interface FailsafeSettings {
  /** No console heartbeat for this long while airborne → hover; twice as long → return home. */
  linkLossSeconds: number;
  returnHomeBattery: number;
  landBattery: number;
  /** Beyond this distance from home or height above it, the vehicle is brought home. */
  geofenceDistance: number;
  geofenceAltitude: number;
}

/** A drone's failsafes as saved (the Drones admin page) for the supervisor. */
export const failsafeSettings = (f: DroneFailsafes): FailsafeSettings => ({
  linkLossSeconds: f.link_loss_seconds,
  returnHomeBattery: f.return_home_battery,
  landBattery: f.land_battery,
  geofenceDistance: f.geofence_distance_m,
  geofenceAltitude: f.geofence_altitude_m,
});

export const DEFAULT_FAILSAFES: FailsafeSettings = failsafeSettings(DEFAULT_DRONE_FAILSAFES);

/** A vehicle this far past its fence is brought home (one that stops at the fence itself never is). */
const FENCE_MARGIN_METRES = 5;

/**
 * What stands between the console and any vehicle link: commands older than 500 ms are dropped, an emergency
 * stop hovers and refuses commands until released, and the failsafes (console link lost, low battery) act on
 * the status stream. Its alerts join the vehicle's in every status it passes on.
 */
export class SafetySupervisor {
  private readonly alerts = new Set<DroneAlert>();
  private lastHeartbeat: number;
  private stopped = false;
  private batteryAction: 'none' | 'returnHome' | 'land' = 'none';
  private linkAction: 'none' | 'hover' | 'returnHome' = 'none';
  private fenceAction = false;
  private readonly listeners = new Set<(s: DroneStatus) => void>();
  private readonly unsubscribe: () => void;
  private last: DroneStatus | null = null;

  constructor(
    readonly link: DroneLink,
    private readonly clock: Clock,
    private settings: FailsafeSettings = DEFAULT_FAILSAFES,
  ) {
    this.lastHeartbeat = clock.now();
    this.unsubscribe = link.onStatus((status) => this.observe(status));
  }

  /** The drone's failsafes were edited: they apply from the next status on. */
  updateSettings(settings: FailsafeSettings): void {
    this.settings = settings;
  }

  get emergencyStopped(): boolean {
    return this.stopped;
  }

  get status(): DroneStatus | null {
    return this.last;
  }

  /** The pilot's console is alive (every command counts as one too). */
  heartbeat(): void {
    this.lastHeartbeat = this.clock.now();
    if (this.linkAction !== 'none') {
      this.linkAction = 'none';
      this.alerts.delete('linkLost');
    }
  }

  async command(endpoint: DroneEndpoint, issuedAt: number): Promise<CommandOutcome> {
    const age = this.clock.now() - issuedAt;
    if (age > COMMAND_MAX_AGE_MS) {
      return {
        ok: false,
        result: 'late',
        message: `dropped: ${Math.round(age)} ms old (limit ${COMMAND_MAX_AGE_MS} ms)`,
      };
    }
    if (this.stopped) return { ok: false, result: 'stopped', message: 'emergency stop is active' };
    this.heartbeat();
    return dispatch(this.link, endpoint);
  }

  async emergencyStop(active: boolean): Promise<void> {
    this.stopped = active;
    if (active) {
      this.alerts.add('emergencyStop');
      await this.link.hover();
    } else this.alerts.delete('emergencyStop');
  }

  onStatus(listener: (s: DroneStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  private observe(status: DroneStatus): void {
    if (status.airborne) {
      this.checkLink();
      this.checkBattery(status.batteryPercent);
      this.checkFence(status);
    } else {
      this.linkAction = 'none';
      this.fenceAction = false;
      this.alerts.delete('geofence');
      this.alerts.delete('linkLost');
      if (status.batteryPercent > this.settings.returnHomeBattery) {
        this.batteryAction = 'none';
        this.alerts.delete('batteryLow');
        this.alerts.delete('batteryCritical');
      }
    }
    const merged = { ...status, alerts: [...new Set([...status.alerts, ...this.alerts])] };
    this.last = merged;
    for (const listener of this.listeners) listener(merged);
  }

  private checkLink(): void {
    const silent = (this.clock.now() - this.lastHeartbeat) / 1000;
    const limit = this.settings.linkLossSeconds;
    if (silent >= 2 * limit && this.linkAction === 'hover') {
      this.linkAction = 'returnHome';
      void this.link.returnHome();
    } else if (silent >= limit && this.linkAction === 'none') {
      this.linkAction = 'hover';
      this.alerts.add('linkLost');
      void this.link.hover();
    }
  }

  /**
   * A vehicle that does not stop at the fence itself (a MAVLink one without its own fence) and is found past
   * it is brought home; the simulator stops at the fence and raises its own alert.
   */
  private checkFence(status: DroneStatus): void {
    const north = (status.location.lat - status.home.lat) * 111_320;
    const east =
      (status.location.lon - status.home.lon) * 111_320 * Math.cos((status.home.lat * Math.PI) / 180);
    const outside =
      Math.hypot(north, east) > this.settings.geofenceDistance + FENCE_MARGIN_METRES ||
      status.altitude > this.settings.geofenceAltitude + FENCE_MARGIN_METRES;
    if (outside && !this.fenceAction) {
      this.fenceAction = true;
      this.alerts.add('geofence');
      void this.link.returnHome();
    } else if (!outside && this.fenceAction && status.mode !== 'returnHome') {
      this.fenceAction = false;
      this.alerts.delete('geofence');
    }
  }

  private checkBattery(percent: number): void {
    if (percent <= this.settings.landBattery && this.batteryAction !== 'land') {
      this.batteryAction = 'land';
      this.alerts.add('batteryCritical');
      void this.link.land();
    } else if (percent <= this.settings.returnHomeBattery && this.batteryAction === 'none') {
      this.batteryAction = 'returnHome';
      this.alerts.add('batteryLow');
      void this.link.returnHome();
    }
  }
}
