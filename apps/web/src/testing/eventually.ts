import { vi } from 'vitest';

/**
 * `vi.waitFor` with a limit against a hang rather than a timing: its default of one second fails on a
 * shared machine at a load of 10–40, where one render can take longer.
 */
export const eventually = <T>(check: () => T | Promise<T>): Promise<T> =>
  vi.waitFor(check, { timeout: 20_000, interval: 25 });
