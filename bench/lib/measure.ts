import { performance } from 'node:perf_hooks';

export interface MeasureOptions {
  /** Rounds per side; the median round is reported, which shrugs off a GC pause or a noisy neighbour. */
  rounds: number;
  /** Each round runs operations until this much time has passed (and at least once). */
  roundMs: number;
  /** Untimed operations per side before the first round (JIT, caches, query plans). */
  warmup: number;
}

export const DEFAULT_MEASURE: MeasureOptions = { rounds: 5, roundMs: 1000, warmup: 2 };

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

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Operations per second of both sides. Rounds alternate subject and baseline, so a machine that slows
 * down (thermal, another process) slows both alike instead of skewing the ratio. `after` runs untimed
 * after every operation (a scenario that writes rows deletes them there, so each operation starts alike).
 */
export async function measurePair(
  subject: Operation,
  baseline: Operation,
  options: MeasureOptions = DEFAULT_MEASURE,
  after?: Operation,
): Promise<{ subject: number; baseline: number }> {
  for (let i = 0; i < options.warmup; i++) {
    await subject();
    await after?.();
    await baseline();
    await after?.();
  }
  const subjectRounds: number[] = [];
  const baselineRounds: number[] = [];
  for (let i = 0; i < options.rounds; i++) {
    subjectRounds.push(await round(subject, options.roundMs, after));
    baselineRounds.push(await round(baseline, options.roundMs, after));
  }
  return { subject: median(subjectRounds), baseline: median(baselineRounds) };
}
