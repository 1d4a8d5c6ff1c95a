import type { Backoff } from './define.ts';

/**
 * Delay before the next attempt after `attempt` failed runs: exponential (base × 2^(attempt-1), capped)
 * with "equal jitter" (between half and all of it), so jobs that failed together do not retry in step.
 */
export function retryDelayMs(backoff: Backoff, attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
