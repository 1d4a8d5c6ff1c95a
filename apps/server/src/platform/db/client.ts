import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { createGuardedPool } from './guardedPool.ts';
import { listenPostgres } from './listen.ts';
import { oneTripClient } from './pgliteOneTrip.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type every repository takes; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball (tests copy a migrated template this way). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * LISTENs on a channel (`pg_notify(channel, payload)` after commit calls `onNotify`); resolves to a
   * function that stops listening. On PostgreSQL it holds one dedicated connection that reconnects by
   * itself, so a notification sent while it is down is missed: callers poll as well.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The migrations folder, found next to the source tree or the built bundle. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

/** The longest one statement may take on PostgreSQL unless `DB_QUERY_TIMEOUT_MS` says otherwise. */
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

export interface DatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite data folder; `memory://` or undefined keeps it in memory. */
  pgliteDir?: string | undefined;
  /** A PGlite data-dir tarball to start from (tests start from a migrated template). */
  pgliteLoadDataDir?: Blob | undefined;
  poolSize?: number;
  /** PostgreSQL: the longest a statement may take (`DB_QUERY_TIMEOUT_MS`; see guardedPool.ts). */
  queryTimeoutMs?: number;
  /** Told when a PostgreSQL connection fails, idle or in use (the server logs it). */
  onIdleError?: (err: Error) => void;
  /** Sees every statement drizzle sends (tests compare the work two requests do). */
  logQuery?: (query: string, params: unknown[]) => void;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    // Error listeners on every client, timeouts on every statement, fast refusals while unreachable.
    const pool = createGuardedPool({
      url: opts.url,
      max: opts.poolSize ?? 10,
      queryTimeoutMs: opts.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
      onConnectionError: opts.onIdleError,
    });
    // An idle connection that the server drops (restart, failover, DROP DATABASE … WITH (FORCE)) is
    // reported by the pool as well; it replaces the connection on next use.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema, ...queryLogger(opts) }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: migrationsFolder() }),
      ping: () => ping(db),
      close: async () => {
        for (const stop of listeners) await stop();
        await endPool(pool);
      },
      listen: async (channel, onNotify) => {
        const stop = await listenPostgres(opts.url!, channel, onNotify, opts.onIdleError);
        const remove = async () => {
          listeners.delete(remove);
          await stop();
        };
        listeners.add(remove);
        return remove;
      },
    };
  }
  const client = await PGlite.create(opts.pgliteDir ?? 'memory://', {
    ...(opts.pgliteLoadDataDir ? { loadDataDir: opts.pgliteLoadDataDir } : {}),
  });
  // Statements in one trip into the backend each (pgliteOneTrip.ts); migrations keep PGlite's own client.
  const db = drizzlePglite({
    client: oneTripClient(client) as unknown as PGlite,
    schema,
    ...queryLogger(opts),
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db),
    close: () => client.close(),
    dumpDataDir: async () => {
      const dump = await client.dumpDataDir('none');
      return dump;
    },
    listen: (channel, onNotify) => client.listen(channel, onNotify),
  };
}

const queryLogger = (opts: DatabaseOptions) => (opts.logQuery ? { logger: { logQuery: opts.logQuery } } : {});

/**
 * Ends the pool and waits until every connection has really closed: `pool.end()` resolves as soon as the
 * clients are asked to end, and a DROP DATABASE … WITH (FORCE) right after it (the tests) would kill a
 * connection still closing, which then surfaces as an unhandled 57P01 error.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed =
    open === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          pool.on('remove', () => {
            if (--open <= 0) resolve();
          });
        });
  await pool.end();
  // Bounded: a connection cut mid-statement (an outage) may never report its removal.
  await Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, 5000).unref())]);
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
