import type { Db } from './client.ts';
import { isRetryableTransactionError } from './pgErrors.ts';

export interface TransactionOptions {
  /** How many times a transaction that hit a deadlock or serialization failure is run again. */
  retries?: number;
  /** Base of the jittered backoff between attempts, in ms (attempt n waits up to base × 2ⁿ). */
  backoffMs?: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `work` in one transaction and runs it again, from the start, when PostgreSQL aborts it with a deadlock
 * (40P01) or serialization failure (40001): both mean "another transaction won, try again", and the
 * victim's changes are already rolled back. `work` must therefore have no side effects outside the
 * transaction (send mail after commit). Lock rows in one order (sorted ids) so retries stay rare; this is
 * the safety net for orders that cannot be fixed (row locks taken by triggers and foreign keys).
 */
export function withTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  return withRetries(() => db.transaction(work), options);
}

/**
 * Runs `attempt` again on a deadlock or serialization failure, as `withTransaction` does: for one statement
 * that makes a whole change by itself (data-modifying CTEs), which PostgreSQL aborts and rolls back whole
 * just as it would a transaction.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  { retries = 4, backoffMs = 10 }: TransactionOptions = {},
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (n >= retries || !isRetryableTransactionError(err)) throw err;
      // Full jitter: the two losers of one deadlock should not collide again on their next try.
      const delay = Math.random() * backoffMs * 2 ** n;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
