import type { DroneEndpoint, MoveEndpoint } from '@linewalker/domain';

/** The console's movement keys, as its buttons are labelled (spec 3 §2). */
export const MOVE_KEYS: Record<string, MoveEndpoint> = {
  q: '/yawLeft',
  w: '/moveForward',
  e: '/yawRight',
  r: '/moveUp',
  a: '/moveLeft',
  s: '/moveBackward',
  d: '/moveRight',
  c: '/moveDown',
};

/** A held movement key repeats its command at 12.5 Hz (inside the 10–20 Hz the vehicle's 200 ms hold needs). */
export const REPEAT_MS = 80;
/** Arm, Take-Off, Land and Head Home fire only after being held this long. */
export const CONFIRM_HOLD_MS = 800;

export interface Timers {
  setInterval(fn: () => void, ms: number): ReturnType<typeof setInterval>;
  clearInterval(id: ReturnType<typeof setInterval>): void;
  setTimeout(fn: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(id: ReturnType<typeof setTimeout>): void;
}

const browserTimers: Timers = {
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id),
};

/**
 * Held movement keys: the command goes at key-down, then every REPEAT_MS while held (the browser's own key
 * auto-repeat is ignored); key-up stops that key at once, and `releaseAll` (window blur, tab hidden) stops
 * every key, so nothing is sent after the pilot lets go.
 */
export class KeyRepeater {
  private readonly held = new Map<string, ReturnType<typeof setInterval>>();

  constructor(
    private readonly send: (endpoint: MoveEndpoint) => void,
    private readonly timers: Timers = browserTimers,
  ) {}

  /** True when the key is a movement key (the caller then prevents its default). */
  down(key: string): boolean {
    const k = key.toLowerCase();
    const endpoint = MOVE_KEYS[k];
    if (!endpoint) return false;
    if (this.held.has(k)) return true;
    this.send(endpoint);
    this.held.set(
      k,
      this.timers.setInterval(() => this.send(endpoint), REPEAT_MS),
    );
    return true;
  }

  up(key: string): void {
    const k = key.toLowerCase();
    const timer = this.held.get(k);
    if (timer === undefined) return;
    this.timers.clearInterval(timer);
    this.held.delete(k);
  }

  releaseAll(): void {
    for (const k of [...this.held.keys()]) this.up(k);
  }

  get active(): string[] {
    return [...this.held.keys()];
  }
}

/**
 * Hold to confirm: `start` (key or pointer down) arms it, `cancel` (up, leave, blur) before the time aborts.
 * A release after the time confirms even when the timer has not fired yet: on a busy page the browser handles
 * the key-up (input comes first) before an overdue timer, and a pilot who held long enough gets the command.
 */
export class HoldToConfirm {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private startedAt = 0;
  private endpoint: DroneEndpoint | null = null;

  constructor(
    private readonly onConfirm: (endpoint: DroneEndpoint) => void,
    private readonly timers: Timers = browserTimers,
    private readonly holdMs = CONFIRM_HOLD_MS,
  ) {}

  start(endpoint: DroneEndpoint): void {
    if (this.timer !== null) return;
    this.startedAt = Date.now();
    this.endpoint = endpoint;
    this.timer = this.timers.setTimeout(() => this.confirm(), this.holdMs);
  }

  cancel(): void {
    if (this.timer === null) return;
    if (Date.now() - this.startedAt >= this.holdMs) {
      this.confirm();
      return;
    }
    this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private confirm(): void {
    if (this.timer === null || this.endpoint === null) return;
    this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.onConfirm(this.endpoint);
  }

  get pending(): boolean {
    return this.timer !== null;
  }
}
