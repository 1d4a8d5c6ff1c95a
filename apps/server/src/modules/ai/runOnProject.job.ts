import { z } from 'zod';
import { defineJob } from '../../platform/jobs/define.ts';
import * as repo from './ai.repository.ts';
import type { HeadWeights, ScoredBox } from './detector/detector.ts';
import { DETECTOR_MODULE, DETECTOR_THREADS, detectorThreads } from './detector/threads.ts';
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
    let next = 0;
    let done = 0;
    let found = 0;
    const threads = new Set<number>();
    let progress: Promise<void> = Promise.resolve();
    // One lane per detector thread: each takes the next photo when its last one is written.
    const lane = async () => {
      for (;;) {
        if (ctx.signal.aborted) throw new Error('Stopped');
        const photo = photos[next++];
        if (!photo) return;
        const bytes = await ctx.deps.storage.readWhole(photo.storage_key);
        const out = await detectorThreads()
          .run<{ boxes: ScoredBox[]; thread: number }>(
            DETECTOR_MODULE,
            'detect',
            new Uint8Array(bytes),
            weights,
            version.threshold,
          )
          .catch(() => ({ boxes: [] as ScoredBox[], thread: -1 }));
        if (out.thread >= 0) threads.add(out.thread);
        await markups.replaceOpenMarkups(db, modelId, version.version, photo.id, out.boxes);
        found += out.boxes.length;
        const count = ++done;
        progress = progress.then(() => ctx.reportProgress(count, photos.length));
      }
    };
    const lanes = Array.from({ length: Math.min(DETECTOR_THREADS, photos.length) }, lane);
    const settled = await Promise.allSettled(lanes);
    await progress;
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return { photos: photos.length, markups: found, version: version.version, threads: threads.size };
  },
});
