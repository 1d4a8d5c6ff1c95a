import pg from 'pg';

/** How often a database found unreachable is tried again while requests are refused at once. */
const PROBE_EVERY_MS = 1000;
/** A statement unanswered this long makes the watchdog ask the database, on a fresh connection, if it is there. */
const SLOW_STATEMENT_MS = 2000;
/** Connecting a new client: refused after this long (a black-holed server never answers the handshake). */
const CONNECT_TIMEOUT_MS = 3000;

/** Answered at once while the database is known to be unreachable (the error handler makes it a 503). */
export class DatabaseUnreachableError extends Error {
  readonly code = '08006';
  constructor() {
    super('Connection terminated: the database is unreachable (a probe retries it every second)');
  }
}

export interface GuardedPoolOptions {
  url: string;
  max: number;
  /** Longest a statement may run: `statement_timeout` on the server, and a second more on the client. */
  queryTimeoutMs: number;
  /** Told when a connection fails, idle or checked out (the server logs it). */
  onConnectionError?: ((err: Error) => void) | undefined;
}

type Callback = (err: Error | undefined, client?: pg.PoolClient, release?: () => void) => void;
type Queryable = { query: (...args: unknown[]) => unknown; connection?: { stream?: { destroy(): void } } };

/**
 * True when the database answers a fresh connection within two seconds: `select 1` works, or the server
 * answers with an error of its own (too many clients, starting up: it is there, just busy).
 */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, query_timeout: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return (
      typeof code === 'string' &&
      /^[0-9A-Z]{5}$/.test(code) &&
      !code.startsWith('08') &&
      !code.startsWith('57P')
    );
  } finally {
    void client.end().catch(() => {});
  }
}

/**
 * A node-postgres pool that survives its database going away and answers fast while it is gone:
 * - every client gets an error listener when it connects, so a connection reset while the client is
 *   checked out (between a transaction's statements) is an error for its user, not an unhandled 'error'
 *   event that kills the process (the pool's own listener covers idle clients only);
 * - every statement has a timeout on both sides (`statement_timeout`, `query_timeout`), connecting one too;
 * - a watchdog: when a statement has waited more than 2 s, a probe (a fresh connection running `select 1`)
 *   asks whether the database is there. A long statement on a live database goes on; a black-holed or
 *   vanished one is marked unreachable: the waiting statements' connections are closed (their callers get a
 *   connection error, a 503) and checking out a client fails at once until a probe, every second, succeeds.
 */
export function createGuardedPool(opts: GuardedPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // The server cancels a slow statement first (57014, an ordinary error); the client gives up a second
    // later only when no answer comes at all.
    statement_timeout: opts.queryTimeoutMs,
    query_timeout: opts.queryTimeoutMs + 1000,
  });
  let unreachable = false;
  let checking = false;
  let ended = false;
  let retry: NodeJS.Timeout | undefined;
  /** Clients waiting for a statement's answer, with the moment it was sent. */
  const waiting = new Map<Queryable, number>();

  const cut = (client: Queryable) => client.connection?.stream?.destroy();
  const markUnreachable = () => {
    if (unreachable || ended) return;
    unreachable = true;
    for (const client of waiting.keys()) cut(client);
    waiting.clear();
    const again = async () => {
      if (ended) return;
      if (await answers(opts.url)) unreachable = false;
      else retry = setTimeout(() => void again(), PROBE_EVERY_MS).unref();
    };
    retry = setTimeout(() => void again(), PROBE_EVERY_MS).unref();
  };
  const watchdog = setInterval(() => {
    if (unreachable || checking || ended) return;
    const now = Date.now();
    if (![...waiting.values()].some((since) => now - since > SLOW_STATEMENT_MS)) return;
    checking = true;
    void answers(opts.url).then((up) => {
      checking = false;
      if (!up) markUnreachable();
    });
  }, SLOW_STATEMENT_MS / 2);
  watchdog.unref();

  // Not 'timeout exceeded when trying to connect': that one is a wait for a free client of a busy pool.
  const isTimeout = (err: unknown) =>
    err instanceof Error &&
    /Query read timeout|Connection terminated due to connection timeout/i.test(err.message);

  pool.on('connect', (pgClient) => {
    const client = pgClient as unknown as Queryable;
    pgClient.on('error', (err) => opts.onConnectionError?.(err));
    const query = client.query.bind(client);
    const settled = (err: unknown) => {
      waiting.delete(client);
      if (!isTimeout(err)) return;
      markUnreachable();
      // The timed-out statement may still be answered on this connection: never reuse it.
      cut(client);
    };
    client.query = (...args: unknown[]) => {
      waiting.set(client, Date.now());
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = (err: unknown, res: unknown) => {
          settled(err);
          (last as (e: unknown, r: unknown) => void)(err, res);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) result.then(() => settled(undefined), settled);
      else waiting.delete(client);
      return result;
    };
  });

  /**
   * A checked-out client whose connection dies goes back to the pool at once (and is removed there), and
   * its holder's own release later does nothing. Without this a connection cut while `begin` waits leaks
   * its pool slot for ever: drizzle's `transaction()` sends `begin` outside its try/finally, so nobody
   * releases that client; a handful of such cuts during an outage leave no connection to serve anything,
   * and `pool.end()` waits for the leaked ones for ever.
   */
  const releasedWhenDead = (client: pg.PoolClient): pg.PoolClient => {
    const release = client.release.bind(client);
    let released = false;
    const releaseOnce = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', onDead);
      client.removeListener('end', onEnded);
      release(err);
    };
    const onDead = (err: Error) => releaseOnce(err);
    const onEnded = () => releaseOnce(new Error('Connection ended while checked out'));
    client.on('error', onDead);
    client.on('end', onEnded);
    client.release = releaseOnce;
    return client;
  };

  const connect = pool.connect.bind(pool) as (cb?: Callback) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: (cb?: Callback) => unknown }).connect = (cb?: Callback) => {
    if (unreachable) {
      const err = new DatabaseUnreachableError();
      if (cb) {
        process.nextTick(() => cb(err, undefined, () => {}));
        return undefined;
      }
      return Promise.reject(err);
    }
    if (cb) {
      return connect((err, client) => {
        if (err && isTimeout(err)) markUnreachable();
        if (err || !client) return cb(err, client, () => {});
        const guarded = releasedWhenDead(client);
        cb(undefined, guarded, guarded.release);
      });
    }
    return connect()!.then(releasedWhenDead, (err: unknown) => {
      if (isTimeout(err)) markUnreachable();
      throw err;
    });
  };
  const end = pool.end.bind(pool);
  pool.end = (() => {
    ended = true;
    clearTimeout(retry);
    clearInterval(watchdog);
    return end();
  }) as typeof pool.end;
  return pool;
}
