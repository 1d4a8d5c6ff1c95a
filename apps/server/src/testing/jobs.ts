import { jobDefinitions } from '../jobs.ts';
import type { Deps } from '../platform/deps.types.ts';
import { JobWorker } from '../platform/jobs/worker.ts';

/** Runs every due job with a real worker, in this call (what a server's worker would do next). */
export function runDueJobs(deps: Deps): Promise<number> {
  return new JobWorker({ deps, definitions: jobDefinitions, concurrency: 1 }).drain();
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  // Generous: a limit against a hang, not a timing (tests run on shared machines at loads of 10–40).
  timeoutMs = 90_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
