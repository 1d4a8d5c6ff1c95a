import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_DATA } from '../../../testing/realDataApp.ts';
import { TRAINING_EPOCHS } from '../training.job.ts';
import { placedObjectSet } from './placedObjects.ts';
import { train } from './train.task.ts';

/** Stated thresholds: what issue 22 asks of a model trained on ≥ 150 marked-up images of one class. */
const MIN_PRECISION = 0.8;
const MIN_RECALL = 0.8;
const TRAIN = 160;
const HELD_BACK = 40;

/**
 * Accuracy on real photos: 200 images of one class built at run time from the real drone photos in
 * REAL_DATA/images (seeded crops with rust-orange, dark-cored ellipses placed in them; nothing is stored),
 * the head trained as the ai.train job trains it on 160, precision and recall at IoU 0.5 on the 40 held
 * back. A real training run: a few minutes of one core.
 */
describe('the detector on real drone photos', () => {
  it(`reaches precision ≥ ${MIN_PRECISION} and recall ≥ ${MIN_RECALL} at IoU 0.5 on held-back images`, async () => {
    const set = await placedObjectSet(path.join(REAL_DATA, 'images'), TRAIN + HELD_BACK, 42, 640);
    const out = await train(
      {
        images: set.map((image, i) => ({
          bytes: new Uint8Array(image.bytes),
          boxes: image.boxes,
          validation: i >= TRAIN,
        })),
        epochs: TRAINING_EPOCHS,
        seed: 7,
        threshold: 0.5,
      },
      () => {},
    );
    expect(out.trainImages).toBe(TRAIN);
    expect(out.validationImages).toBe(HELD_BACK);
    expect(out.metrics.confusion.true_positives).toBeGreaterThan(0);
    expect(out.metrics.precision).toBeGreaterThanOrEqual(MIN_PRECISION);
    expect(out.metrics.recall).toBeGreaterThanOrEqual(MIN_RECALL);
  }, 900_000);
});
