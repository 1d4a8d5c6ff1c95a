import type { CommandResult, DroneEndpoint, DroneStatus, MoveEndpoint } from '@linewalker/domain';

/** What a vehicle answered to one command. */
export interface CommandOutcome {
  ok: boolean;
  /**
   * executed; rejected (the vehicle refused: not armed, not airborne…); late (older than 500 ms, dropped);
   * stopped (emergency stop active); unreachable (no process could reach the vehicle link).
   */
  result: CommandResult;
  message: string | null;
  /** A capture's frame (base64 JPEG: outcomes cross the bus as JSON) and the status it was taken at. */
  photo?: { jpeg: string; status: DroneStatus };
  /** The project photo a capture became (set by the server that received the command). */
  imageId?: number | null;
}

export interface CapturedPhoto {
  jpeg: Buffer;
  status: DroneStatus;
}

/**
 * One vehicle, whatever carries it (the embedded simulator, MAVLink over UDP). Commands answer once the
 * vehicle acknowledged them; status and camera frames are streams (subscribe returns the unsubscribe).
 */
export interface DroneLink {
  arm(): Promise<CommandOutcome>;
  disarm(): Promise<CommandOutcome>;
  takeOff(): Promise<CommandOutcome>;
  land(): Promise<CommandOutcome>;
  move(endpoint: MoveEndpoint): Promise<CommandOutcome>;
  returnHome(): Promise<CommandOutcome>;
  /** Brake to a hover and drop any set point. */
  hover(): Promise<CommandOutcome>;
  capture(): Promise<CapturedPhoto>;
  record(on: boolean): Promise<CommandOutcome>;
  onStatus(listener: (status: DroneStatus) => void): () => void;
  onFrame(listener: (jpeg: Buffer, renderedAt: number) => void): () => void;
  close(): Promise<void>;
}

/** Time for the links and their supervisor: real in the server, advanced by hand in tests. */
export interface Clock {
  now(): number;
  every(ms: number, fn: () => void): () => void;
}

/**
 * The real clock. `every` keeps to deadlines (start + k × ms) instead of setInterval, which waits `ms` from
 * each late tick: on a busy machine its lag adds up, and a 15 fps camera gave 14.7. A tick more than one
 * period late is dropped, not run in a burst.
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, fn) {
    let next = performance.now() + ms;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const tick = () => {
      fn();
      if (stopped) return;
      const now = performance.now();
      next += ms;
      if (next < now - ms) next = now + ms;
      timer = setTimeout(tick, Math.max(0, next - now));
      timer.unref?.();
    };
    timer = setTimeout(tick, ms);
    timer.unref?.();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  },
};

/** A clock that only moves when told: `advance(ms)` runs the timers due on the way, in order. */
export class FakeClock implements Clock {
  private time: number;
  private timers: { id: number; ms: number; next: number; fn: () => void }[] = [];
  private ids = 0;

  constructor(start = 1_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  every(ms: number, fn: () => void): () => void {
    const id = ++this.ids;
    this.timers.push({ id, ms, next: this.time + ms, fn });
    return () => {
      this.timers = this.timers.filter((t) => t.id !== id);
    };
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      this.time = due.next;
      due.next += due.ms;
      due.fn();
    }
    this.time = end;
  }
}

/** The spec's endpoint values (and the console's safety ones) onto a link's calls. */
export function dispatch(link: DroneLink, endpoint: DroneEndpoint): Promise<CommandOutcome> {
  switch (endpoint) {
    case '/arm':
      return link.arm();
    case '/disarm':
      return link.disarm();
    case '/takeoff':
      return link.takeOff();
    case '/land':
      return link.land();
    case '/returnHome':
      return link.returnHome();
    case '/recordStart':
      return link.record(true);
    case '/recordStop':
      return link.record(false);
    case '/capture':
      return link.capture().then(
        (photo) => ({
          ok: true,
          result: 'executed' as const,
          message: null,
          photo: { jpeg: photo.jpeg.toString('base64'), status: photo.status },
        }),
        (err: unknown) => ({
          ok: false,
          result: 'rejected' as const,
          message: err instanceof Error ? err.message : String(err),
        }),
      );
    default:
      return link.move(endpoint);
  }
}
