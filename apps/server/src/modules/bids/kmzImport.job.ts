import { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import { defineJob, PermanentJobError } from '../../platform/jobs/define.ts';
import {
  failedForGood,
  finishImportAudited,
  importWriteOptions,
  requireStoredFiles,
} from '../projects/importJob.support.ts';
import { forgetFailedImport } from '../projects/projectSteps.service.ts';
import { deleteBid } from './bids.repository.ts';
import { KmzChangedError, writeKmzFiles } from './kmzImport.write.ts';

const KmzImportPayload = z.object({
  bidId: z.number().int(),
  projectId: z.number().int(),
  companyId: z.number().int(),
  userId: z.number().int(),
  /** Structures and lines the check counted: the progress total and the save's answer. */
  totalRows: z.number().int(),
  repeated: z.number().int(),
  lines: z.number().int(),
  files: z.array(
    z.object({
      sourceFileId: z.number().int(),
      storageKey: z.string(),
      lineName: z.string().nullable(),
      lineField: z.string().nullable(),
      structureField: z.string(),
      repeats: z.array(z.number().int()),
    }),
  ),
});

/**
 * Writes the structures of a new bid's project from its checked KMZ files, one committed batch at a time,
 * then makes the project ready: the same guarantees as the CSV import job. A rerun continues after the
 * last committed batch; when it fails for good nothing stays: the project and the bid are deleted.
 */
export const bidKmzImportJob = defineJob({
  name: 'bids.import-kmz',
  payload: KmzImportPayload,
  maxAttempts: 3,
  leaseMs: 60_000,
  async run(ctx, p) {
    const target = { projectId: p.projectId, companyId: p.companyId, userId: p.userId, perComponent: false };
    try {
      await requireStoredFiles(ctx, p.files, 'A KMZ file is missing from storage');
      const written = await writeKmzFiles(target, p.files, importWriteOptions(ctx, p.totalRows)).catch(
        (err: unknown) => {
          throw err instanceof KmzChangedError ? new PermanentJobError(err.message) : err;
        },
      );
      await finishImportAudited(ctx, p.projectId, { bidId: p.bidId, ...written });
      return { structures: p.totalRows, projectId: p.projectId, bidId: p.bidId };
    } catch (err) {
      if (failedForGood(ctx, err)) {
        await ctx.deps.database.db.transaction(async (tx) => {
          await deleteBid(tx, p.bidId);
          await forgetFailedImport(tx, p.projectId, ctx.jobId, true, []);
          await writeAudit(tx, ctx.actor, {
            action: 'bid.import_failed',
            objectType: 'bid',
            objectId: p.bidId,
            details: {
              jobId: ctx.jobId,
              projectId: p.projectId,
              error: err instanceof Error ? err.message : String(err),
            },
          });
        });
      }
      throw err;
    }
  },
});

export type BidKmzImportPayload = z.input<typeof KmzImportPayload>;
