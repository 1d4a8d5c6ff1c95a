import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_COOKIE } from '@linewalker/domain';
import { inject } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import { type Database, type DatabaseOptions, openDatabase } from '../platform/db/client.ts';
import { adminUrl, withDatabaseName } from './pgUrls.ts';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A fresh database for one test file: a copy of the migrated template on PostgreSQL or PGlite. */
export async function openTestDatabase(options: Pick<DatabaseOptions, 'logQuery'> = {}): Promise<{
  database: Database;
  drop(): Promise<void>;
  /** PostgreSQL: this database's URL (another process can connect to it). */
  url?: string;
}> {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const pg = (await import('pg')).default;
    // Named after this run's template, so a run's teardown drops only its own databases.
    const name = `${template.replace('lw_tpl_', 'lw_t_')}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const database = await openDatabase({ url: withDatabaseName(url, name), poolSize: 5, ...options });
    return {
      database,
      url: withDatabaseName(url, name),
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('globalSetup provided no database template');
  const database = await openDatabase({ pgliteLoadDataDir: new Blob([readFileSync(dump)]), ...options });
  return { database, drop: () => database.close() };
}

export interface TestAppOptions extends Pick<DatabaseOptions, 'logQuery'> {
  /** A database opened by the test (e.g. through a relay it can cut); closed with the app. */
  database?: { database: Database; drop(): Promise<void> };
  /** The clock date rules read (a project's today). */
  now?: () => Date;
}

/** A test app on a fresh database (or `options.database`), with `options.now` as its clock. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: join(dataDir, 'no-web'),
    ...env,
  });
  const { database, drop } =
    options.database ?? (await openTestDatabase(options.logQuery ? { logQuery: options.logQuery } : {}));
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the session cookie a login answer set. */
export function sessionCookie(setCookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith(`${AUTH_COOKIE}=`));
  return found?.split(';')[0]?.slice(AUTH_COOKIE.length + 1);
}
