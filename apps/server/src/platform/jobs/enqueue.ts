import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { type AnyJobDefinition, DEFAULT_MAX_ATTEMPTS } from './define.ts';
import { insertJob } from './jobs.repository.ts';
import { type JobName, type JobPayload, jobDefinitions } from './registry.ts';

export interface EnqueueOptions {
  /** Who starts the job; it runs as this actor. A system actor (the default) stores no user. */
  actor?: Actor;
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** Overrides the definition's attempt count. */
  maxAttempts?: number;
  /** While a job of this name and key is queued or running, enqueueing returns that job instead. */
  dedupeKey?: string;
}

export interface Enqueued {
  id: number;
  /** False when the dedupe key matched a job that was already waiting or running. */
  created: boolean;
}

/**
 * Adds a job. Pass the caller's transaction to make the job part of the change: it becomes visible
 * (and the workers are woken) only when that transaction commits, and vanishes if it rolls back.
 * The payload is validated here, so a bad one fails in the caller, not later in a worker.
 */
export function enqueue<N extends JobName>(
  db: Db,
  name: N,
  payload: JobPayload<N>,
  opts: EnqueueOptions = {},
): Promise<Enqueued> {
  return enqueueWith(jobDefinitions(), db, name, payload, opts);
}

/** `enqueue` against another set of definitions (the queue's own tests use theirs). */
export async function enqueueWith(
  definitions: ReadonlyMap<string, AnyJobDefinition>,
  db: Db,
  name: string,
  payload: unknown,
  opts: EnqueueOptions = {},
): Promise<Enqueued> {
  const def = definitions.get(name);
  if (!def) throw new Error(`Unknown job '${name}'`);
  return insertJob(db, {
    name,
    payload: def.payload.parse(payload),
    maxAttempts: opts.maxAttempts ?? def.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    runAt: opts.runAt ?? null,
    dedupeKey: opts.dedupeKey ?? null,
    createdBy: opts.actor?.kind === 'user' ? opts.actor.userId : null,
  });
}
