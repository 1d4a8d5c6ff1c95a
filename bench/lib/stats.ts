import os from 'node:os';

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Lowest and highest value. */
export function spread(values: readonly number[]): [number, number] {
  return values.length === 0 ? [0, 0] : [Math.min(...values), Math.max(...values)];
}

/** The machine's 1-minute load average now (what other processes ask of its cores). */
export const loadAverage = (): number => os.loadavg()[0]!;

/** `median (low–high)` with `digits` decimals. */
export const medianAndSpread = (values: readonly number[], digits: number): string => {
  const [low, high] = spread(values);
  return `${median(values).toFixed(digits)} (${low.toFixed(digits)}–${high.toFixed(digits)})`;
};

/** `load 1.2→3.4`: the 1-minute load average before and after a measurement. */
export const loadText = ([before, after]: readonly [number, number]): string =>
  `load ${before.toFixed(1)}→${after.toFixed(1)}`;
