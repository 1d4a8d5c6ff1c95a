import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../testing/rows.ts';
import { openTestDatabase } from '../../testing/testApp.ts';
import type { Database } from './client.ts';
import { withTransaction } from './transaction.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(sql`create table tx_probe (id int primary key, n int not null)`);
  await database.db.execute(sql`insert into tx_probe values (1, 0), (2, 0)`);
});
afterAll(() => drop());

/** Fails the transaction with a real PostgreSQL error of the given SQLSTATE. */
const raise = (code: string) =>
  sql.raw(`do $$ begin raise exception 'probe failure' using errcode = '${code}'; end $$`);

describe('withTransaction', () => {
  it('runs a transaction again after a serialization failure (40001), with its changes rolled back', async () => {
    let attempts = 0;
    const result = await withTransaction(database.db, async (tx) => {
      attempts++;
      await tx.execute(sql`update tx_probe set n = n + 1 where id = 1`);
      if (attempts === 1) await tx.execute(raise('40001'));
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(2);
    const [row] = await sqlRows<{ n: number }>(database.db, sql`select n from tx_probe where id = 1`);
    expect(row!.n).toBe(1);
  });

  it('gives up after the given number of retries and passes the error on', async () => {
    let attempts = 0;
    await expect(
      withTransaction(
        database.db,
        async (tx) => {
          attempts++;
          await tx.execute(raise('40P01'));
        },
        { retries: 2, backoffMs: 1 },
      ),
    ).rejects.toThrow();
    expect(attempts).toBe(3);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    await expect(
      withTransaction(database.db, async (tx) => {
        attempts++;
        await tx.execute(raise('23505'));
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });

  it('resolves a real deadlock: both transactions end up committed', async () => {
    let attempts = 0;
    // Each locks one row, waits, then wants the other's row: on PostgreSQL one of them is chosen as the
    // deadlock victim and run again; on PGlite (one connection) they simply run one after the other.
    const crossing = (first: number, second: number) =>
      withTransaction(database.db, async (tx) => {
        attempts++;
        await tx.execute(sql`update tx_probe set n = n + 1 where id = ${first}`);
        await tx.execute(sql`select pg_sleep(0.3)`);
        await tx.execute(sql`update tx_probe set n = n + 1 where id = ${second}`);
      });
    const before = await sqlRows<{ n: number }>(database.db, sql`select n from tx_probe order by id`);
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    const after = await sqlRows<{ n: number }>(database.db, sql`select n from tx_probe order by id`);
    expect(after.map((r) => r.n)).toEqual(before.map((r) => r.n + 2));
    if (database.kind === 'postgres') expect(attempts).toBeGreaterThan(2);
    else expect(attempts).toBe(2);
  }, 30_000);
});
