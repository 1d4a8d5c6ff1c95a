import { createHash } from 'node:crypto';
import { z } from 'zod';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { defineJob } from '../../platform/jobs/define.ts';
import * as repo from './ai.repository.ts';
import { trainingSteps } from './detector/steps.ts';
import { runWithProgress } from './detector/threads.ts';
import type { TrainImage, TrainInput, TrainOutput } from './detector/train.task.ts';

export const TRAINING_JOB = 'ai.train';
/** Epochs of the head's training (measured: see README 'AI models'). */
export const TRAINING_EPOCHS = 20;
/** The score a box needs to count as found (the model page's precision and recall are at this score). */
export const DETECTION_THRESHOLD = 0.5;
/** Progress is written at most this often (the model page polls every 2 s). */
const PROGRESS_WRITE_MS = 1_000;

/**
 * Whether an image is held back for validation: drawn once from the model's stored seed and the image id,
 * so an image stays on its side of the split for every version of the model.
 */
export function isHeldBack(seed: number, imageId: number, holdbackPct: number): boolean {
  const h = createHash('sha256').update(`${seed}:${imageId}`).digest();
  return h.readUInt32BE(0) % 100 < holdbackPct;
}

const toBox = ([left, top, width, height]: [number, number, number, number]) => ({
  left,
  top,
  width,
  height,
});

/**
 * What a run trains on: every marked-up image of the model with its side of the split. Positives are the
 * boxes; negative examples ('nothing to find here', or only dismissed markups) come with no boxes, and the
 * regions of dismissed markups as `negatives` (hard background the head must learn to leave alone).
 */
export async function trainingSet(
  deps: Pick<Deps, 'database' | 'storage'>,
  model: Pick<repo.ModelRow, 'id' | 'split_seed' | 'model_holdbackpercentage'>,
): Promise<(TrainImage & { id: number })[]> {
  const images = await repo.trainingImages(deps.database.db, model.id);
  return Promise.all(
    images.map(async (i) => ({
      id: i.id,
      bytes: new Uint8Array(await deps.storage.readWhole(i.storage_key)),
      boxes: i.boxes.map(toBox),
      negatives: i.negatives.map(toBox),
      validation: isHeldBack(model.split_seed, i.id, model.model_holdbackpercentage),
    })),
  );
}

const Payload = z.object({ modelId: z.number().int().positive() });

/**
 * Trains a version of a model on its marked-up images in a worker thread (the event loop keeps serving),
 * writing progress to the model at least every second while it runs, then stores the head's weights and
 * the held-back metrics as a new version. A run whose model was cancelled meanwhile stops. Idempotent from
 * the start: a worker killed mid-run leaves the job to be claimed again once its lease expires, and that
 * run starts over; a job that fails for good ends the model's training (never stuck in Training).
 */
export const aiTrainingJob = defineJob({
  name: TRAINING_JOB,
  payload: Payload,
  maxAttempts: 2,
  async run(ctx, { modelId }) {
    const db = ctx.deps.database.db;
    const model = await repo.findModel(db, modelId);
    if (!model?.userinitatedstarttrainingdate) return { cancelled: true };
    const controller = new AbortController();
    ctx.signal.addEventListener('abort', () => controller.abort(), { once: true });
    try {
      const input: TrainInput = {
        images: (await trainingSet(ctx.deps, model)).map(({ id: _, ...image }) => image),
        epochs: TRAINING_EPOCHS,
        seed: model.split_seed,
        threshold: DETECTION_THRESHOLD,
      };
      let lastWrite = 0;
      let writing: Promise<void> = Promise.resolve();
      const onProgress = (step: number, total: number) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS && step < total) return;
        lastWrite = now;
        writing = writing.then(async () => {
          const current = await repo.trainingProgress(db, modelId, ctx.jobId, step, total);
          // Cancelled (or restarted by another run): stop this one.
          if (!current) controller.abort();
        });
      };
      const out = await runWithProgress<TrainOutput>(
        'train',
        input,
        input.images.map((i) => i.bytes.buffer as ArrayBuffer),
        onProgress,
        controller.signal,
        [0, trainingSteps(input.images, input.epochs).total],
      ).catch((err) => {
        if (controller.signal.aborted && !ctx.signal.aborted) return null;
        throw err;
      });
      await writing;
      if (!out) return { cancelled: true };
      const version = await repo.nextVersion(db, modelId);
      const weightsKey = `ai/models/${modelId}/v${version}-${ctx.jobId}.json`;
      await ctx.deps.storage.write(weightsKey, Buffer.from(JSON.stringify(out.weights)), 'application/json');
      await withTransaction(db, async (tx) => {
        await repo.insertVersion(tx, {
          modelId,
          version,
          trainImages: out.trainImages,
          validationImages: out.validationImages,
          precision: out.metrics.precision,
          recall: out.metrics.recall,
          ap50: out.metrics.ap50,
          threshold: out.metrics.threshold,
          confusion: out.metrics.confusion,
          prCurve: out.metrics.pr_curve,
          weightsKey,
        });
        await repo.endTraining(tx, modelId, { total: 1 });
      });
      return {
        version,
        precision: out.metrics.precision,
        recall: out.metrics.recall,
        ap50: out.metrics.ap50,
      };
    } catch (err) {
      if (ctx.attempt >= ctx.maxAttempts) await repo.endTraining(db, modelId);
      throw err;
    }
  },
});
