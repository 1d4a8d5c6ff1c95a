import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window attempt counters (login and reset throttling), shared by every server process on the
 * database. `key` is a SHA-256 of what is counted (an account, an address, a pair), never the text itself.
 * Rows whose window has ended are deleted from time to time.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.key] }),
    index('rate_limits_window_start').on(t.bucket, t.windowStart),
  ],
);
