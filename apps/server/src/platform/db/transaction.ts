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
export async function withTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  { retries = 4, backoffMs = 10 }: TransactionOptions = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt >= retries || !isRetryableTransactionError(err)) throw err;
      // Full jitter: the two losers of one deadlock should not collide again on their next try.
      const delay = Math.random() * backoffMs * 2 ** attempt;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
