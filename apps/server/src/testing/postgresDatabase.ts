import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase } from '../platform/db/client.ts';
import { seedReferenceData } from '../seed/reference.ts';
import { adminUrl, withDatabaseName } from './pgUrls.ts';

/** The machine's PostgreSQL (STACK-NOTES): used when a PGlite run needs a real server (outages, two processes). */
const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PostgresTestDatabase {
  /** postgres:// URL of a fresh, migrated database of its own. */
  url: string;
  name: string;
  /** Runs administrative SQL (ALTER DATABASE, pg_terminate_backend) on the server. */
  admin(sqlText: string, values?: unknown[]): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database for tests about things only a database server has: it can go away (outage
 * tests) and several server processes can share it. Copies the run's template under DATABASE_URL; in a
 * PGlite run it migrates a new database on the machine's PostgreSQL.
 */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const pg = (await import('pg')).default;
  const base = process.env.DATABASE_URL ?? MACHINE_POSTGRES;
  const template = inject('pgTemplate');
  const name = template
    ? `${template.replace('lw_tpl_', 'lw_t_')}_${randomBytes(6).toString('hex')}`
    : `lw_pgtest_${randomBytes(6).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: adminUrl(base) });
  await adminClient.connect();
  const url = withDatabaseName(base, name);
  if (template) {
    await adminClient.query(`create database ${name} template ${template}`);
  } else {
    await adminClient.query(`create database ${name}`);
    const database = await openDatabase({ url, poolSize: 2 });
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
  }
  return {
    url,
    name,
    admin: async (sqlText, values) => {
      await adminClient.query(sqlText, values);
    },
    drop: async () => {
      await adminClient.query(`alter database ${name} allow_connections true`);
      await adminClient.query(`drop database if exists ${name} with (force)`);
      await adminClient.end();
    },
  };
}
