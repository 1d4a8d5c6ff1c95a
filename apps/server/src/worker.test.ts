import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetJob } from './modules/auth/passwordReset.job.ts';
import type { Database } from './platform/db/client.ts';
import { jobs } from './platform/db/schema/index.ts';
import { enqueue } from './platform/jobs/enqueue.ts';
import { waitFor } from './testing/jobs.ts';
import { openTestDatabase } from './testing/testApp.ts';

/** `npm run worker` is `node dist/worker.js`; from the sources the same file runs through tsx. */
function startWorker(env: Record<string, string | undefined>) {
  const { DATABASE_URL: _omitted, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'worker.ts')], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...inherited, DATA_DIR: dataDir, JWT_SECRET: 'w'.repeat(40), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exit, stderr: () => stderr };
}

let dataDir: string;
let database: Database;
let drop: () => Promise<void>;
let url: string | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lw-worker-'));
  ({ database, drop, url } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run worker', () => {
  it('refuses to start without DATABASE_URL, saying why', async () => {
    const worker = startWorker({});
    expect(await worker.exit).toBe(1);
    expect(worker.stderr()).toMatch(/needs DATABASE_URL/);
  }, 60_000);

  it('on PostgreSQL runs queued jobs and stops cleanly on SIGTERM (on PGlite: refuses)', async () => {
    if (!url) {
      const worker = startWorker({ DATA_DIR: dataDir });
      expect(await worker.exit).toBe(1);
      return;
    }
    const { id } = await enqueue(database.db, passwordResetJob, {
      kind: 'forgot',
      email: 'nobody@example.test',
      requestedFrom: null,
    });
    const worker = startWorker({ DATABASE_URL: url, JOB_WORKERS: '1' });
    const done = await waitFor(
      async () => {
        const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
        return row?.state === 'succeeded' ? row : undefined;
      },
      'the worker process to run the job',
      60_000,
    );
    expect(done.lockedBy).toBeNull();
    worker.child.kill('SIGTERM');
    expect(await worker.exit).toBe(0);
  }, 90_000);
});
