import { describe, expect, it } from 'vitest';
import { syntheticImage } from './syntheticSet.ts';
import { type TrainImage, train } from './train.task.ts';

/**
 * Hard negatives change what the detector learns. The objects are orange discs with a dark core; the
 * distractors are the same discs without the core. Trained on objects alone, the head fires on the
 * distractors of the held-back images; given photos of distractors marked 'nothing to find here' with
 * the distractors as dismissed regions, it leaves most of them alone. Seeded: the same figures every run.
 */
const image = async (
  seed: number,
  options: { objects?: boolean; distractors?: number },
  validation: boolean,
  dismissed: boolean,
): Promise<TrainImage> => {
  const s = await syntheticImage(seed, 448, options);
  return {
    bytes: new Uint8Array(s.bytes),
    boxes: s.boxes,
    negatives: dismissed ? s.distractors : [],
    validation,
  };
};
const many = (count: number, first: number, make: (seed: number) => Promise<TrainImage>) =>
  Promise.all(Array.from({ length: count }, (_, i) => make(first + i)));

/**
 * What the head learnt, apart from the score threshold a run chooses: the objects found at score 0.5, and
 * the false positives on the held-back images summed over the PR curve's thresholds 0.5–0.95 (each point's
 * false positives from its precision and recall).
 */
const falsePositives = async (images: TrainImage[]) => {
  const out = await train({ images, epochs: 20, seed: 7, threshold: 0.5 }, () => {});
  const m = out.metrics;
  const positives = m.confusion.true_positives + m.confusion.false_negatives;
  let fp = 0;
  let found = 0;
  for (const point of m.pr_curve) {
    if (point.threshold < 0.5) continue;
    const tp = Math.round(point.recall * positives);
    if (point.threshold === 0.5) found = tp;
    fp += point.precision > 0 ? Math.round(tp / point.precision - tp) : 0;
  }
  return { true_positives: found, false_positives: fp };
};

// Three real training runs (60–75 images each through the frozen trunk): ~1–2 min of one core.
describe('hard negatives', () => {
  it('cut the false positives on distractors: more than the negative photos alone, far below none', async () => {
    // Positives: 30 photos of objects; held back: 15 photos of objects and two distractors each.
    const positives = () => many(30, 2000, (s) => image(s, {}, false, false));
    const heldBack = () => many(15, 4000, (s) => image(s, { distractors: 2 }, true, false));
    // 15 photos with three distractors and nothing to find, with or without their dismissed regions.
    const negatives = (dismissed: boolean) =>
      many(15, 3000, (s) => image(s, { objects: false, distractors: 3 }, false, dismissed));

    const none = await falsePositives([...(await positives()), ...(await heldBack())]);
    const photosOnly = await falsePositives([
      ...(await positives()),
      ...(await negatives(false)),
      ...(await heldBack()),
    ]);
    const withRegions = await falsePositives([
      ...(await positives()),
      ...(await negatives(true)),
      ...(await heldBack()),
    ]);
    // The objects are still found.
    expect(withRegions.true_positives).toBeGreaterThanOrEqual(none.true_positives - 2);
    // Without negatives the head takes the distractors for objects.
    expect(none.false_positives).toBeGreaterThanOrEqual(30);
    // With them, the false positives drop to a third or less; the dismissed regions add to the photos.
    expect(withRegions.false_positives * 3).toBeLessThanOrEqual(none.false_positives);
    expect(withRegions.false_positives).toBeLessThan(photosOnly.false_positives);
  }, 600_000);
});
