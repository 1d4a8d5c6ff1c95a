import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/client.ts';
import { createUser, type TestUser } from '../../testing/factories.ts';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../../testing/postgresDatabase.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

// The login throttling policy (README 'Login throttling'): a stranger's failures slow the account down for
// failing addresses but never lock the owner out; an address that keeps failing is refused.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const login = (app: TestContext['app'], user: { email: string }, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: user.email, password },
    remoteAddress: ip,
  });

/** Lets time pass for the counters: their windows started `seconds` earlier. */
const age = (db: TestContext['database']['db'], seconds: number) =>
  db.execute(sql`update rate_limits set window_start = window_start - make_interval(secs => ${seconds})`);

describe('login throttling', () => {
  it("limits an attacker's address, but the owner still logs in from their own", async () => {
    const owner = await createUser(ctx.database.db, 'inspector');
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await login(ctx.app, owner, 'wrong-guess', '10.3.0.1')).statusCode);
    // Ten failures of this account from this address, then the pair is refused without checking.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));

    const fromOwner = await login(ctx.app, owner, owner.password, '10.3.9.9');
    expect(fromOwner.statusCode).toBe(200);

    // The right password from the attacker's address is refused too until the window passes.
    const fromAttacker = await login(ctx.app, owner, owner.password, '10.3.0.1');
    expect(fromAttacker.statusCode).toBe(429);
    const wait = Number(fromAttacker.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    await age(ctx.database.db, 15 * 60 + 1);
    expect((await login(ctx.app, owner, owner.password, '10.3.0.1')).statusCode).toBe(200);
  });

  it('slows failing addresses to one try per 30 s on a targeted account, and lets clean addresses through', async () => {
    const owner = await createUser(ctx.database.db, 'project_manager');
    // Ten failures from ten addresses: the account is now targeted.
    for (let i = 1; i <= 10; i++) {
      expect((await login(ctx.app, owner, 'wrong-guess', `10.4.0.${i}`)).statusCode).toBe(403);
    }
    // A failing address gets the account's one slot of the next 30 s; the next failing address waits.
    expect((await login(ctx.app, owner, 'wrong-guess', '10.4.0.1')).statusCode).toBe(403);
    const slowed = await login(ctx.app, owner, 'wrong-guess', '10.4.0.2');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);
    // ... even with the right password: an address that has been failing is not trusted with it.
    expect((await login(ctx.app, owner, owner.password, '10.4.0.3')).statusCode).toBe(429);
    // The owner, from an address with no failures, is not slowed at all.
    expect((await login(ctx.app, owner, owner.password, '10.4.9.9')).statusCode).toBe(200);
    expect((await login(ctx.app, owner, owner.password, '10.4.9.9')).statusCode).toBe(200);
    // 30 s later the failing addresses get their next try.
    await age(ctx.database.db, 31);
    expect((await login(ctx.app, owner, owner.password, '10.4.0.3')).statusCode).toBe(200);
  });

  it('refuses an address that fails on many accounts, whatever the account', async () => {
    for (let i = 0; i < 50; i++)
      await login(ctx.app, { email: `spray-${i}@example.test` }, 'guess', '10.5.0.1');
    const someone = await createUser(ctx.database.db, 'user');
    expect((await login(ctx.app, someone, someone.password, '10.5.0.1')).statusCode).toBe(429);
    expect((await login(ctx.app, someone, someone.password, '10.5.0.2')).statusCode).toBe(200);
  });
});

describe('login throttling across server processes', () => {
  let pgdb: PostgresTestDatabase;
  let first: TestContext;
  let second: TestContext;
  let owner: TestUser;

  beforeAll(async () => {
    pgdb = await createPostgresTestDatabase();
    const open = async () => {
      const database = await openDatabase({ url: pgdb.url, poolSize: 2 });
      return { database, drop: () => database.close() };
    };
    first = await createTestApp({}, { database: await open() });
    second = await createTestApp({}, { database: await open() });
    owner = await createUser(first.database.db, 'inspector');
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await pgdb?.drop();
  });

  it('shares the counters: failures counted by one process limit the address at the other', async () => {
    for (let i = 0; i < 10; i++) {
      const app = i % 2 ? first.app : second.app;
      expect((await login(app, owner, 'wrong-guess', '10.6.0.1')).statusCode).toBe(403);
    }
    expect((await login(first.app, owner, owner.password, '10.6.0.1')).statusCode).toBe(429);
    expect((await login(second.app, owner, owner.password, '10.6.0.1')).statusCode).toBe(429);
    expect((await login(second.app, owner, owner.password, '10.6.9.9')).statusCode).toBe(200);
  });
});
