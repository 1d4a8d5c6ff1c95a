import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite does not lock its data folder, and two processes on one folder silently lose writes.
 * This pid file refuses a second server on the same folder while the first is alive.
 */
export function lockDataFolder(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'server.pid');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(file, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The data folder ${dir} is in use by process ${holder}. The embedded database allows one server per folder: ` +
          'stop the other server or set DATA_DIR to another folder.',
      );
    }
    writeFileSync(file, String(process.pid)); // a stale file from a process that died
  }
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
