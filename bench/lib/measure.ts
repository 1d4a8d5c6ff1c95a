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

interface Round {
  /** Operations per second of wall time. */
  ops: number;
  /** Operations per second of this process's CPU time (every thread: sharp's, PGlite's, libuv's pool). */
  cpuOps: number;
}

/** One round; only the operations are timed, not `after`. */
async function round(op: Operation, roundMs: number, after?: Operation): Promise<Round> {
  let ops = 0;
  let elapsed = 0;
  let cpuMicros = 0;
  do {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await op();
    elapsed += performance.now() - start;
    const used = process.cpuUsage(cpu);
    cpuMicros += used.user + used.system;
    ops++;
    await after?.();
  } while (elapsed < roundMs);
  return { ops: (ops * 1000) / elapsed, cpuOps: (ops * 1e6) / Math.max(1, cpuMicros) };
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
  /**
   * The same pair ratios from this process's CPU time instead of wall time: how much work each side does,
   * which other processes on the machine hardly change. Comparable only when both sides work in this
   * process (PGlite; not an external PostgreSQL or a browser).
   */
  cpuRatios: number[];
  cpuRatio: number;
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
  const cpuRatios: number[] = [];
  for (let i = 0; i < options.rounds; i++) {
    let s: Round;
    let b: Round;
    if (i % 2 === 0) {
      s = await round(subject, options.roundMs, after);
      b = await round(baseline, options.roundMs, after);
    } else {
      b = await round(baseline, options.roundMs, after);
      s = await round(subject, options.roundMs, after);
    }
    subjectRounds.push(s.ops);
    baselineRounds.push(b.ops);
    ratios.push(s.ops / b.ops);
    cpuRatios.push(s.cpuOps / b.cpuOps);
  }
  return {
    subject: median(subjectRounds),
    baseline: median(baselineRounds),
    ratios,
    ratio: median(ratios),
    ratioSpread: spread(ratios),
    cpuRatios,
    cpuRatio: median(cpuRatios),
    load: [loadBefore, loadAverage()],
  };
}
