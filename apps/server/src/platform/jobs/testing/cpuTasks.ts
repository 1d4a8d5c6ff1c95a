/** CPU-bound functions the thread pool test runs in worker threads. */

/** Counts primes below `limit` by trial division: pure CPU, no I/O. */
export function countPrimes(limit: number): number {
  let found = 0;
  for (let n = 2; n < limit; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) {
      if (n % d === 0) {
        prime = false;
        break;
      }
    }
    if (prime) found++;
  }
  return found;
}

/**
 * Says it started (flags[0] = 1), then spins without yielding until the main thread sets flags[1].
 * The main thread sets it from a timer after seeing the start, so this returns only if the main
 * event loop kept running while the thread computed (on the main thread it would spin forever).
 */
export function spinUntilReleased(shared: SharedArrayBuffer): string {
  const flags = new Int32Array(shared);
  Atomics.store(flags, 0, 1);
  while (Atomics.load(flags, 1) === 0) {}
  return 'released';
}

export function fail(message: string): never {
  throw new Error(message);
}
