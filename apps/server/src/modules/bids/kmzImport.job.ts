import { KmzMapping } from '@linewalker/domain';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { defineJob, PermanentJobError } from '../../platform/jobs/define.ts';
import { failedForGood, finishImportAudited, importWriteOptions } from '../projects/importJob.support.ts';
import { forgetFailedImport, setProjectTimeZone } from '../projects/projectSteps.service.ts';
import { timeZoneAt } from '../projects/projectTimeZone.ts';
import { deleteBid } from './bids.repository.ts';
import { checkKmzFiles } from './kmzImport.check.ts';
import { KmzChangedError, writeKmzFiles } from './kmzImport.write.ts';

const KmzImportPayload = z.object({
  bidId: z.number().int(),
  projectId: z.number().int(),
  companyId: z.number().int(),
  userId: z.number().int(),
  /** Whether the project's zone follows its structures (no zone was chosen). */
  zoneFromStructures: z.boolean().default(true),
  /** The mapped files as saved, each with the source-file row its structures point at. */
  files: z.array(z.object({ sourceFileId: z.number().int(), mapping: KmzMapping })),
});

/**
 * Checks and writes the structures of a new bid's project from its KMZ files, as the CSV import job does:
 * the same check the mapping step showed (a file that no longer passes fails the job for good, with the
 * reasons as its error), then one committed batch at a time with progress, then the project is ready.
 * A rerun checks again and continues after the last committed batch; when it fails for good nothing
 * stays: the project and the bid are deleted.
 */
export const bidKmzImportJob = defineJob({
  name: 'bids.import-kmz',
  payload: KmzImportPayload,
  maxAttempts: 3,
  leaseMs: 60_000,
  async run(ctx, p) {
    const target = { projectId: p.projectId, companyId: p.companyId, userId: p.userId, perComponent: false };
    const db = ctx.deps.database.db;
    try {
      const checked = await checkKmzFiles(
        db,
        ctx.deps,
        p.userId,
        p.files.map((f) => f.mapping),
      ).catch((err: unknown) => {
        throw err instanceof AppError ? new PermanentJobError(err.message) : err;
      });
      if (p.zoneFromStructures && checked.center) {
        await setProjectTimeZone(db, p.projectId, timeZoneAt(checked.center), false);
      }
      const files = checked.files.map((file, i) => ({
        ...file.mapping,
        sourceFileId: p.files[i]!.sourceFileId,
        storageKey: file.storageKey,
        repeats: file.repeats,
        refused: file.refused,
        skipInvalid: file.skipInvalid,
      }));
      const written = await writeKmzFiles(target, files, importWriteOptions(ctx, checked.structures)).catch(
        (err: unknown) => {
          throw err instanceof KmzChangedError ? new PermanentJobError(err.message) : err;
        },
      );
      const counts = {
        structures: checked.structures,
        repeated: checked.repeated,
        skipped: checked.skipped,
        lines: checked.lines,
      };
      await finishImportAudited(ctx, p.projectId, { bidId: p.bidId, ...written, ...counts });
      return { ...counts, projectId: p.projectId, bidId: p.bidId };
    } catch (err) {
      if (failedForGood(ctx, err)) {
        await db.transaction(async (tx) => {
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
