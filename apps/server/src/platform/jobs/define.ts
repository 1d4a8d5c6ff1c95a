import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.types.ts';
import type { Storage } from '../storage/storage.ts';
import { type Schedule, validateSchedule } from './schedule.ts';

/** What a handler may use besides its payload: the same parts the HTTP services get. */
export interface JobDeps {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
}

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobContext {
  jobId: number;
  /** 1 on the first run; a retried or reclaimed job sees a higher number. */
  attempt: number;
  maxAttempts: number;
  /** The user who enqueued the job, or the system actor (`created_by` null). */
  actor: Actor;
  /** Aborted when the worker shuts down past its grace period or loses the job's lease: stop soon. */
  signal: AbortSignal;
  /** Stores progress for `GET /api/v1/jobs/{id}` and the admin page (writes are coalesced). */
  reportProgress(done: number, total: number): Promise<void>;
  deps: JobDeps;
  log: JobLog;
}

export interface Backoff {
  /** Delay before the 2nd attempt; doubles per attempt (with jitter) up to `maxMs`. */
  baseMs: number;
  maxMs: number;
}

/**
 * One kind of job: its name, the zod schema of its payload and the handler.
 *
 * Handlers MUST be idempotent: a job runs at least once, not exactly once. A worker killed between
 * the handler's last write and the job's completion leaves the job `running` until its lease runs
 * out; then another worker runs it again from the start. Check what is already done (e.g. the
 * outbox row is already `sent`) instead of doing it twice, and make the handler's writes one
 * transaction where possible.
 */
export interface JobDefinition<N extends string = string, S extends z.ZodType = z.ZodType, R = unknown> {
  name: N;
  payload: S;
  /** Runs before the job is marked failed for good (default 5). */
  maxAttempts?: number;
  backoff?: Backoff;
  /** How long a claim lasts without renewal (renewed every third of it while the handler runs). */
  leaseMs?: number;
  /**
   * Makes the job recurring: the workers enqueue it (with the payload `{}` parsed by its schema) at each tick,
   * once per tick however many workers run (the tick is taken in the database). A tick that comes while the
   * previous run is still queued or running is merged into it rather than piling up behind it.
   */
  schedule?: Schedule;
  run(ctx: JobContext, payload: z.output<S>): Promise<R>;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of definitions with different payloads
export type AnyJobDefinition = JobDefinition<string, any, unknown>;

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_BACKOFF: Backoff = { baseMs: 5_000, maxMs: 3_600_000 };
export const DEFAULT_LEASE_MS = 60_000;

const NAME = /^[a-z][a-z0-9]*([.-][a-z0-9]+)*$/;

/** Declares a job; the name is checked here so a typo fails at start, not at enqueue. */
export function defineJob<const N extends string, S extends z.ZodType, R>(
  def: JobDefinition<N, S, R>,
): JobDefinition<N, S, R> {
  if (!NAME.test(def.name)) throw new Error(`Invalid job name '${def.name}' (lower case, dots and dashes)`);
  if (def.schedule) validateSchedule(def.schedule);
  return def;
}

/** Thrown by a handler when retrying cannot help (the object is gone, the input is wrong): fails at once. */
export class PermanentJobError extends Error {}
