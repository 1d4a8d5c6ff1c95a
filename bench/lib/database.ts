import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/platform/db/client.ts';
import { seedReferenceData } from '../../apps/server/src/seed/reference.ts';
import { adminUrl, withDatabaseName } from '../../apps/server/src/testing/pgUrls.ts';

/** What the database scenarios run on: PostgreSQL when `DATABASE_URL` is set, else embedded PGlite. */
export const databaseKind = (): string =>
  process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (in memory)';

/**
 * A fresh database with the schema and reference data. On PGlite an in-memory one (the embedded database
 * the product runs on by default, no files left behind); with `DATABASE_URL` a new database on that
 * server, dropped again on close.
 */
export async function openBenchDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return prepared(await openDatabase({ pgliteDir: 'memory://' }));
  const name = `lw_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url: withDatabaseName(url, name), poolSize: 4 });
  return prepared({
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  });
}

async function prepared(database: Database): Promise<Database> {
  await database.migrate();
  await seedReferenceData(database.db);
  return database;
}
