import { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import { defineJob } from '../../platform/jobs/define.ts';
import { forgetFailedImport } from './csvImport.repository.ts';
import { writeCsvFiles } from './csvImport.write.ts';
import {
  failedForGood,
  finishImportAudited,
  importWriteOptions,
  requireStoredFiles,
} from './importJob.support.ts';

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
    const target = {
      projectId: p.projectId,
      companyId: p.companyId,
      userId: p.userId,
      perComponent: p.perComponent,
    };
    try {
      await requireStoredFiles(ctx, p.files, 'A source file is missing from storage');
      const written = await writeCsvFiles(target, p.files, importWriteOptions(ctx, p.totalRows));
      await finishImportAudited(ctx, p.projectId, written);
      return { structures: p.totalRows };
    } catch (err) {
      if (failedForGood(ctx, err)) {
        await ctx.deps.database.db.transaction(async (tx) => {
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
