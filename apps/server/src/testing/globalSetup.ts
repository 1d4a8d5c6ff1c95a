import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db/client.ts';
import { seedReferenceData } from '../seed/reference.ts';
import { adminUrl, withDatabaseName } from './pgUrls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database each test file copies. */
    pgTemplate: string | null;
    /** PGlite: a dump of a migrated data folder each test file starts from. */
    pgliteDump: string | null;
  }
}

/**
 * Migrates one database per run and hands it to the test files as a template, so every file gets
 * its own fresh database in ~0.1 s (PostgreSQL `CREATE DATABASE … TEMPLATE`) or ~1 s (PGlite dump).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pg = (await import('pg')).default;
    const template = `lw_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ url: withDatabaseName(url, template), poolSize: 2 });
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', null);
    return async () => {
      const ownCopies = `${template.replace('lw_tpl_', 'lw_t_')}\\_%`;
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname like $2 or datname = $1`,
        [template, ownCopies],
      );
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $2 or datname = $1`,
        [template, ownCopies],
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname}`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'lw-pglite-'));
  const database = await openDatabase({});
  await database.migrate();
  await seedReferenceData(database.db);
  const file = join(dir, 'template.tar');
  const blob = await database.dumpDataDir!();
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('pgTemplate', null);
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
