import * as tf from '@tensorflow/tfjs';
import { type Box, cellTargets, GRID, type Head, headForward, headVariables, INPUT } from './detector.ts';
import { BATCH, NEGATIVES_PER_IMAGE } from './steps.ts';

const POSITIVE_WEIGHT = 4;
const HARD_WEIGHT = 4;
const CELLS = GRID * GRID;
/** Share of the epochs before the head's own false positives are mined (the rest train with them). */
const FIRST_PASS = 0.6;
/** At most this many mined cells per image, each scoring at least MINED_SCORE. */
const MINED_PER_IMAGE = 12;
const MINED_SCORE = 0.2;

export interface HeadImage {
  features: Float32Array;
  size: { width: number; height: number };
  boxes: Box[];
  negatives?: Box[];
}
interface Row {
  image: number;
  cell: number;
  label: number;
  edges: number[];
  weight: number;
}

/**
 * The training rows of the images: every cell inside an object, every cell of a dismissed region, and a
 * seeded sample of background cells. Each row's weight in the loss: object cells are few (each weighs 4
 * sampled background cells), and a cell a reviewer dismissed says as much as an object cell (it looked like
 * one to the model).
 */
function baseRows(images: readonly HeadImage[], random: () => number): Row[] {
  const rows: Row[] = [];
  images.forEach((image, k) => {
    const { labels, edges } = cellTargets(image.boxes, image.size.width, image.size.height);
    const hard = image.negatives?.length
      ? cellTargets(image.negatives, image.size.width, image.size.height).labels
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
  return rows;
}

/** Per-feature mean and scale over the rows (the head sees standardised features). */
function standardisation(images: readonly HeadImage[], rows: readonly Row[], dims: number) {
  const mean = new Float32Array(dims);
  const scale = new Float32Array(dims);
  for (const r of rows) {
    const f = images[r.image]!.features;
    for (let d = 0; d < dims; d++) mean[d]! += f[r.cell * dims + d]! / rows.length;
  }
  for (const r of rows) {
    const f = images[r.image]!.features;
    for (let d = 0; d < dims; d++) scale[d]! += (f[r.cell * dims + d]! - mean[d]!) ** 2 / rows.length;
  }
  for (let d = 0; d < dims; d++) scale[d] = Math.sqrt(scale[d]!) + 1e-3;
  return { mean, scale };
}

/**
 * Cells far from every marked box that the head scores as objects (its own false positives on its training
 * images), the strongest first, at most MINED_PER_IMAGE an image: the second pass trains on them as hard
 * background (bootstrapping, as in Sung & Poggio's and Felzenszwalb's detectors). Cells touching a marked box
 * are left out: they see part of the object and the merge folds their boxes into it anyway.
 */
function minedRows(
  head: Head,
  images: readonly HeadImage[],
  stats: { mean: Float32Array; scale: Float32Array },
  dims: number,
): Row[] {
  const rows: Row[] = [];
  const cell = INPUT / GRID;
  images.forEach((image, k) => {
    const scores = tf.tidy(() => {
      const x = tf
        .tensor2d(image.features, [CELLS, dims])
        .sub(tf.tensor1d(stats.mean))
        .div(tf.tensor1d(stats.scale)) as tf.Tensor2D;
      return tf.sigmoid(headForward(head, x).slice([0, 0], [-1, 1]));
    });
    const s = scores.dataSync();
    scores.dispose();
    const sx = INPUT / image.size.width;
    const sy = INPUT / image.size.height;
    const near = (c: number) => {
      const cx = ((c % GRID) + 0.5) * cell;
      const cy = (Math.floor(c / GRID) + 0.5) * cell;
      return image.boxes.some(
        (b) =>
          cx >= b.left * sx - cell &&
          cx <= (b.left + b.width) * sx + cell &&
          cy >= b.top * sy - cell &&
          cy <= (b.top + b.height) * sy + cell,
      );
    };
    const found: number[] = [];
    for (let c = 0; c < CELLS; c++) if (s[c]! >= MINED_SCORE && !near(c)) found.push(c);
    found.sort((a, b) => s[b]! - s[a]!);
    for (const c of found.slice(0, MINED_PER_IMAGE))
      rows.push({ image: k, cell: c, label: 0, edges: [0, 0, 0, 0], weight: HARD_WEIGHT });
  });
  return rows;
}

/**
 * Trains a head on the images' cell features with Adam: cross-entropy on inside/outside, L1 on the edges of
 * inside cells. FIRST_PASS of the epochs on the base rows, then the head's own false positives join them
 * for the rest. `step` is called once per batch and once for the mining.
 */
export function trainHead(
  images: readonly HeadImage[],
  options: {
    epochs: number;
    stepsPerEpoch: number;
    seed: number;
    random: () => number;
    step: () => void;
  },
) {
  const { random } = options;
  const dims = (images[0]?.features.length ?? CELLS) / CELLS;
  let rows = baseRows(images, random);
  const stats = standardisation(images, rows, dims);
  const head = headVariables(undefined, options.seed);
  const optimizer = tf.train.adam(0.003);
  const firstPass = Math.ceil(options.epochs * FIRST_PASS);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    if (epoch === firstPass) {
      rows = [...rows, ...minedRows(head, images, stats, dims)];
      options.step();
    }
    const order = rows.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (let s = 0; s < options.stepsPerEpoch; s++) {
      const from = (s * BATCH) % Math.max(1, order.length);
      const batch = order.slice(from, from + BATCH);
      if (batch.length > 0) fitBatch(head, optimizer, images, rows, batch, stats, dims);
      options.step();
    }
  }
  if (options.epochs <= firstPass) options.step();
  return { head, stats };
}

function fitBatch(
  head: Head,
  optimizer: tf.Optimizer,
  images: readonly HeadImage[],
  rows: readonly Row[],
  batch: readonly number[],
  stats: { mean: Float32Array; scale: Float32Array },
  dims: number,
) {
  const bx = new Float32Array(batch.length * dims);
  const by = new Float32Array(batch.length);
  const be = new Float32Array(batch.length * 4);
  const bw = new Float32Array(batch.length);
  batch.forEach((r, i) => {
    const row = rows[r]!;
    const f = images[row.image]!.features;
    for (let d = 0; d < dims; d++)
      bx[i * dims + d] = (f[row.cell * dims + d]! - stats.mean[d]!) / stats.scale[d]!;
    by[i] = row.label;
    bw[i] = row.weight;
    be.set(row.edges, i * 4);
  });
  tf.tidy(() => {
    const xs = tf.tensor2d(bx, [batch.length, dims]);
    const ys = tf.tensor2d(by, [batch.length, 1]);
    const es = tf.tensor2d(be, [batch.length, 4]);
    const ws = tf.tensor2d(bw, [batch.length, 1]);
    optimizer.minimize(() => {
      const out = headForward(head, xs);
      const cls = tf.losses.sigmoidCrossEntropy(ys, out.slice([0, 0], [-1, 1]), ws);
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
