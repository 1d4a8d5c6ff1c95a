import { z } from 'zod';
import { defineJob } from '../../platform/jobs/define.ts';
import * as repo from './ai.repository.ts';
import type { HeadWeights, ScoredBox } from './detector/detector.ts';
import { DETECTOR_MODULE, detectorThreads } from './detector/threads.ts';
import * as markups from './markups.repository.ts';

export const RUN_ON_PROJECT_JOB = 'ai.run-on-project';

const Payload = z.object({
  modelId: z.number().int().positive(),
  projectId: z.number().int().positive(),
  onlyUnreviewed: z.boolean(),
});

/**
 * 'Run on project': the model's newest version over the project's photos, one at a time in the detector's
 * thread, replacing each photo's open markups of this model with what it finds (markups already accepted
 * or dismissed stay). Idempotent: a run again finds the same boxes.
 */
export const aiRunOnProjectJob = defineJob({
  name: RUN_ON_PROJECT_JOB,
  payload: Payload,
  maxAttempts: 3,
  async run(ctx, { modelId, projectId, onlyUnreviewed }) {
    const db = ctx.deps.database.db;
    const version = (await repo.latestVersions(db, [modelId])).get(modelId);
    if (!version) return { skipped: 'model_not_trained' };
    const weights = JSON.parse(
      (await ctx.deps.storage.readWhole(version.weights_key)).toString('utf8'),
    ) as HeadWeights;
    const photos = await markups.projectPhotos(db, projectId, onlyUnreviewed);
    let found = 0;
    for (const [i, photo] of photos.entries()) {
      if (ctx.signal.aborted) throw new Error('Stopped');
      const bytes = await ctx.deps.storage.readWhole(photo.storage_key);
      const out = await detectorThreads()
        .run<{ boxes: ScoredBox[] }>(
          DETECTOR_MODULE,
          'detect',
          new Uint8Array(bytes),
          weights,
          version.threshold,
        )
        .catch(() => ({ boxes: [] as ScoredBox[] }));
      await markups.replaceOpenMarkups(db, modelId, version.version, photo.id, out.boxes);
      found += out.boxes.length;
      await ctx.reportProgress(i + 1, photos.length);
    }
    return { photos: photos.length, markups: found, version: version.version };
  },
});
