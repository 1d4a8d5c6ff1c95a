import { cpus, loadavg } from 'node:os';
import {
  decode,
  type HeadWeights,
  INPUT,
  trunk,
  trunkForward,
} from '../../apps/server/src/modules/ai/detector/detector.ts';
import { placedObjectSet } from '../../apps/server/src/modules/ai/detector/placedObjects.ts';
import { syntheticImage } from '../../apps/server/src/modules/ai/detector/syntheticSet.ts';
import { detect, train } from '../../apps/server/src/modules/ai/detector/train.task.ts';
import { realPhotosDir } from '../lib/aiData.ts';
import { defineScenario } from '../lib/scenario.ts';

interface Context {
  photos: Buffer[];
  pixels: Uint8Array[];
  weights: HeadWeights;
  next: number;
  ms: { subject: number[]; baseline: number[] };
  load: number[];
}

/**
 * (b) One detection of a 1024 × 1024 JPEG (a real drone photo with objects placed in it) as the detect call
 * runs it: decode and resize, the frozen trunk over the INPUT × INPUT image, the head, merging boxes, against
 * the trunk's bare forward pass over the same image (pixels already decoded), same run, same thread.
 * Target: ≤ 300 ms a detection.
 */
export default defineScenario<Context>({
  name: 'ai-detect-1024',
  description: 'AI: detect on a 1024 × 1024 JPEG (decode, trunk, head, NMS) vs the trunk’s bare forward pass',
  measure: { rounds: 5, roundMs: 1500, warmup: 1 },
  async setup() {
    const photos = (await placedObjectSet(realPhotosDir(), 8, 11)).map((p) => p.bytes);
    const pixels = await Promise.all(photos.map(async (p) => (await decode(p)).pixels));
    // A head trained briefly on generated images: the head's cost does not depend on how well it learnt.
    const set = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const s = await syntheticImage(500 + i);
        return { bytes: new Uint8Array(s.bytes), boxes: s.boxes, validation: i >= 10 };
      }),
    );
    const { weights } = await train({ images: set, epochs: 3, seed: 1, threshold: 0.5 }, () => {});
    return { photos, pixels, weights, next: 0, ms: { subject: [], baseline: [] }, load: [] };
  },
  async subject(ctx) {
    const start = performance.now();
    // With a version key, as the detect call passes it: the head is built once per version.
    await detect(ctx.photos[ctx.next++ % ctx.photos.length]!, ctx.weights, 0.5, 'bench-v1');
    ctx.ms.subject.push(performance.now() - start);
    ctx.load.push(loadavg()[0]!);
  },
  async baseline(ctx) {
    const model = await trunk();
    const start = performance.now();
    const out = trunkForward(model, ctx.pixels[ctx.next % ctx.pixels.length]!);
    await out.data();
    out.dispose();
    ctx.ms.baseline.push(performance.now() - start);
  },
  report(ctx) {
    const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN;
    return (
      `detection of a 1024 × 1024 JPEG: median ${med(ctx.ms.subject).toFixed(0)} ms (target ≤ 300 ms); ` +
      `bare trunk forward (${INPUT} px): median ${med(ctx.ms.baseline).toFixed(0)} ms; ratio ${(med(ctx.ms.baseline) / med(ctx.ms.subject)).toFixed(2)}; ${ctx.ms.subject.length} detections; ` +
      `load average ${Math.min(...ctx.load).toFixed(1)}–${Math.max(...ctx.load).toFixed(1)} on ${cpus().length} cores`
    );
  },
});
