import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../platform/db/client.ts';
import { isDatabaseUnavailable } from '../../platform/db/pgErrors.ts';
import { createUser, loginToken } from '../../testing/factories.ts';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../../testing/postgresDatabase.ts';
import { sqlRows } from '../../testing/rows.ts';
import { TcpProxy } from '../../testing/tcpProxy.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

// A PostgreSQL outage (server down, restarted, or refusing connections) is answered 503 with Retry-After,
// never 500, and the server recovers by itself when the database is back. Only a database server can go
// away, so this runs on PostgreSQL in both test runs (the machine's server in a PGlite run).

let pgdb: PostgresTestDatabase;
let proxy: TcpProxy;
let ctx: TestContext;
let token: string;
let database: Database;

beforeAll(async () => {
  pgdb = await createPostgresTestDatabase();
  const target = new URL(pgdb.url);
  proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.start();
  database = await openDatabase({ url: proxy.urlFor(pgdb.url), poolSize: 3 });
  await database.db.execute(sql`create table outage_writes (writer int not null, step int not null)`);
  ctx = await createTestApp({}, { database: { database, drop: () => database.close() } });
  token = await loginToken(ctx.app, await createUser(database.db, 'project_manager'));
}, 60_000);
afterAll(async () => {
  await proxy.start().catch(() => undefined);
  // Closing must not wait on a connection cut during the tests (guardedPool gives such clients back).
  await ctx.close();
  await proxy.stop();
  await pgdb.drop();
}, 60_000);

const listProjects = () =>
  ctx.app.inject({ url: '/api/v1/projects', headers: { authorization: `Bearer ${token}` } });

/** Asks until the answer is 200 (the pool replaces its broken connections on the next requests). */
async function recovered(): Promise<number> {
  let status = 0;
  for (let i = 0; i < 50 && status !== 200; i++) {
    status = (await listProjects()).statusCode;
    if (status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  return status;
}

function expectUnavailable(res: Awaited<ReturnType<typeof listProjects>>): void {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ code: 'service_unavailable' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('database outage', () => {
  it('answers 503 with Retry-After while the server is unreachable, and 200 again when it is back', async () => {
    expect((await listProjects()).statusCode).toBe(200);
    await proxy.stop();
    try {
      // Open connections are cut (the first request meets a dead socket), new ones are refused.
      for (let i = 0; i < 3; i++) expectUnavailable(await listProjects());
      expect((await ctx.app.inject({ url: '/api/v1/health' })).statusCode).toBe(503);
      // The login route reads the database too, and a public route must not answer 500 either.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: 'someone@example.test', password: 'whatever1' },
      });
      expectUnavailable(login);
    } finally {
      await proxy.start();
    }
    expect(await recovered()).toBe(200);
    expect((await ctx.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  }, 60_000);

  it('answers 503 while the database terminates its sessions and refuses connections', async () => {
    expect((await listProjects()).statusCode).toBe(200);
    await pgdb.admin(`alter database ${pgdb.name} allow_connections false`);
    try {
      await pgdb.admin('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
        pgdb.name,
      ]);
      for (let i = 0; i < 3; i++) expectUnavailable(await listProjects());
    } finally {
      await pgdb.admin(`alter database ${pgdb.name} allow_connections true`);
    }
    expect(await recovered()).toBe(200);
  }, 60_000);

  it.each([
    ['closed', false],
    ['reset (ECONNRESET)', true],
  ])(
    'survives connections %s under writers in flight (checked out between statements), then recovers',
    async (_, reset) => {
      // Each run counts its own writes (its steps start at 0 again).
      await database.db.execute(sql`truncate outage_writes`);
      const writers = startWriters(4);
      await sleep(300);
      await proxy.stop({ reset });
      await sleep(1000);
      await proxy.start();
      const outcome = await writers.stop();
      // The process is alive (an unhandled 'error' event of a checked-out client would have ended the run),
      // every failure was a database outage and every HTTP answer a 200 or a 503.
      expect(outcome.otherErrors).toEqual([]);
      expect(outcome.statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect(outcome.failed).toBeGreaterThan(0);
      expect(await recovered()).toBe(200);
      // A transaction's two writes were kept together or not at all.
      const torn = await sqlRows(
        database.db,
        sql`select writer, count(*)::int as n from outage_writes group by writer, step having count(*) <> 2`,
      );
      expect(torn).toEqual([]);
    },
    90_000,
  );

  it('answers 503, not a hang, while the database is black-holed with writers in flight, and recovers', async () => {
    expect((await listProjects()).statusCode).toBe(200);
    const writers = startWriters(3);
    await sleep(300);
    proxy.blackHole();
    let outcome: Awaited<ReturnType<typeof writers.stop>>;
    try {
      // Statements already sent and new requests alike: the watchdog finds the database gone and answers.
      const answers = await Promise.all([listProjects(), signUpload(), listProjects()]);
      for (const res of answers) expectUnavailable(res);
      for (let i = 0; i < 3; i++) expectUnavailable(await listProjects());
      // The writers' transactions, waiting on statements the database will never answer, end too, while it
      // is still black-holed (without the watchdog and timeouts they would wait for ever).
      outcome = await writers.stop();
    } finally {
      proxy.restore();
    }
    expect(outcome.failed).toBeGreaterThan(0);
    expect(outcome.otherErrors).toEqual([]);
    expect(outcome.statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(await recovered()).toBe(200);
  }, 90_000);
});

describe('the per-request budget', () => {
  it('answers 503 when a request is not answered in time, and nothing once it has been', async () => {
    const quick = await createTestApp(
      { REQUEST_BUDGET_MS: '300' },
      { database: { database, drop: async () => {} } },
    );
    try {
      const ask = () =>
        quick.app.inject({ url: '/api/v1/projects', headers: { authorization: `Bearer ${token}` } });
      expect((await ask()).statusCode).toBe(200);
      proxy.blackHole();
      let res: Awaited<ReturnType<typeof ask>>;
      try {
        res = await ask();
      } finally {
        proxy.restore();
      }
      expectUnavailable(res);
      expect(res.json<{ message: string }>().message).toMatch(/took too long/);
      expect(await recovered()).toBe(200);
    } finally {
      await quick.close();
    }
  }, 60_000);
});

const signUpload = () =>
  ctx.app.inject({
    url: '/api/v1/doc_upload/sign-s3?extension=csv',
    headers: { authorization: `Bearer ${token}` },
  });

/**
 * Writers in flight: each runs transactions of two inserts with a pause between them (its client checked
 * out, idle, when the connection is cut), and signs uploads through the app (a transaction of its own).
 */
function startWriters(count: number) {
  let running = true;
  let failed = 0;
  const otherErrors: string[] = [];
  const statuses: number[] = [];
  const loops = Array.from({ length: count }, async (_, writer) => {
    for (let step = 0; running; step++) {
      try {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into outage_writes values (${writer}, ${step})`);
          await sleep(15);
          await tx.execute(sql`insert into outage_writes values (${writer}, ${step})`);
        });
      } catch (err) {
        failed++;
        if (!isDatabaseUnavailable(err)) otherErrors.push(String(err));
        await sleep(50);
      }
      statuses.push((await signUpload()).statusCode);
    }
  });
  return {
    async stop() {
      running = false;
      // A writer whose statement never settles is a failure to report, not a hang of the run.
      const stuck = sleep(30_000, 'stuck', { ref: false });
      if ((await Promise.race([Promise.all(loops), stuck])) === 'stuck') {
        throw new Error('a writer never got an answer for its statement after the database came back');
      }
      return { failed, otherErrors, statuses };
    },
  };
}
