import { performance } from 'node:perf_hooks';
import { loadAverage, median, spread } from './stats.ts';

export interface MeasureOptions {
  /** Pairs of rounds (one subject round next to one baseline round); the median pair's ratio is reported. */
  rounds: number;
  /** Each round runs operations until this much time has passed (and at least once). */
  roundMs: number;
  /** Untimed operations per side before the first round (JIT, caches, query plans). */
  warmup: number;
}

export const DEFAULT_MEASURE: MeasureOptions = { rounds: 7, roundMs: 1000, warmup: 2 };

type Operation = () => Promise<unknown> | unknown;

/** Operations per second of one round; only the operations are timed, not `after`. */
async function round(op: Operation, roundMs: number, after?: Operation): Promise<number> {
  let ops = 0;
  let elapsed = 0;
  do {
    const start = performance.now();
    await op();
    elapsed += performance.now() - start;
    ops++;
    await after?.();
  } while (elapsed < roundMs);
  return (ops * 1000) / elapsed;
}

export interface PairMeasurement {
  /** Median ops/s of the subject's rounds. */
  subject: number;
  /** Median ops/s of the baseline's rounds. */
  baseline: number;
  /** subject ÷ baseline ops/s of each pair of neighbouring rounds, in run order. */
  ratios: number[];
  /** The median of `ratios`: the figure reported. */
  ratio: number;
  /** Lowest and highest pair ratio. */
  ratioSpread: [number, number];
  /** The 1-minute load average before the first and after the last round. */
  load: [number, number];
}

/**
 * Operations per second of both sides, measured as pairs of neighbouring rounds: each pair's ratio compares
 * two rounds seconds apart, so a machine whose load comes and goes (other processes on shared cores) slows
 * both sides of a pair alike. The order inside a pair alternates (subject first, then baseline first:
 * A B B A A B …), so a side never always runs right after the other's warm caches or a GC it left. The
 * reported ratio is the median pair's, with the lowest and highest beside it. `after` runs untimed after
 * every operation (a scenario that writes rows deletes them there, so each operation starts alike).
 */
export async function measurePair(
  subject: Operation,
  baseline: Operation,
  options: MeasureOptions = DEFAULT_MEASURE,
  after?: Operation,
): Promise<PairMeasurement> {
  const loadBefore = loadAverage();
  for (let i = 0; i < options.warmup; i++) {
    await subject();
    await after?.();
    await baseline();
    await after?.();
  }
  const subjectRounds: number[] = [];
  const baselineRounds: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < options.rounds; i++) {
    let s: number;
    let b: number;
    if (i % 2 === 0) {
      s = await round(subject, options.roundMs, after);
      b = await round(baseline, options.roundMs, after);
    } else {
      b = await round(baseline, options.roundMs, after);
      s = await round(subject, options.roundMs, after);
    }
    subjectRounds.push(s);
    baselineRounds.push(b);
    ratios.push(s / b);
  }
  return {
    subject: median(subjectRounds),
    baseline: median(baselineRounds),
    ratios,
    ratio: median(ratios),
    ratioSpread: spread(ratios),
    load: [loadBefore, loadAverage()],
  };
}
