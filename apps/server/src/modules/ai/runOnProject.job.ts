import { z } from 'zod';
import { defineJob } from '../../platform/jobs/define.ts';
import * as repo from './ai.repository.ts';
import { detectMany } from './detector/detectMany.ts';
import type { HeadWeights } from './detector/detector.ts';
import { detectorThreads } from './detector/threads.ts';
import * as markups from './markups.repository.ts';

export const RUN_ON_PROJECT_JOB = 'ai.run-on-project';

const Payload = z.object({
  modelId: z.number().int().positive(),
  projectId: z.number().int().positive(),
  onlyUnreviewed: z.boolean(),
});

/**
 * 'Run on project': the model's newest version over the project's photos, as many photos at once as the
 * detector has threads (every core busy), replacing each photo's open markups of this model with what it
 * finds (markups already accepted or dismissed stay). Progress counts the photos done, written in order.
 * Idempotent: a photo's result does not depend on the thread or the order, and a run again (or a retry
 * after a stop) finds the same boxes. Cancelled: no new photo starts once the job's signal aborts.
 * The result names how many threads shared the photos.
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
    let progress: Promise<void> = Promise.resolve();
    const { threads } = await detectMany({
      pool: detectorThreads(),
      photos,
      read: (photo) => ctx.deps.storage.readWhole(photo.storage_key),
      weights,
      weightsKey: version.weights_key,
      threshold: version.threshold,
      signal: ctx.signal,
      async onPhoto(photo, boxes, done) {
        await markups.replaceOpenMarkups(db, modelId, version.version, photo.id, boxes);
        found += boxes.length;
        // Written in order, one at a time.
        progress = progress.then(() => ctx.reportProgress(done, photos.length));
      },
    }).finally(() => progress);
    return { photos: photos.length, markups: found, version: version.version, threads };
  },
});
