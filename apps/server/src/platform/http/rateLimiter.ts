import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { execute, queryRows } from '../db/rows.ts';

/** The counting upsert's answer: the key's count in its window, and when that window began. */
export const HitRow = z.object({
  count: z.number(),
  window_start: z.union([z.string(), z.date()]),
});
export type HitRow = z.infer<typeof HitRow>;

/** How often ended windows are deleted (one indexed DELETE per bucket). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed-window counters per key (an account, an address), kept in the database (`rate_limits`) so that
 * every server process on it shares them: an attacker gains nothing by reaching another process, and a
 * restart forgets nothing. Each operation is one statement; counting is one upsert, so concurrent hits
 * from several processes are all counted.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    /** Names the counter ('login_address', …): one table holds every limiter's rows. */
    readonly bucket: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait when the key has used up its window, else 0. Does not count. */
  async retryAfter(key: string): Promise<number> {
    const state = await this.state(key);
    return state && state.count >= this.limit ? state.retryAfter : 0;
  }

  /** Attempts counted for the key in its current window (0 when none or the window has ended). */
  async count(key: string): Promise<number> {
    return (await this.state(key))?.count ?? 0;
  }

  /** Counts one attempt against the key and answers the key's count in the window, this one included. */
  async hit(key: string): Promise<{ count: number; retryAfter: number }> {
    const now = this.now();
    const [row] = await queryRows(this.db, this.upsert(key, now, sql`true`), HitRow);
    return { count: row!.count, retryAfter: this.secondsLeft(row!.window_start, now) };
  }

  /**
   * `take` inside a larger statement (a data-modifying CTE of the change it limits, so counting costs no
   * round trip of its own): the counting upsert, `returning count, window_start`, counting only when `when`
   * (SQL) holds; `allowed` is SQL true when the CTE `hit`'s count is within the limit, and `answer` reads
   * its row as `take` answers.
   */
  takeWithin(key: string, when: SQL) {
    const now = this.now();
    return {
      statement: this.upsert(key, now, when),
      allowed: (hit: SQL) => sql`(select count from ${hit}) <= ${this.limit}`,
      answer: (row: HitRow): { allowed: boolean; retryAfter: number } => {
        const allowed = row.count <= this.limit;
        return { allowed, retryAfter: allowed ? 0 : this.secondsLeft(row.window_start, now) };
      },
    };
  }

  private upsert(key: string, now: number, when: SQL): SQL {
    const windowStart = new Date(now);
    const ended = new Date(now - this.windowMs);
    return sql`
      insert into rate_limits as r (bucket, key, window_start, count)
      select ${this.bucket}, ${hashKey(key)}, ${windowStart.toISOString()}::timestamptz, 1 where ${when}
      on conflict (bucket, key) do update set
        window_start = case when r.window_start <= ${ended.toISOString()}::timestamptz
          then excluded.window_start else r.window_start end,
        count = case when r.window_start <= ${ended.toISOString()}::timestamptz then 1 else r.count + 1 end
      returning count, window_start`;
  }

  /**
   * Counts one attempt and answers whether it was within the limit: check and count in ONE statement, so
   * several processes asking at once cannot all slip through.
   */
  async take(key: string): Promise<{ allowed: boolean; retryAfter: number }> {
    const { count, retryAfter } = await this.hit(key);
    return { allowed: count <= this.limit, retryAfter: count <= this.limit ? 0 : retryAfter };
  }

  async reset(key: string): Promise<void> {
    await execute(
      this.db,
      sql`delete from rate_limits where bucket = ${this.bucket} and key = ${hashKey(key)}`,
    );
  }

  private async state(key: string): Promise<{ count: number; retryAfter: number } | null> {
    const now = this.now();
    const [row] = await queryRows(
      this.db,
      sql`select count, window_start from rate_limits
          where bucket = ${this.bucket} and key = ${hashKey(key)}
            and window_start > ${new Date(now - this.windowMs).toISOString()}::timestamptz`,
      z.object({
        count: z.number(),
        window_start: z.union([z.string(), z.date()]),
      }),
    );
    return row ? { count: row.count, retryAfter: this.secondsLeft(row.window_start, now) } : null;
  }

  private secondsLeft(windowStart: string | Date, now: number): number {
    const endsAt = new Date(windowStart).getTime() + this.windowMs;
    return Math.max(1, Math.ceil((endsAt - now) / 1000));
  }

  /** Deletes this bucket's ended windows; answers how many. */
  async sweep(): Promise<number> {
    return execute(
      this.db,
      sql`delete from rate_limits where bucket = ${this.bucket}
          and window_start <= ${new Date(this.now() - this.windowMs).toISOString()}::timestamptz`,
    );
  }
}

/** Keys are stored hashed: the table never holds the e-mail addresses or IPs typed at the login form. */
const hashKey = (key: string): string => createHash('sha256').update(key).digest('base64url');

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** The limits on the unauthenticated account routes (login policy: see loginThrottle.ts and the README). */
export function createAuthLimiters(db: Db, now: () => number = Date.now) {
  return {
    /** Failed logins per address, any account: a hard limit. */
    loginAddress: new RateLimiter(db, 'login_address', 50, FIFTEEN_MINUTES, now),
    /** Failed logins per account and address: a hard limit for that pair only. */
    loginPair: new RateLimiter(db, 'login_pair', 10, FIFTEEN_MINUTES, now),
    /** Failed logins per account from anywhere: past the limit, failing addresses are slowed, not the owner. */
    loginAccount: new RateLimiter(db, 'login_account', 10, FIFTEEN_MINUTES, now),
    /** Past loginAccount's limit: one attempt per 30 s on the account from addresses that have failed. */
    loginAccountSlow: new RateLimiter(db, 'login_account_slow', 1, 30_000, now),
    /** Reset e-mails per account and per address (forgot-password and resend). */
    resetAccount: new RateLimiter(db, 'reset_account', 5, FIFTEEN_MINUTES, now),
    resetAddress: new RateLimiter(db, 'reset_address', 30, FIFTEEN_MINUTES, now),
  };
}
export type AuthLimiters = ReturnType<typeof createAuthLimiters>;

/**
 * Deletes ended windows every minute, off the request path (a request's statements stay the same whatever
 * the clock says: the password-reset routes are tested for doing identical work for every account). Any
 * process may sweep; a failed sweep is retried next time. Returns the stop function.
 */
export function sweepPeriodically(limiters: readonly RateLimiter[], everyMs = SWEEP_EVERY_MS): () => void {
  const timer = setInterval(() => {
    for (const limiter of limiters) void limiter.sweep().catch(() => undefined);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
