import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../testing/rows.ts';
import { openTestDatabase } from '../../testing/testApp.ts';
import type { Database } from '../db/client.ts';
import { RateLimiter } from './rateLimiter.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

let bucketSeq = 0;
const bucket = () => `test_${++bucketSeq}`;

describe('RateLimiter (counters in the database)', () => {
  it('blocks a key after its limit until the window ends, then starts over', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(database.db, bucket(), 3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(await limiter.retryAfter('a')).toBe(0);
      await limiter.hit('a');
    }
    expect(await limiter.retryAfter('a')).toBe(60);
    expect(await limiter.retryAfter('b')).toBe(0);
    now += 45_000;
    expect(await limiter.retryAfter('a')).toBe(15);
    now += 15_000;
    expect(await limiter.retryAfter('a')).toBe(0);
    expect(await limiter.count('a')).toBe(0);
    expect((await limiter.hit('a')).count).toBe(1);
    expect(await limiter.retryAfter('a')).toBe(0);
  });

  it('forgets a key on reset', async () => {
    const limiter = new RateLimiter(database.db, bucket(), 1, 60_000);
    await limiter.hit('a');
    expect(await limiter.retryAfter('a')).toBeGreaterThan(0);
    await limiter.reset('a');
    expect(await limiter.retryAfter('a')).toBe(0);
  });

  it('counts every one of many simultaneous hits, and take() lets exactly the limit through', async () => {
    const name = bucket();
    // Two limiters on the same bucket stand for two server processes.
    const first = new RateLimiter(database.db, name, 5, 60_000);
    const second = new RateLimiter(database.db, name, 5, 60_000);
    const taken = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).take('k')));
    expect(taken.filter((t) => t.allowed)).toHaveLength(5);
    expect(taken.filter((t) => !t.allowed).every((t) => t.retryAfter > 0)).toBe(true);
    expect(await first.count('k')).toBe(20);
  });

  it('stores hashed keys only, and a sweep deletes ended windows', async () => {
    let now = 5_000_000;
    const name = bucket();
    const limiter = new RateLimiter(database.db, name, 3, 1_000, () => now);
    await limiter.hit('pilot@example.test');
    const rows = await sqlRows<{ key: string }>(
      database.db,
      sql`select key from rate_limits where bucket = ${name}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).not.toContain('pilot');
    now += 2_000; // past the first window
    await limiter.hit('other');
    expect(await limiter.sweep()).toBe(1);
    const left = await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from rate_limits where bucket = ${name}`,
    );
    expect(left[0]!.n).toBe(1);
  });
});
