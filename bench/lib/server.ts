import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminUrl, withDatabaseName } from '../../apps/server/src/testing/pgUrls.ts';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../../apps/server');

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

export interface RunningServer {
  baseUrl: string;
  /** The server's own database on PostgreSQL (`DATABASE_URL` runs), for setup SQL; null on PGlite. */
  databaseUrl: string | null;
  stop(): Promise<void>;
}

/**
 * The real server as users run it: the esbuild bundle (rebuilt first, so it is this checkout's code) in its
 * own process, on a fresh database with the demo data: a new PGlite folder, or a new database on the
 * PostgreSQL server of `DATABASE_URL` (dropped afterwards; see `keepDatabase`). Logs at the default level go
 * to /dev/null. (The demo data is loaded at a database's first start only.)
 */
export async function startBuiltServer(options: StartOptions = {}): Promise<RunningServer> {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: serverDir, stdio: 'ignore' });
  // The free port found may be taken by another process before the server binds it: try a few.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(await freePort(), options);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

export interface StartOptions {
  /**
   * On PostgreSQL (`DATABASE_URL`): this database instead of a fresh one, made (with the demo data) only
   * when missing and kept afterwards, so a scenario whose setup takes minutes (e.g. a 50,000-structure
   * project) can find its data from the previous run. Ignored on PGlite.
   */
  keepDatabase?: string;
}

async function startOnce(port: number, options: StartOptions): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-bench-server-'));
  let dropDatabase = async () => {};
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
  delete env.DATABASE_URL;
  // As `npm start` runs it: NODE_ENV unset (development's extra checks of every database row are off).
  delete env.NODE_ENV;
  const url = process.env.DATABASE_URL;
  if (url) {
    const kept = options.keepDatabase;
    if (kept !== undefined && !/^[a-z_][a-z0-9_]*$/.test(kept))
      throw new Error(`not a database name: ${kept}`);
    const name = kept ?? `lw_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
    env.DATABASE_URL = withDatabaseName(url, name);
    dropDatabase = async () => {
      if (kept === undefined) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, join(serverDir, 'dist/main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_START_SECONDS: more time for a machine busy with other work.
  const startSeconds = Number(process.env.BENCH_SERVER_START_SECONDS ?? 120);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the server exited with ${child.exitCode}`);
    }
    const up = await fetch(`${baseUrl}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not start within ${startSeconds} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    databaseUrl: env.DATABASE_URL ?? null,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the API and answers the session cookie (`name=value`). */
export async function loginCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('linewalker_session='));
  if (!cookie) throw new Error('login answered no session cookie');
  return cookie.split(';')[0]!;
}
