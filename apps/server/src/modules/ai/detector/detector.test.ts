import { describe, expect, it } from 'vitest';
import { evaluate } from './metrics.ts';
import { syntheticImage } from './syntheticSet.ts';
import { train } from './train.task.ts';

const images = async (seeds: number[], validation: (i: number) => boolean) =>
  Promise.all(
    seeds.map(async (seed, i) => {
      const s = await syntheticImage(seed);
      return { bytes: new Uint8Array(s.bytes), boxes: s.boxes, validation: validation(i) };
    }),
  );

describe('detection metrics', () => {
  it('counts matches at IoU 0.5, best score first, and the area under the PR curve', () => {
    const truth = [{ left: 0, top: 0, width: 10, height: 10 }];
    const m = evaluate(
      [
        {
          truth,
          predicted: [
            { left: 1, top: 0, width: 10, height: 10, score: 0.9 }, // IoU 0.82: a hit
            { left: 0, top: 0, width: 10, height: 10, score: 0.8 }, // the box is taken: a false positive
            { left: 50, top: 50, width: 5, height: 5, score: 0.3 }, // below the threshold
          ],
        },
        { truth: [], predicted: [] },
      ],
      0.5,
    );
    expect(m.confusion).toEqual({
      true_positives: 1,
      false_positives: 1,
      false_negatives: 0,
      true_negative_images: 1,
    });
    expect(m.precision).toBe(0.5);
    expect(m.recall).toBe(1);
    expect(m.ap50).toBe(1);
  });
});

// A real training run (the frozen trunk on 80 generated 448 × 448 images): ~20–45 s of one core.
describe('the detector', () => {
  it('learns the generated objects: precision and recall ≥ 0.6 at IoU 0.5 on 20 held-back images', async () => {
    const set = await images(
      Array.from({ length: 80 }, (_, i) => 1000 + i),
      (i) => i >= 60,
    );
    const out = await train({ images: set, epochs: 20, seed: 7, threshold: 0.5 }, () => {});
    expect(out.validationImages).toBe(20);
    expect(out.metrics.precision).toBeGreaterThanOrEqual(0.6);
    expect(out.metrics.recall).toBeGreaterThanOrEqual(0.6);
    expect(out.metrics.ap50).toBeGreaterThanOrEqual(0.5);
  }, 300_000);

  it('finds nothing with an untrained head', async () => {
    const set = await images(
      Array.from({ length: 11 }, (_, i) => 1060 + i),
      (i) => i > 0,
    );
    const out = await train({ images: set, epochs: 0, seed: 7, threshold: 0.5 }, () => {});
    expect(out.metrics.precision ?? 0).toBeLessThan(0.6);
    expect(out.metrics.recall ?? 0).toBeLessThan(0.6);
  }, 120_000);
});
