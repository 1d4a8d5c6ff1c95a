// Starts the built server on fresh data (the e2e webServer command): an emptied data folder, and with
// E2E_DATABASE_URL (CI) a freshly made PostgreSQL database instead of the embedded PGlite one.
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
// playwright.config.ts passes PORT; started by hand, E2E_PORT (default 3210) picks it.
process.env.PORT ??= process.env.E2E_PORT ?? '3210';
if (!dataDir) throw new Error('DATA_DIR must be set');
rmSync(dataDir, { recursive: true, force: true });

const serverUrl = process.env.E2E_DATABASE_URL;
if (serverUrl) {
  // Resolved from the server's workspace, which depends on pg.
  const { createRequire } = await import('node:module');
  const pg = createRequire(new URL('../../apps/server/package.json', import.meta.url))('pg');
  const name = `lw_e2e_${process.env.PORT}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}
await import('../../apps/server/dist/main.js');
