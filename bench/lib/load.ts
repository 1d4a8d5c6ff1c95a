import autocannon from 'autocannon';
import { loadAverage, median, spread } from './stats.ts';

/** What one load run measured. */
export interface LoadStats {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Socket errors and timeouts plus answers other than 2xx. */
  errors: number;
  requests: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

/** Keeps `connections` requests in flight against `url` for `seconds` (autocannon) and summarises. */
export async function load(url: string, options: LoadOptions): Promise<LoadStats> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    // As a browser asks: the list is gzipped when it is large enough.
    headers: { 'accept-encoding': 'gzip, deflate', ...options.headers },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

/** A load benchmark: our route (subject) and a trivial one (baseline) on the same running server. */
export interface LoadScenario<Context = unknown> {
  kind: 'load';
  name: string;
  description: string;
  /** The subject's p99 the product aims for, in ms, under `connections`. */
  p99TargetMs?: number;
  /** The most the subject's p99 may be, as a multiple of the baseline's p99 in the same run. */
  p99RatioTarget?: number;
  /** False when one subject round is too heavy to repeat as a warm-up (it warms the server anyway). */
  warmUpSubject?: boolean;
  setup(): Promise<Context>;
  subject(context: Context, options: LoadOptions): Promise<LoadStats>;
  baseline(context: Context, options: LoadOptions): Promise<LoadStats>;
  teardown?(context: Context): Promise<void>;
  /** Default connections and seconds per round. */
  defaults: { connections: number; seconds: number; rounds: number };
}

export const defineLoadScenario = <Context>(scenario: LoadScenario<Context>): LoadScenario<Context> =>
  scenario;

export interface LoadResult {
  name: string;
  connections: number;
  seconds: number;
  subject: LoadStats;
  baseline: LoadStats;
  p99TargetMs?: number | undefined;
  p99RatioTarget?: number | undefined;
  /** Subject p99 ÷ baseline p99 of each pair of neighbouring rounds, in run order. */
  p99Ratios: number[];
  /** The 1-minute load average before the first and after the last round. */
  load: [number, number];
}

/**
 * Alternates baseline and subject rounds after a short warm-up (pairs in B S S B order, so neither side
 * always follows the other); reports each side's median-throughput round and the median of the pairs'
 * p99 ratios with their spread, so a minute of load on the machine moves one pair, not the figure.
 */
export async function runLoad<Context>(
  scenario: LoadScenario<Context>,
  context: Context,
  overrides: { rounds?: number; seconds?: number },
): Promise<LoadResult> {
  const { connections } = scenario.defaults;
  const seconds = overrides.seconds ?? scenario.defaults.seconds;
  const rounds = overrides.rounds ?? scenario.defaults.rounds;
  const warm = { connections, seconds: 2 };
  const loadBefore = loadAverage();
  await scenario.baseline(context, warm);
  if (scenario.warmUpSubject !== false) await scenario.subject(context, warm);
  const subject: LoadStats[] = [];
  const baseline: LoadStats[] = [];
  const p99Ratios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let s: LoadStats;
    let b: LoadStats;
    if (i % 2 === 0) {
      b = await scenario.baseline(context, { connections, seconds });
      s = await scenario.subject(context, { connections, seconds });
    } else {
      s = await scenario.subject(context, { connections, seconds });
      b = await scenario.baseline(context, { connections, seconds });
    }
    subject.push(s);
    baseline.push(b);
    p99Ratios.push(s.p99Ms / Math.max(1, b.p99Ms));
  }
  const medianRound = (runs: LoadStats[]) =>
    [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor((runs.length - 1) / 2)]!;
  const sum = (runs: LoadStats[], key: 'errors' | 'requests') => runs.reduce((n, r) => n + r[key], 0);
  return {
    name: scenario.name,
    connections,
    seconds,
    subject: { ...medianRound(subject), errors: sum(subject, 'errors'), requests: sum(subject, 'requests') },
    baseline: {
      ...medianRound(baseline),
      errors: sum(baseline, 'errors'),
      requests: sum(baseline, 'requests'),
    },
    p99TargetMs: scenario.p99TargetMs,
    p99RatioTarget: scenario.p99RatioTarget,
    p99Ratios,
    load: [loadBefore, loadAverage()],
  };
}

/** A plain-text table of load results: throughput, latency and errors per side, and the throughput ratio. */
export function formatLoadTable(results: readonly LoadResult[]): string {
  const header = ['scenario', 'side', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio', 'p99 target', 'load'];
  const rows = results.flatMap((r) => {
    const ratio = (r.subject.requestsPerSecond / r.baseline.requestsPerSecond).toFixed(3);
    // The median pair's p99 ratio (pairs of neighbouring rounds), with the lowest and highest pair.
    const p99Ratio = median(r.p99Ratios);
    const [low, high] = spread(r.p99Ratios);
    const pairs = r.p99Ratios.length > 1 ? `, pairs ${low.toFixed(1)}–${high.toFixed(1)}` : '';
    const target =
      r.p99TargetMs !== undefined
        ? `≤ ${r.p99TargetMs} ${r.subject.p99Ms <= r.p99TargetMs ? 'met' : 'MISSED'}`
        : r.p99RatioTarget !== undefined
          ? `p99 ×${p99Ratio.toFixed(1)}${pairs} (≤ ${r.p99RatioTarget}× ${p99Ratio <= r.p99RatioTarget ? 'met' : 'MISSED'})`
          : '-';
    const load = `${r.load[0].toFixed(1)}→${r.load[1].toFixed(1)}`;
    const cells = (side: string, s: LoadStats, last: string[]) => [
      `${r.name} (${r.connections} conn)`,
      side,
      Math.round(s.requestsPerSecond).toLocaleString('en-US'),
      String(s.p50Ms),
      String(s.p99Ms),
      `${s.errors} of ${s.requests}`,
      ...last,
    ];
    return [cells('subject', r.subject, [ratio, target, load]), cells('baseline', r.baseline, ['', '', ''])];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
