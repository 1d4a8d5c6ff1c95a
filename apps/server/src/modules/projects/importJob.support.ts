import { setTimeout as sleep } from 'node:timers/promises';
import { writeAudit } from '../../platform/audit.ts';
import { type JobContext, PermanentJobError } from '../../platform/jobs/define.ts';
import { finishImport } from './csvImport.repository.ts';
import type { WriteOptions } from './csvImport.write.ts';

/**
 * What the structure import jobs (CSV of a project, KMZ of a bid) share: the stored files must still be
 * there, the rows are written in committed batches with progress, and the project becomes ready in one
 * audited transaction.
 */

/**
 * Rows per committed batch: short enough that other requests get the database between batches. PGlite runs
 * every query on one connection, so a request waits for the batch in hand: 1,000 rows keep that to tens of
 * ms (5,000 made the list's p99 13× its idle value under 10 clients; see the import-load benchmark).
 */
export const JOB_BATCH_ROWS = { pglite: 1_000, postgres: 20_000 } as const;

/** Fails for good when a file the check read is gone: a retry cannot bring it back. */
export async function requireStoredFiles(
  ctx: JobContext,
  files: ReadonlyArray<{ storageKey: string }>,
  message: string,
): Promise<void> {
  for (const file of files) {
    if (!(await ctx.deps.storage.exists(file.storageKey))) throw new PermanentJobError(message);
  }
}

/** Batch writes of `totalRows` rows: one transaction per batch, progress, and the worker's stop signal. */
export function importWriteOptions(ctx: JobContext, totalRows: number): WriteOptions {
  const { database, storage } = ctx.deps;
  return {
    storage,
    transaction: (work) => database.db.transaction(work),
    batchRows: JOB_BATCH_ROWS[database.kind],
    onProgress: (done) => ctx.reportProgress(done, totalRows),
    signal: ctx.signal,
    // PGlite runs every query on this thread and one connection: after each batch, leave it to the
    // requests for as long as the batch took, so users keep working at half the import's speed.
    ...(database.kind === 'pglite' ? { afterBatch: (ms: number) => sleep(ms) } : {}),
  };
}

/** Makes the project ready and audits it; a project deleted meanwhile fails the job for good. */
export async function finishImportAudited(
  ctx: JobContext,
  projectId: number,
  details: object,
): Promise<void> {
  await ctx.deps.database.db.transaction(async (tx) => {
    if (!(await finishImport(tx, projectId, ctx.jobId))) {
      throw new PermanentJobError('The project was deleted during its import');
    }
    await writeAudit(tx, ctx.actor, {
      action: 'project.import_done',
      objectType: 'project',
      objectId: projectId,
      details: { jobId: ctx.jobId, ...details },
    });
  });
}

/** Whether a failed run is the last: a permanent error, or no attempt left (and not a worker stopping). */
export const failedForGood = (ctx: JobContext, err: unknown): boolean =>
  (err instanceof PermanentJobError || ctx.attempt >= ctx.maxAttempts) && !ctx.signal.aborted;
