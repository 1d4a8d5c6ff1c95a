import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { OPERATING_COMPANY_ID, ROLE_IDS } from '@linewalker/domain';
import { count } from 'drizzle-orm';
import { seedReferenceData } from '../seed/reference.ts';
import { hashPassword } from './auth/password.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { lockDataFolder } from './db/folderLock.ts';
import { users } from './db/schema/index.ts';

export interface BootstrapLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    return openDatabase({
      url: config.databaseUrl,
      queryTimeoutMs: config.dbQueryTimeoutMs,
      onIdleError: (err) =>
        process.stderr.write(`PostgreSQL connection lost (the pool reconnects): ${err.message}\n`),
    });
  }
  const unlock = lockDataFolder(config.dataDir);
  const database = await openDatabase({ pgliteDir: join(config.dataDir, 'pgdata') });
  const close = database.close;
  database.close = async () => {
    await close();
    unlock();
  };
  return database;
}

/**
 * Brings a database to a usable state: migrations, reference rows, and on an empty database the
 * first super admin (and the demo data set unless it is turned off).
 */
/** Migrates and seeds; answers true when it has just loaded the demo data (an empty database). */
export async function prepareDatabase(
  database: Database,
  config: Config,
  log: BootstrapLog,
): Promise<boolean> {
  await database.migrate();
  await seedReferenceData(database.db);
  const [row] = await database.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;

  const generated = !config.adminPassword;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await database.db.insert(users).values({
    companyId: OPERATING_COMPANY_ID,
    roleId: ROLE_IDS.superAdmin,
    firstName: 'Site',
    lastName: 'Administrator',
    email: config.adminEmail,
    passwordHash: await hashPassword(password),
  });
  if (generated) {
    // Printed once, on the console only (never to the structured log), so the operator can log in.
    process.stdout.write(
      `\n  First start: super admin ${config.adminEmail} created with password: ${password}\n` +
        '  Set ADMIN_PASSWORD to choose it yourself. This password is not shown again.\n\n',
    );
  } else {
    log.info(`First start: super admin ${config.adminEmail} created from ADMIN_EMAIL / ADMIN_PASSWORD`);
  }
  if (config.demoData) {
    const { loadDemoData } = await import('../seed/demo.ts');
    const started = Date.now();
    await loadDemoData(database.db);
    log.info(`Demo data loaded in ${Date.now() - started} ms (see README for the demo accounts)`);
    return true;
  }
  return false;
}
