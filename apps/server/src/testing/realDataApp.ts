import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { type Database, openDatabase } from '../platform/db/client.ts';
import { seedReferenceData } from '../seed/reference.ts';

/** The shared real-data folder (../shared/data/real beside the checkout), read at run time, never copied. */
export const REAL_DATA =
  process.env.REAL_DATA_DIR ?? path.resolve(import.meta.dirname, '../../../../../shared/data/real');

export interface RealDataApp {
  app: App;
  database: Database;
  close: () => Promise<void>;
}

/**
 * The real server on an embedded database and a files folder of its own, for the real-data suites
 * (`npm run test:real` has no template database): migrated, reference data seeded, ready for inject.
 */
export async function openRealDataApp(folderPrefix: string): Promise<RealDataApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), folderPrefix));
  const database = await openDatabase({});
  await database.migrate();
  await seedReferenceData(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'real-data-secret-real-data-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
