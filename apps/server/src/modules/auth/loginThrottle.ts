import { tooManyRequests } from '../../platform/errors.ts';
import type { AuthLimiters } from '../../platform/http/rateLimiter.ts';

/**
 * Who may try a password now (README 'Login throttling'; OWASP ASVS v5 6.3 / anti-automation). Failures
 * are counted per address, per account and address, and per account, in the database shared by every
 * server process:
 *
 * - an address with 50 failures in 15 minutes (any accounts) is refused every login until its window ends;
 * - an address with 10 failures on one account in 15 minutes is refused that account until the window ends;
 * - an account with 10 failures in 15 minutes (from anywhere) is never locked: attempts on it from
 *   addresses that have failed recently get one try per 30 s between them, while an address with no
 *   recent failures (the owner's) goes straight through.
 *
 * A refused attempt is not checked and not counted; a success clears only its own account-and-address count,
 * so the owner logging in does not hand an attacker a fresh budget.
 */
export class LoginThrottle {
  constructor(private readonly limits: AuthLimiters) {}

  /** Throws 429 (with Retry-After) when this attempt may not be checked now. */
  async admit(account: string, address: string): Promise<void> {
    const { loginAddress, loginPair, loginAccount, loginAccountSlow } = this.limits;
    const [addressWait, pairWait, accountFailures, addressFailures] = await Promise.all([
      loginAddress.retryAfter(address),
      loginPair.retryAfter(pairKey(account, address)),
      loginAccount.count(account),
      loginAddress.count(address),
    ]);
    const wait = Math.max(addressWait, pairWait);
    if (wait > 0) throw tooManyRequests(wait);
    if (accountFailures >= loginAccount.limit && addressFailures > 0) {
      const slot = await loginAccountSlow.take(account);
      if (!slot.allowed) throw tooManyRequests(slot.retryAfter);
    }
  }

  async failed(account: string, address: string): Promise<void> {
    const { loginAddress, loginPair, loginAccount } = this.limits;
    await Promise.all([
      loginAddress.hit(address),
      loginPair.hit(pairKey(account, address)),
      loginAccount.hit(account),
    ]);
  }

  async succeeded(account: string, address: string): Promise<void> {
    await this.limits.loginPair.reset(pairKey(account, address));
  }
}

const pairKey = (account: string, address: string) => `${account}\n${address}`;
