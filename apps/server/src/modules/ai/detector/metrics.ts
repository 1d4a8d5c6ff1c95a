import { type Box, iou, type ScoredBox } from './detector.ts';

export interface DetectionMetrics {
  precision: number | null;
  recall: number | null;
  ap50: number | null;
  threshold: number;
  confusion: {
    true_positives: number;
    false_positives: number;
    false_negatives: number;
    true_negative_images: number;
  };
  pr_curve: { threshold: number; precision: number; recall: number }[];
}

/**
 * Precision, recall and average precision at IoU 0.5 over held-back images: each predicted box, best score
 * first, matches the unmatched marked-up box it overlaps most (IoU ≥ 0.5) or is a false positive. AP is the
 * area under the interpolated precision/recall curve (every point, as COCO/VOC 2010+). The confusion counts
 * and the point of the curve are those at `threshold`; a true-negative image is one without marked-up boxes
 * and without a box above the threshold.
 */
export function evaluate(
  images: readonly { truth: readonly Box[]; predicted: readonly ScoredBox[] }[],
  threshold: number,
): DetectionMetrics {
  const all: { score: number; tp: boolean }[] = [];
  let positives = 0;
  let tnImages = 0;
  for (const image of images) {
    positives += image.truth.length;
    const used = new Set<number>();
    for (const p of [...image.predicted].sort((a, b) => b.score - a.score)) {
      let best = -1;
      let bestIou = 0.5;
      image.truth.forEach((t, i) => {
        const o = iou(p, t);
        if (!used.has(i) && o >= bestIou) {
          best = i;
          bestIou = o;
        }
      });
      if (best >= 0) used.add(best);
      all.push({ score: p.score, tp: best >= 0 });
    }
    if (image.truth.length === 0 && image.predicted.every((p) => p.score < threshold)) tnImages++;
  }
  all.sort((a, b) => b.score - a.score);
  const curve: { threshold: number; precision: number; recall: number }[] = [];
  let tp = 0;
  let fp = 0;
  const points: { p: number; r: number }[] = [];
  for (const d of all) {
    if (d.tp) tp++;
    else fp++;
    points.push({ p: tp / (tp + fp), r: positives > 0 ? tp / positives : 0 });
  }
  // Interpolated precision: the best precision at this recall or beyond.
  let ap = 0;
  let prevRecall = 0;
  for (let i = 0; i < points.length; i++) {
    const maxP = Math.max(...points.slice(i).map((q) => q.p));
    ap += (points[i]!.r - prevRecall) * maxP;
    prevRecall = points[i]!.r;
  }
  const at = (t: number) => {
    const kept = all.filter((d) => d.score >= t);
    const k = kept.filter((d) => d.tp).length;
    return { tp: k, fp: kept.length - k };
  };
  for (let t = 0.05; t < 1; t += 0.05) {
    const { tp: k, fp: f } = at(t);
    curve.push({
      threshold: Math.round(t * 100) / 100,
      precision: k + f > 0 ? k / (k + f) : 1,
      recall: positives > 0 ? k / positives : 0,
    });
  }
  const chosen = at(threshold);
  return {
    precision: chosen.tp + chosen.fp > 0 ? chosen.tp / (chosen.tp + chosen.fp) : null,
    recall: positives > 0 ? chosen.tp / positives : null,
    ap50: positives > 0 ? ap : null,
    threshold,
    confusion: {
      true_positives: chosen.tp,
      false_positives: chosen.fp,
      false_negatives: positives - chosen.tp,
      true_negative_images: tnImages,
    },
    pr_curve: curve,
  };
}
