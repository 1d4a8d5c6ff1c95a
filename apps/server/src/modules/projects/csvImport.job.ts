import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import { defineJob, PermanentJobError } from '../../platform/jobs/define.ts';
import { finishImport, forgetFailedImport } from './csvImport.repository.ts';
import { writeCsvFiles } from './csvImport.write.ts';

/**
 * Rows per committed batch: short enough that other requests get the database between batches. PGlite runs
 * every query on one connection, so a request waits for the batch in hand: 1,000 rows keep that to tens of
 * ms (5,000 made the list's p99 13× its idle value under 10 clients; see the import-load benchmark).
 */
export const JOB_BATCH_ROWS = { pglite: 1_000, postgres: 20_000 } as const;

const ImportPayload = z.object({
  projectId: z.number().int(),
  companyId: z.number().int(),
  userId: z.number().int(),
  perComponent: z.boolean(),
  /** A new project is deleted when its import fails for good; an edited one only loses the added files. */
  newProject: z.boolean(),
  /** Valid rows the check counted: the progress total. */
  totalRows: z.number().int(),
  files: z.array(
    z.object({
      sourceFileId: z.number().int(),
      storageKey: z.string(),
      lineNameField: z.string(),
      structNumField: z.string(),
      latField: z.string().optional(),
      lonField: z.string().optional(),
      structNumFallbackField: z.string().nullable().optional(),
      refusedRows: z.array(z.number().int()).optional(),
    }),
  ),
});

/**
 * Writes the rows of a checked CSV import in batches, one transaction each, then makes the project
 * ready. Rerunning it (a killed worker, a retry) continues after the last committed batch. When it fails
 * for good, nothing half-imported stays visible: a new project is deleted, an edited one loses the
 * structures of the added files.
 */
export const projectImportJob = defineJob({
  name: 'projects.import-csv',
  payload: ImportPayload,
  maxAttempts: 3,
  leaseMs: 60_000,
  async run(ctx, p) {
    const { database, storage } = ctx.deps;
    const target = {
      projectId: p.projectId,
      companyId: p.companyId,
      userId: p.userId,
      perComponent: p.perComponent,
    };
    try {
      for (const file of p.files) {
        if (!(await storage.exists(file.storageKey)))
          throw new PermanentJobError('A source file is missing from storage');
      }
      const written = await writeCsvFiles(target, p.files, {
        storage,
        transaction: (work) => database.db.transaction(work),
        batchRows: JOB_BATCH_ROWS[database.kind],
        onProgress: (done) => ctx.reportProgress(done, p.totalRows),
        signal: ctx.signal,
        // PGlite runs every query on this thread and one connection: after each batch, leave it to the
        // requests for as long as the batch took, so users keep working at half the import's speed.
        ...(database.kind === 'pglite' ? { afterBatch: (ms: number) => sleep(ms) } : {}),
      });
      await database.db.transaction(async (tx) => {
        if (!(await finishImport(tx, p.projectId, ctx.jobId))) {
          throw new PermanentJobError('The project was deleted during its import');
        }
        await writeAudit(tx, ctx.actor, {
          action: 'project.import_done',
          objectType: 'project',
          objectId: p.projectId,
          details: { jobId: ctx.jobId, ...written },
        });
      });
      return { structures: p.totalRows };
    } catch (err) {
      const final = err instanceof PermanentJobError || ctx.attempt >= ctx.maxAttempts;
      if (final && !ctx.signal.aborted) {
        await database.db.transaction(async (tx) => {
          await forgetFailedImport(
            tx,
            p.projectId,
            ctx.jobId,
            p.newProject,
            p.files.map((f) => f.sourceFileId),
          );
          await writeAudit(tx, ctx.actor, {
            action: 'project.import_failed',
            objectType: 'project',
            objectId: p.projectId,
            details: { jobId: ctx.jobId, error: err instanceof Error ? err.message : String(err) },
          });
        });
      }
      throw err;
    }
  },
});

export type ProjectImportPayload = z.input<typeof ImportPayload>;
