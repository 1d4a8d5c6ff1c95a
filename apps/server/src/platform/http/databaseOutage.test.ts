import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/client.ts';
import { createUser, loginToken } from '../../testing/factories.ts';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../../testing/postgresDatabase.ts';
import { TcpProxy } from '../../testing/tcpProxy.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

// A PostgreSQL outage (server down, restarted, or refusing connections) is answered 503 with Retry-After,
// never 500, and the server recovers by itself when the database is back. Only a database server can go
// away, so this runs on PostgreSQL in both test runs (the machine's server in a PGlite run).

let pgdb: PostgresTestDatabase;
let proxy: TcpProxy;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  pgdb = await createPostgresTestDatabase();
  const target = new URL(pgdb.url);
  proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.start();
  const database = await openDatabase({ url: proxy.urlFor(pgdb.url), poolSize: 3 });
  ctx = await createTestApp({}, { database: { database, drop: () => database.close() } });
  token = await loginToken(ctx.app, await createUser(database.db, 'project_manager'));
}, 60_000);
afterAll(async () => {
  await proxy.start().catch(() => undefined);
  await ctx.close();
  await proxy.stop();
  await pgdb.drop();
});

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
});
