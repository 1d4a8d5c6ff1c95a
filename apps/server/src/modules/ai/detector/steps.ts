/** Background cells sampled per training image. */
export const NEGATIVES_PER_IMAGE = 48;
/** Rows per training step. */
export const BATCH = 256;

/**
 * A training run's steps, known before the thread starts (the job reports 0 of them at once): each image's
 * features, each batch of each epoch, mining the head's own false positives, and each image scored for the
 * metrics.
 */
export function trainingSteps(images: readonly { validation: boolean }[], epochs: number) {
  const trainImages = images.filter((i) => !i.validation).length;
  const perEpoch = Math.max(1, Math.ceil((trainImages * (NEGATIVES_PER_IMAGE + 12)) / BATCH));
  return { perEpoch, total: images.length + epochs * perEpoch + 1 + images.length };
}
