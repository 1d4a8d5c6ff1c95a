import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../../testing/postgresDatabase.ts';
import { TcpProxy } from '../../testing/tcpProxy.ts';
import { type Database, openDatabase } from './client.ts';

// Only a database server can be cut off, so this runs on PostgreSQL in both test runs (the machine's
// server in a PGlite run), through a relay the test controls.

let pgdb: PostgresTestDatabase;
let proxy: TcpProxy;

beforeAll(async () => {
  pgdb = await createPostgresTestDatabase();
  const target = new URL(pgdb.url);
  proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.start();
}, 60_000);
afterAll(async () => {
  await proxy.stop();
  await pgdb.drop();
});

/** Resolves to true when `promise` settles within `ms`, false otherwise. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    sleep(ms, false, { ref: false }),
  ]);

/** Tries a one-statement transaction until it succeeds or `ms` have passed; the last outcome. */
async function transactionWorksWithin(database: Database, ms: number): Promise<unknown> {
  const until = Date.now() + ms;
  let last: unknown = 'not tried';
  while (Date.now() < until) {
    try {
      await database.db.transaction((tx) => tx.execute(sql`select 1`));
      return 'ok';
    } catch (err) {
      last = (err as Error).message;
      await sleep(200);
    }
  }
  return last;
}

describe('guarded pool', () => {
  it('gives back the connection of a transaction whose begin was cut, so a pool of one serves again and closes', async () => {
    const database = await openDatabase({ url: proxy.urlFor(pgdb.url), poolSize: 1 });
    let closed = false;
    try {
      expect(await transactionWorksWithin(database, 5000)).toBe('ok');
      proxy.blackHole();
      // `begin` is sent and never answered; the watchdog finds the database gone and cuts the connection.
      await expect(database.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      proxy.restore();
      // Before the fix the only connection stayed checked out for ever: every later transaction timed out
      // waiting for a free client.
      expect(await transactionWorksWithin(database, 15_000)).toBe('ok');
      closed = await settlesWithin(database.close(), 15_000);
      expect(closed).toBe(true);
    } finally {
      proxy.restore();
      if (!closed) void database.close();
    }
  }, 60_000);

  it('lets a holder release a client whose connection died, without an error for releasing twice', async () => {
    const database = await openDatabase({ url: proxy.urlFor(pgdb.url), poolSize: 2 });
    try {
      expect(await transactionWorksWithin(database, 5000)).toBe('ok');
      // The connection dies between two statements of a transaction: the rollback fails, drizzle's release
      // comes after the pool has already taken the client back; the caller sees the outage, nothing else.
      const failure = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await proxy.stop();
          await tx.execute(sql`select 2`);
        })
        .then(
          () => 'committed',
          (err: Error) => err.message,
        );
      await proxy.start();
      expect(failure).not.toBe('committed');
      expect(failure).not.toMatch(/already been released/);
      expect(await transactionWorksWithin(database, 15_000)).toBe('ok');
    } finally {
      await proxy.start().catch(() => undefined);
      await database.close();
    }
  }, 60_000);
});
