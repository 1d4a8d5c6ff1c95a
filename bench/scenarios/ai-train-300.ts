import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { cellFeatures, decode } from '../../apps/server/src/modules/ai/detector/detector.ts';
import {
  type PlacedImage,
  placedObjectSet,
} from '../../apps/server/src/modules/ai/detector/placedObjects.ts';
import { trainingSteps } from '../../apps/server/src/modules/ai/detector/steps.ts';
import { runWithProgress } from '../../apps/server/src/modules/ai/detector/threads.ts';
import type { TrainInput, TrainOutput } from '../../apps/server/src/modules/ai/detector/train.task.ts';
import { TRAINING_EPOCHS } from '../../apps/server/src/modules/ai/training.job.ts';
import { realPhotosDir, seconds } from '../lib/aiData.ts';
import { defineScenario } from '../lib/scenario.ts';

const IMAGES = 300;
/** Held back for the metrics: one image in five (60), so 240 marked-up images train the head. */
const HELD_BACK_EVERY = 5;

interface Context {
  set: PlacedImage[];
  runs: {
    ms: number;
    cpuMs: number;
    gapMs: number;
    stepGapMs: number;
    out: TrainOutput;
    load: [number, number];
  }[];
  baselineMs: number[];
}

/**
 * (a) + (c) Training a model version as the ai.train job does (a worker thread, TRAINING_EPOCHS epochs) on
 * 300 images of one class built from the real drone photos with objects placed in them (1024 × 1024,
 * seeded; 240 train, 60 held back), against the bare trunk's forward pass over the same 300 images (the
 * features any head needs). Prints the training's wall and CPU time, the longest silence between two
 * progress reports, and precision / recall / AP at IoU 0.5 on the held-back images.
 * Targets: ≤ 5 min, no silence > 2 s, precision and recall ≥ 0.8.
 */
export default defineScenario<Context>({
  name: 'ai-train-300',
  description: `AI: train a version on ${IMAGES} marked-up real-photo images (worker thread, as the job) vs the trunk's forward pass over them`,
  measure: { rounds: 1, roundMs: 1, warmup: 0 },
  async setup() {
    const set = await placedObjectSet(realPhotosDir(), IMAGES, 42);
    return { set, runs: [], baselineMs: [] };
  },
  async subject(ctx) {
    const input: TrainInput = {
      images: ctx.set.map((image, i) => ({
        bytes: new Uint8Array(image.bytes),
        boxes: image.boxes,
        validation: i % HELD_BACK_EVERY === 0,
      })),
      epochs: TRAINING_EPOCHS,
      seed: 7,
      threshold: 0.5,
    };
    const load = loadavg()[0]!;
    const cpu = process.cpuUsage();
    const start = performance.now();
    let last = start;
    let gapMs = 0;
    let lastStep = -1;
    let lastStepAt = start;
    let stepGapMs = 0;
    const out = await runWithProgress<TrainOutput>(
      'train',
      input,
      input.images.map((i) => i.bytes.buffer as ArrayBuffer),
      (step) => {
        const now = performance.now();
        gapMs = Math.max(gapMs, now - last);
        last = now;
        if (step !== lastStep) {
          stepGapMs = Math.max(stepGapMs, now - lastStepAt);
          lastStep = step;
          lastStepAt = now;
        }
      },
      new AbortController().signal,
      [0, trainingSteps(input.images, input.epochs).total],
    );
    const ms = performance.now() - start;
    const used = process.cpuUsage(cpu);
    ctx.runs.push({
      ms,
      cpuMs: (used.user + used.system) / 1000,
      gapMs,
      stepGapMs,
      out,
      load: [load, loadavg()[0]!],
    });
  },
  async baseline(ctx) {
    const start = performance.now();
    for (const image of ctx.set) await cellFeatures((await decode(image.bytes)).pixels);
    ctx.baselineMs.push(performance.now() - start);
  },
  report(ctx) {
    return ctx.runs
      .map(({ ms, cpuMs, gapMs, stepGapMs, out, load }) => {
        const m = out.metrics;
        return (
          `training ${IMAGES} images (${out.trainImages} train, ${out.validationImages} held back, ${TRAINING_EPOCHS} epochs): ` +
          `${seconds(ms)} wall, ${seconds(cpuMs)} CPU (target ≤ 300 s); longest silence between progress reports ${gapMs.toFixed(0)} ms (target ≤ 2000; the thread's longest step, loading included, ${stepGapMs.toFixed(0)} ms); ` +
          `trunk forward over the same images ${ctx.baselineMs.map(seconds).join(', ')}; ` +
          `held back at IoU 0.5: precision ${m.precision?.toFixed(3)}, recall ${m.recall?.toFixed(3)}, AP ${m.ap50?.toFixed(3)} ` +
          `(threshold ${m.threshold}; TP ${m.confusion.true_positives}, FP ${m.confusion.false_positives}, FN ${m.confusion.false_negatives}; targets ≥ 0.8); ` +
          `load average ${load[0].toFixed(1)}–${load[1].toFixed(1)} on ${cpus().length} cores`
        );
      })
      .join('\n');
  },
});
