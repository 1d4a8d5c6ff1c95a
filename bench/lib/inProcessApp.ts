import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../../apps/server/src/app.ts';
import { hashPassword } from '../../apps/server/src/platform/auth/password.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { sqlRows } from '../../apps/server/src/testing/rows.ts';

/** The real app in this process over a bench database, and its user's bearer headers for `inject`. */
export interface InProcessApp {
  app: App;
  headers: { authorization: string };
  /** The logged-in user. */
  userId: number;
  close(): Promise<void>;
}

/**
 * Builds the app on `database` (no web bundle, no job workers, silent) and logs in a new user of the
 * operating company (an inspector unless `roleId` says otherwise), named by `tag` (unique per scenario).
 * `close` stops the app and removes its data folder; the database stays the caller's.
 */
export async function startInProcessApp(
  database: Database,
  tag: string,
  roleId: number = ROLE_IDS.inspector,
): Promise<InProcessApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `lw-bench-${tag}-`));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: join(dataDir, 'no-web'),
    JOB_WORKERS: '0',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const email = `bench-${tag}@example.com`;
  const password = 'bench-password-1234';
  const [user] = await sqlRows<{ id: number }>(
    database.db,
    sql`insert into users (company_id, role_id, first_name, last_name, email, password_hash)
      values (1, ${roleId}, 'Bench', 'User', ${email}, ${await hashPassword(password)}) returning id`,
  );
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email, password },
  });
  const token = login.json().token as string | undefined;
  if (!token) throw new Error(`bench login failed: ${login.statusCode} ${login.body}`);
  return {
    app,
    headers: { authorization: `Bearer ${token}` },
    userId: user!.id,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
