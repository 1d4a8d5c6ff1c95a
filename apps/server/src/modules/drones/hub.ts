import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DroneEndpoint, DroneLiveStatus, DroneStatus } from '@linewalker/domain';
import type { Db } from '../../platform/db/client.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { DroneBus } from './bus.ts';
import { findDrone } from './drones.repository.ts';
import { FlightRecorder } from './flightRecorder.ts';
import { acquireLinkLease, loadControl, releaseLinkLease, renewLinkLease } from './leases.repository.ts';
import { type CommandOutcome, type DroneLink, systemClock } from './link.ts';
import { openLink } from './openLink.ts';
import { failsafeSettings, SafetySupervisor } from './safety.ts';
import { SimulatedLink } from './simulator/simulatedLink.ts';
import { VideoRecorder } from './videoRecorder.ts';

/** How long a command waits for the process holding the vehicle link to answer. */
const REMOTE_ANSWER_MS = 2_000;

export const channels = {
  status: (id: number) => `drone:${id}:status`,
  frame: (id: number) => `drone:${id}:frame`,
  command: (id: number) => `drone:${id}:command`,
  control: (id: number) => `drone:${id}:control`,
  answers: (holder: string) => `drone:answers:${holder}`,
};

interface CommandMessage {
  requestId: string;
  endpoint: DroneEndpoint;
  receivedAt: number;
  replyTo: string;
}

/** Sent to whichever process holds the link: pilot heartbeat, e-stop, control changed, someone watches video. */
type ControlMessage =
  | { op: 'heartbeat' }
  | { op: 'emergencyStop'; active: boolean }
  | { op: 'controlChanged' }
  | { op: 'settingsChanged' }
  | { op: 'watching' };

interface Held {
  link: DroneLink;
  supervisor: SafetySupervisor;
  controller: DroneLiveStatus['controller'];
  emergencyStop: boolean;
  lastWatched: number;
  stopFrames: (() => void) | null;
  stops: (() => void)[];
  recorder: FlightRecorder;
  video: VideoRecorder;
}

export interface Watcher {
  status(json: Buffer): void;
  /** 8 bytes of render time (ms, float64 big-endian), then the JPEG. */
  frame(message: Buffer): void;
}

export interface HubOptions {
  leaseMs: number;
  /** Where recorded videos go. */
  storage: Storage;
  onError: (err: unknown, what: string) => void;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/**
 * This process's part in flying drones. The process holding a drone's link lease runs its vehicle link
 * behind the safety supervisor, publishes status and (while someone watches) frames, and executes commands;
 * every process fans status and frames out to its own watchers and forwards commands over the bus.
 */
export class DroneHub {
  readonly holderId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly held = new Map<number, Held>();
  private readonly starting = new Map<number, Promise<Held | null>>();
  private readonly watchers = new Map<number, number>();
  /** When a drone's link was last found held elsewhere: not asked again for a third of a lease. */
  private readonly heldElsewhere = new Map<number, number>();
  private readonly pending = new Map<string, (outcome: CommandOutcome) => void>();
  private readonly stopTick: () => void;
  private readonly stopAnswers: () => void;
  private closed = false;
  private ticking = false;

  constructor(
    private readonly db: Db,
    private readonly bus: DroneBus,
    private readonly options: HubOptions,
  ) {
    this.stopAnswers = bus.subscribe(channels.answers(this.holderId), (m) => {
      const { requestId, outcome } = JSON.parse(m.toString()) as {
        requestId: string;
        outcome: CommandOutcome;
      };
      this.pending.get(requestId)?.(outcome);
    });
    this.stopTick = systemClock.every(Math.max(100, Math.floor(options.leaseMs / 3)), () => void this.tick());
  }

  /** Logs a failure of work done for the drones (the server's error log). */
  reportError(err: unknown, what: string): void {
    this.options.onError(err, what);
  }

  /** True while this process holds the drone's vehicle link. */
  holds(droneId: number): boolean {
    return this.held.has(droneId);
  }

  /** The last status of a drone whose link this process holds. */
  statusOf(droneId: number): DroneStatus | null {
    return this.held.get(droneId)?.supervisor.status ?? null;
  }

  /** Status and frames of a drone to one watcher of this process; makes sure some process flies the link. */
  watch(droneId: number, watcher: Watcher): () => void {
    const stops = [
      this.bus.subscribe(channels.status(droneId), watcher.status),
      this.bus.subscribe(channels.frame(droneId), watcher.frame),
    ];
    this.watchers.set(droneId, (this.watchers.get(droneId) ?? 0) + 1);
    this.signal(droneId, { op: 'watching' });
    void this.hold(droneId);
    return () => {
      for (const stop of stops) stop();
      const n = (this.watchers.get(droneId) ?? 1) - 1;
      if (n <= 0) this.watchers.delete(droneId);
      else this.watchers.set(droneId, n);
    };
  }

  /** Tells the process holding the link (this one or another). */
  signal(droneId: number, message: ControlMessage): void {
    this.bus.publish(channels.control(droneId), json(message));
  }

  /** Starts the drone's link here when no live process holds it (a no-op when one does). */
  async prepare(droneId: number): Promise<void> {
    await this.hold(droneId);
  }

  /**
   * Runs a command on the vehicle: here when this process holds (or can take) the link, else through the
   * process that does. `receivedAt` is when the server got it: older than 500 ms at the vehicle, it is dropped.
   */
  async execute(droneId: number, endpoint: DroneEndpoint, requestId: string, receivedAt: number) {
    const local = this.held.get(droneId) ?? (await this.hold(droneId));
    if (local) return local.supervisor.command(endpoint, receivedAt);
    return new Promise<CommandOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        resolve({ ok: false, result: 'unreachable', message: 'the vehicle link did not answer' });
      }, REMOTE_ANSWER_MS);
      this.pending.set(requestId, (outcome) => {
        clearTimeout(timer);
        this.pending.delete(requestId);
        resolve(outcome);
      });
      const message: CommandMessage = { requestId, endpoint, receivedAt, replyTo: this.holderId };
      this.bus.publish(channels.command(droneId), json(message));
    });
  }

  /**
   * Stops the drone's vehicle link wherever it runs (a retired drone): this process drops it now and releases
   * its lease; another holder drops it on its next lease tick, when it finds the drone retired.
   */
  async stopLink(droneId: number): Promise<void> {
    await this.starting.get(droneId);
    const held = this.held.get(droneId);
    if (held) {
      await this.drop(droneId, held);
      await releaseLinkLease(this.db, droneId, this.holderId);
    }
    this.signal(droneId, { op: 'controlChanged' });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopTick();
    this.stopAnswers();
    await Promise.all([...this.starting.values()]);
    for (const [droneId, held] of this.held) {
      await this.drop(droneId, held);
      await releaseLinkLease(this.db, droneId, this.holderId).catch(() => {});
    }
    for (const resolve of this.pending.values())
      resolve({ ok: false, result: 'unreachable', message: 'the server is shutting down' });
  }

  /** Takes the link lease if free (or expired) and starts the vehicle link; null when another process holds it. */
  private hold(droneId: number): Promise<Held | null> {
    const existing = this.held.get(droneId);
    if (existing) return Promise.resolve(existing);
    const refusedAt = this.heldElsewhere.get(droneId);
    if (refusedAt !== undefined && Date.now() - refusedAt < this.options.leaseMs / 3)
      return Promise.resolve(null);
    let starting = this.starting.get(droneId);
    if (!starting) {
      starting = this.start(droneId)
        .catch((err: unknown) => {
          this.options.onError(err, 'starting a drone link');
          return null;
        })
        .finally(() => this.starting.delete(droneId));
      this.starting.set(droneId, starting);
    }
    return starting;
  }

  private async start(droneId: number): Promise<Held | null> {
    if (this.closed) return null;
    const drone = await findDrone(this.db, droneId);
    if (!drone || (drone.driver === 'mavlink' && !drone.address)) return null;
    if (!(await acquireLinkLease(this.db, droneId, this.holderId, this.options.leaseMs))) {
      this.heldElsewhere.set(droneId, Date.now());
      return null;
    }
    this.heldElsewhere.delete(droneId);
    const link = await openLink(this.db, drone).catch(async (err: unknown) => {
      await releaseLinkLease(this.db, droneId, this.holderId).catch(() => {});
      throw err;
    });
    const control = await loadControl(this.db, droneId);
    const supervisor = new SafetySupervisor(link, systemClock, failsafeSettings(drone.failsafes));
    const held: Held = {
      link,
      supervisor,
      controller: control?.controller_id
        ? { userId: control.controller_id, name: control.controller_name ?? '' }
        : null,
      emergencyStop: control?.emergency_stop ?? false,
      lastWatched: this.watchers.has(droneId) ? Date.now() : 0,
      stopFrames: null,
      stops: [],
      recorder: new FlightRecorder(
        this.db,
        droneId,
        () => held.controller?.userId ?? null,
        this.options.onError,
      ),
      video: new VideoRecorder(
        this.db,
        this.options.storage,
        droneId,
        link,
        () => held.controller?.userId ?? null,
        this.options.onError,
      ),
    };
    if (held.emergencyStop) await supervisor.emergencyStop(true);
    held.stops.push(
      supervisor.onStatus((status) => {
        this.publishStatus(droneId, held, status);
        held.recorder.onStatus(status);
        held.video.onStatus(status);
      }),
      this.bus.subscribe(channels.command(droneId), (m) => void this.onCommand(held, m)),
      this.bus.subscribe(channels.control(droneId), (m) => void this.onControl(droneId, held, m)),
    );
    this.held.set(droneId, held);
    this.updateFrames(droneId, held);
    if (this.closed) {
      await this.drop(droneId, held);
      return null;
    }
    return held;
  }

  private publishStatus(droneId: number, held: Held, status: DroneStatus): void {
    const live: DroneLiveStatus = { ...status, controller: held.controller };
    this.bus.publish(channels.status(droneId), json(live));
  }

  private async onCommand(held: Held, message: Buffer): Promise<void> {
    const c = JSON.parse(message.toString()) as CommandMessage;
    const outcome = await held.supervisor.command(c.endpoint, c.receivedAt).catch(
      (err: unknown): CommandOutcome => ({
        ok: false,
        result: 'rejected',
        message: err instanceof Error ? err.message : String(err),
      }),
    );
    this.bus.publish(channels.answers(c.replyTo), json({ requestId: c.requestId, outcome }));
  }

  private async onControl(droneId: number, held: Held, message: Buffer): Promise<void> {
    const m = JSON.parse(message.toString()) as ControlMessage;
    if (m.op === 'heartbeat') held.supervisor.heartbeat();
    else if (m.op === 'emergencyStop') {
      held.emergencyStop = m.active;
      await held.supervisor.emergencyStop(m.active);
    } else if (m.op === 'watching') {
      held.lastWatched = Date.now();
      this.updateFrames(droneId, held);
    } else if (m.op === 'controlChanged') await this.refreshControl(droneId, held);
    else if (m.op === 'settingsChanged') await this.refreshSettings(droneId, held);
  }

  /** The drone was edited: its failsafes apply to the running link at once (the airframe's fence too). */
  private async refreshSettings(droneId: number, held: Held): Promise<void> {
    const drone = await findDrone(this.db, droneId);
    if (!drone) return;
    held.supervisor.updateSettings(failsafeSettings(drone.failsafes));
    if (held.link instanceof SimulatedLink) {
      held.link.vehicle.params.maxDistance = drone.failsafes.geofence_distance_m;
      held.link.vehicle.params.maxAltitude = drone.failsafes.geofence_altitude_m;
    }
  }

  private async refreshControl(droneId: number, held: Held): Promise<void> {
    const control = await loadControl(this.db, droneId);
    if (!control || control.retired) {
      if (this.held.get(droneId) === held) {
        await this.drop(droneId, held);
        await releaseLinkLease(this.db, droneId, this.holderId);
      }
      return;
    }
    held.controller = control?.controller_id
      ? { userId: control.controller_id, name: control.controller_name ?? '' }
      : null;
    if (control && control.emergency_stop !== held.emergencyStop) {
      held.emergencyStop = control.emergency_stop;
      await held.supervisor.emergencyStop(control.emergency_stop);
    }
  }

  /** Camera frames are rendered only while someone (on any server) watches. */
  private updateFrames(droneId: number, held: Held): void {
    const watched = Date.now() - held.lastWatched < this.options.leaseMs;
    if (watched && !held.stopFrames) {
      held.stopFrames = held.link.onFrame((jpeg, renderedAt) => {
        const head = Buffer.alloc(8);
        head.writeDoubleBE(renderedAt);
        this.bus.publish(channels.frame(droneId), Buffer.concat([head, jpeg]));
      });
    } else if (!watched && held.stopFrames) {
      held.stopFrames();
      held.stopFrames = null;
    }
  }

  private async drop(droneId: number, held: Held): Promise<void> {
    this.held.delete(droneId);
    held.stopFrames?.();
    for (const stop of held.stops) stop();
    held.supervisor.close();
    await held.link.close();
    await held.recorder.close();
    await held.video.close();
  }

  /** Renews held leases (with the last status), takes over drones watched here whose holder died. */
  private async tick(): Promise<void> {
    if (this.closed || this.ticking) return;
    this.ticking = true;
    try {
      for (const droneId of this.watchers.keys()) this.signal(droneId, { op: 'watching' });
      for (const [droneId, held] of this.held) {
        // A status the vehicle stopped sending (its link lost) is not stored again as the last one.
        const status = held.supervisor.status;
        const fresh = status && Date.now() - status.at < this.options.leaseMs ? status : null;
        const kept = await renewLinkLease(this.db, droneId, this.holderId, this.options.leaseMs, fresh);
        if (!kept) await this.drop(droneId, held);
        else {
          await this.refreshControl(droneId, held);
          if (this.held.get(droneId) === held) this.updateFrames(droneId, held);
        }
      }
      for (const droneId of this.watchers.keys()) if (!this.held.has(droneId)) await this.hold(droneId);
    } catch (err) {
      this.options.onError(err, 'drone lease tick');
    } finally {
      this.ticking = false;
    }
  }
}
