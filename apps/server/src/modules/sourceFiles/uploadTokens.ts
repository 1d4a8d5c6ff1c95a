import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { RateLimiter } from '../../platform/http/rateLimiter.ts';

const HOUR = 3_600_000;

/** Signed upload URLs per user and hour (`UPLOAD_TOKENS_PER_HOUR`), counted in the database for every process. */
export const uploadTokenLimiter = (db: Db, config: Pick<Config, 'uploadTokensPerHour'>) =>
  new RateLimiter(db, 'upload_tokens', config.uploadTokensPerHour, HOUR);

/** Counts one signed upload for the user; past the hour's limit, 429 with the wait in Retry-After. */
export async function takeUploadToken(db: Db, config: Pick<Config, 'uploadTokensPerHour'>, userId: number) {
  const { allowed, retryAfter } = await uploadTokenLimiter(db, config).take(String(userId));
  if (!allowed) {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    throw new AppError(
      'rate_limited',
      `Too many uploads started: at most ${config.uploadTokensPerHour} files per hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfterSeconds: retryAfter },
    );
  }
}
