/**
 * Fixed-window counters per key (an account, an address). Kept in memory: one server process
 * owns one data folder, and a restart forgetting the counts is acceptable for brute-force damping.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait when the key has used up its window, else 0. Does not count. */
  retryAfter(key: string): number {
    const entry = this.hits.get(key);
    const now = this.now();
    if (!entry || entry.resetAt <= now || entry.count < this.limit) return 0;
    return Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
  }

  /** Counts one attempt against the key. */
  hit(key: string): void {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      this.sweep(now);
    } else {
      entry.count += 1;
    }
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    if (this.hits.size < 10_000) return;
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** The limits on the unauthenticated account routes (per server process). */
export function createAuthLimiters() {
  return {
    /** Failed logins per account and per address. */
    loginAccount: new RateLimiter(10, FIFTEEN_MINUTES),
    loginAddress: new RateLimiter(50, FIFTEEN_MINUTES),
    /** Reset e-mails per account and per address (forgot-password and resend). */
    resetAccount: new RateLimiter(5, FIFTEEN_MINUTES),
    resetAddress: new RateLimiter(30, FIFTEEN_MINUTES),
  };
}
export type AuthLimiters = ReturnType<typeof createAuthLimiters>;
