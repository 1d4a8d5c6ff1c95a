import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { DEFAULT_MAX_ATTEMPTS, type JobDefinition } from './define.ts';
import { insertJob, insertJobFrom } from './jobs.repository.ts';

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
 * Adds a job of `definition` (the object `defineJob` returned: the caller names the job by importing it, so
 * the payload is typed by its schema). Pass the caller's transaction to make the job part of the change: it
 * becomes visible (and the workers are woken) only when that transaction commits, and vanishes if it rolls
 * back. The payload is validated here, so a bad one fails in the caller (a rejected promise), not later in a
 * worker.
 */
export async function enqueue<S extends z.ZodType>(
  db: Db,
  definition: JobDefinition<string, S>,
  payload: z.input<S>,
  opts: EnqueueOptions = {},
): Promise<Enqueued> {
  return insertJob(db, {
    name: definition.name,
    payload: definition.payload.parse(payload),
    maxAttempts: opts.maxAttempts ?? definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    runAt: opts.runAt ?? null,
    dedupeKey: opts.dedupeKey ?? null,
    createdBy: opts.actor?.kind === 'user' ? opts.actor.userId : null,
  });
}

/**
 * `enqueue` for a job whose payload names a row the same statement writes (a photo's id, known only once
 * its insert ran): the job's insert as SQL, for a data-modifying CTE over `from` (see `insertJobFrom`). The
 * payload is SQL, so it is not checked here but when the worker parses it: build it to the job's schema.
 * The statement must also select `notifyWorkersOf(<that CTE>)` (jobs.repository.ts) to wake the workers.
 */
export function enqueueFrom<S extends z.ZodType>(
  definition: JobDefinition<string, S>,
  job: { payload: SQL; dedupeKey?: SQL; actor?: Actor; maxAttempts?: number },
  from: SQL,
): SQL {
  return insertJobFrom(
    {
      name: definition.name,
      payload: job.payload,
      maxAttempts: job.maxAttempts ?? definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      dedupeKey: job.dedupeKey ?? null,
      createdBy: job.actor?.kind === 'user' ? job.actor.userId : null,
    },
    from,
  );
}
