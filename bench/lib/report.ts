import os from 'node:os';

export interface BenchResult {
  name: string;
  /** Operations per second of the code under test. */
  subject: number;
  /** Operations per second of the baseline, measured in the same run. */
  baseline: number;
  /**
   * The median of the pair ratios (subject ÷ baseline ops/s of neighbouring rounds): 1 means as fast as
   * the baseline, 0.5 half as fast.
   */
  ratio: number;
  /** Lowest and highest pair ratio. */
  ratioSpread: [number, number];
  /** The median pair ratio of CPU time (see `PairMeasurement.cpuRatios`), with its lowest and highest. */
  cpuRatio: number;
  cpuRatioSpread: [number, number];
  /** Pairs of rounds measured. */
  pairs: number;
  /** The 1-minute load average before and after the measurement. */
  load: [number, number];
  /** The ratio aimed for, if any. */
  target?: number | undefined;
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length}, Node ${process.version}, ${os.platform()} ${os.arch()}`;
}

const opsText = (ops: number): string =>
  ops >= 100 ? Math.round(ops).toLocaleString('en-US') : ops.toPrecision(3);

/** A plain-text table, aligned for a terminal and readable in a CI log. */
export function formatTable(results: readonly BenchResult[]): string {
  const header = [
    'scenario',
    'subject ops/s',
    'baseline ops/s',
    'ratio',
    'pair spread',
    'CPU ratio',
    'load',
    'target',
  ];
  const rows = results.map((r) => [
    r.name,
    opsText(r.subject),
    opsText(r.baseline),
    r.ratio.toFixed(3),
    `${r.ratioSpread[0].toFixed(2)}–${r.ratioSpread[1].toFixed(2)} (${r.pairs})`,
    `${r.cpuRatio.toFixed(3)} (${r.cpuRatioSpread[0].toFixed(2)}–${r.cpuRatioSpread[1].toFixed(2)})`,
    `${r.load[0].toFixed(1)}→${r.load[1].toFixed(1)}`,
    r.target === undefined ? '-' : `≥ ${r.target} ${r.ratio >= r.target ? 'met' : 'MISSED'}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
