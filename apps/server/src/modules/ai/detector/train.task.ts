import { threadId } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import {
  type Box,
  cellFeatures,
  cellTargets,
  decode,
  detectCells,
  GRID,
  type HeadWeights,
  headForward,
  headVariables,
  type ScoredBox,
  trunk,
} from './detector.ts';
import { type DetectionMetrics, evaluate } from './metrics.ts';
import { seeded } from './random.ts';
import { BATCH, NEGATIVES_PER_IMAGE, trainingSteps } from './steps.ts';

/** Runs in a worker thread (taskEntry.js): CPU-heavy, never on the event loop. */

export interface TrainImage {
  bytes: Uint8Array;
  boxes: Box[];
  /** Regions known to hold nothing (dismissed markups): their cells are always background rows. */
  negatives?: Box[];
  validation: boolean;
}
export interface TrainInput {
  images: TrainImage[];
  epochs: number;
  /** Seed of the negative-cell sampling and the head's first weights. */
  seed: number;
  /** The score threshold when the training images choose none (no boxes found on them). */
  threshold: number;
}
export interface TrainOutput {
  weights: HeadWeights;
  metrics: DetectionMetrics;
  trainImages: number;
  validationImages: number;
}
export type Progress = (step: number, total: number) => void;

const POSITIVE_WEIGHT = 4;
const HARD_WEIGHT = 4;
const CELLS = GRID * GRID;

export async function train(input: TrainInput, progress: Progress): Promise<TrainOutput> {
  const random = seeded(input.seed);
  const trainSet = input.images.filter((i) => !i.validation);
  const { perEpoch: stepsPerEpoch, total } = trainingSteps(input.images, input.epochs);
  let step = 0;
  progress(step, total);
  await trunk();

  // 1. Features of every image (the frozen trunk), once.
  const features: Float32Array[] = [];
  const sizes: { width: number; height: number }[] = [];
  for (const image of input.images) {
    const decoded = await decode(Buffer.from(image.bytes));
    features.push(await cellFeatures(decoded.pixels));
    sizes.push({ width: decoded.width, height: decoded.height });
    progress(++step, total);
  }
  const dims = features[0]!.length / CELLS;

  // 2. Training rows: every cell inside an object, and a seeded sample of background cells.
  // Each row's weight in the loss: object cells are few (each weighs 4 sampled background cells), and a
  // cell a reviewer dismissed says as much as an object cell (it looked like one to the model).
  const rows: { image: number; cell: number; label: number; edges: number[]; weight: number }[] = [];
  input.images.forEach((image, k) => {
    if (image.validation) return;
    const { labels, edges } = cellTargets(image.boxes, sizes[k]!.width, sizes[k]!.height);
    // Hard negatives: where a reviewer dismissed what a model saw, every cell is a background row.
    const hard = image.negatives?.length
      ? cellTargets(image.negatives, sizes[k]!.width, sizes[k]!.height).labels
      : null;
    const background: number[] = [];
    for (let c = 0; c < CELLS; c++) {
      if (labels[c] === 1)
        rows.push({
          image: k,
          cell: c,
          label: 1,
          edges: Array.from(edges.subarray(c * 4, c * 4 + 4)),
          weight: POSITIVE_WEIGHT,
        });
      else if (hard?.[c] === 1)
        rows.push({ image: k, cell: c, label: 0, edges: [0, 0, 0, 0], weight: HARD_WEIGHT });
      else background.push(c);
    }
    for (let j = 0; j < NEGATIVES_PER_IMAGE && background.length > 0; j++) {
      const c = background.splice(Math.floor(random() * background.length), 1)[0]!;
      rows.push({ image: k, cell: c, label: 0, edges: [0, 0, 0, 0], weight: 1 });
    }
  });
  const x = new Float32Array(rows.length * dims);
  rows.forEach((r, i) => {
    x.set(features[r.image]!.subarray(r.cell * dims, (r.cell + 1) * dims), i * dims);
  });
  // Standardise each feature on the training rows.
  const mean = new Float32Array(dims);
  const scale = new Float32Array(dims);
  for (let i = 0; i < rows.length; i++)
    for (let d = 0; d < dims; d++) mean[d]! += x[i * dims + d]! / rows.length;
  for (let i = 0; i < rows.length; i++) {
    for (let d = 0; d < dims; d++) scale[d]! += (x[i * dims + d]! - mean[d]!) ** 2 / rows.length;
  }
  for (let d = 0; d < dims; d++) scale[d] = Math.sqrt(scale[d]!) + 1e-3;
  for (let i = 0; i < rows.length; i++)
    for (let d = 0; d < dims; d++) x[i * dims + d] = (x[i * dims + d]! - mean[d]!) / scale[d]!;
  progress(++step, total);

  // 3. The head, trained with Adam: cross-entropy on inside/outside, L1 on the edges of inside cells.
  const head = headVariables(undefined, input.seed);
  const optimizer = tf.train.adam(0.003);
  const order = rows.map((_, i) => i);
  for (let epoch = 0; epoch < input.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (let s = 0; s < stepsPerEpoch; s++) {
      const batch = order.slice(
        (s * BATCH) % Math.max(1, order.length),
        ((s * BATCH) % Math.max(1, order.length)) + BATCH,
      );
      if (batch.length > 0) {
        const bx = new Float32Array(batch.length * dims);
        const by = new Float32Array(batch.length);
        const be = new Float32Array(batch.length * 4);
        const bw = new Float32Array(batch.length);
        batch.forEach((r, i) => {
          bx.set(x.subarray(r * dims, (r + 1) * dims), i * dims);
          by[i] = rows[r]!.label;
          bw[i] = rows[r]!.weight;
          be.set(rows[r]!.edges, i * 4);
        });
        tf.tidy(() => {
          const xs = tf.tensor2d(bx, [batch.length, dims]);
          const ys = tf.tensor2d(by, [batch.length, 1]);
          const es = tf.tensor2d(be, [batch.length, 4]);
          const ws = tf.tensor2d(bw, [batch.length, 1]);
          optimizer.minimize(() => {
            const out = headForward(head, xs);
            const logit = out.slice([0, 0], [-1, 1]);
            const cls = tf.losses.sigmoidCrossEntropy(ys, logit, ws);
            const box = tf
              .abs(out.slice([0, 1], [-1, 4]).sub(es))
              .mul(ys)
              .sum()
              .div(ys.sum().add(1))
              .mul(10);
            return cls.add(box) as tf.Scalar;
          });
        });
      }
      progress(++step, total);
    }
  }

  // 4. Metrics on the held-back images.
  const stats = { mean, scale };
  const validation: { truth: Box[]; predicted: ScoredBox[] }[] = [];
  // The score threshold: the best F1 on the training images (the held-back ones never choose it).
  const seen: { truth: Box[]; predicted: ScoredBox[] }[] = [];
  input.images.forEach((image, k) => {
    const found = { truth: image.boxes, predicted: detectCells(head, features[k]!, stats, sizes[k]!, 0.05) };
    (image.validation ? validation : seen).push(found);
    progress(++step, total);
  });
  let threshold = input.threshold;
  let bestF1 = -1;
  // 0.30–0.90 in steps of 0.05, then 0.91–0.99: a head sure of its training images needs the fine steps
  // at the top (measured on real photos: 0.95 was the best still, with held-back precision below recall).
  const candidates = [
    ...Array.from({ length: 13 }, (_, i) => 0.3 + i * 0.05),
    ...Array.from({ length: 9 }, (_, i) => 0.91 + i * 0.01),
  ];
  for (const t of candidates) {
    const m = evaluate(seen, t);
    const f1 =
      m.precision !== null && m.recall !== null && m.precision + m.recall > 0
        ? (2 * m.precision * m.recall) / (m.precision + m.recall)
        : 0;
    if (f1 > bestF1) {
      bestF1 = f1;
      threshold = Math.round(t * 100) / 100;
    }
  }
  const metrics = evaluate(validation, threshold);
  const weights: HeadWeights = {
    w1: Array.from(head.w1.dataSync()),
    b1: Array.from(head.b1.dataSync()),
    w2: Array.from(head.w2.dataSync()),
    b2: Array.from(head.b2.dataSync()),
    mean: Array.from(mean),
    scale: Array.from(scale),
  };
  for (const v of Object.values(head)) v.dispose();
  progress(total, total);
  return { weights, metrics, trainImages: trainSet.length, validationImages: validation.length };
}

/**
 * Boxes in one image from a trained version's head (the detect call and project runs), and the id of the
 * thread that found them (a project run reports how many threads shared its photos).
 */
export async function detect(
  bytes: Uint8Array,
  weights: HeadWeights,
  minScore: number,
): Promise<{ boxes: ScoredBox[]; width: number; height: number; thread: number }> {
  const decoded = await decode(Buffer.from(bytes));
  const features = await cellFeatures(decoded.pixels);
  const head = headVariables(weights);
  try {
    const boxes = detectCells(
      head,
      features,
      { mean: Float32Array.from(weights.mean), scale: Float32Array.from(weights.scale) },
      decoded,
      minScore,
    );
    return { boxes, width: decoded.width, height: decoded.height, thread: threadId };
  } finally {
    for (const v of Object.values(head)) v.dispose();
  }
}
