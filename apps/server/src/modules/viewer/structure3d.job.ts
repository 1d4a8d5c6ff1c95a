import { buildStructureModel } from '@linewalker/domain';
import { z } from 'zod';
import { withTransaction } from '../../platform/db/transaction.ts';
import { defineJob } from '../../platform/jobs/define.ts';
import * as repo from './structure3d.repository.ts';

export const MODEL3D_JOB = 'structures.model3d';
/** At most one build per structure is queued or running at a time. */
export const model3dDedupeKey = (structureId: number) => `structure:${structureId}`;

const Payload = z.object({ structureId: z.number().int().positive() });

/**
 * Builds a structure's 3D view from its photos' stored EXIF/XMP (GPS, relative and GPS altitude, gimbal yaw
 * and pitch; see `buildStructureModel`) and stores it, replacing the previous one. Idempotent: running it
 * again rebuilds the same model from the same photos. A structure deleted meanwhile is left alone.
 */
export const structureModel3dJob = defineJob({
  name: MODEL3D_JOB,
  payload: Payload,
  maxAttempts: 3,
  async run(ctx, { structureId }) {
    return withTransaction(ctx.deps.database.db, async (tx) => {
      const origin = await repo.structureOrigin(tx, structureId);
      if (!origin) return { skipped: true };
      const photos = await repo.modelPhotos(tx, structureId);
      const model = buildStructureModel(origin, photos);
      await repo.saveModel(
        tx,
        structureId,
        model,
        photos.map((p) => p.id),
        ctx.jobId,
      );
      return {
        cameras: model.cameras.length,
        unplaced: model.unplaced.length,
        height: model.structure.height,
      };
    });
  },
});
