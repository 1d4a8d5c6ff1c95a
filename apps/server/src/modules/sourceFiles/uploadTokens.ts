import type { SQL } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { type HitRow, RateLimiter } from '../../platform/http/rateLimiter.ts';

const HOUR = 3_600_000;

/** Signed upload URLs per user and hour (`UPLOAD_TOKENS_PER_HOUR`), counted in the database for every process. */
export const uploadTokenLimiter = (db: Db, config: Pick<Config, 'uploadTokensPerHour'>) =>
  new RateLimiter(db, 'upload_tokens', config.uploadTokensPerHour, HOUR);

/**
 * Counts one signed upload for the user, in the statement that registers it (`when`: SQL, counting only
 * if it holds): `allowed` guards the registration, and `check` throws past the hour's limit, 429 with the
 * wait in Retry-After.
 */
export function countUploadToken(
  db: Db,
  config: Pick<Config, 'uploadTokensPerHour'>,
  userId: number,
  when: SQL,
) {
  const take = uploadTokenLimiter(db, config).takeWithin(String(userId), when);
  return {
    statement: take.statement,
    allowed: take.allowed,
    check(row: HitRow): void {
      const { allowed, retryAfter } = take.answer(row);
      if (allowed) return;
      const minutes = Math.max(1, Math.ceil(retryAfter / 60));
      throw new AppError(
        'rate_limited',
        `Too many uploads started: at most ${config.uploadTokensPerHour} files per hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { retryAfterSeconds: retryAfter },
      );
    },
  };
}
