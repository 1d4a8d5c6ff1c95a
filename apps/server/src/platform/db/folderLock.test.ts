import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataFolder } from './folderLock.ts';

describe('lockDataFolder', () => {
  it('refuses a folder held by another live process, and frees it on unlock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lw-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(join(dir, 'server.pid'), String(other.pid));
      expect(() => lockDataFolder(dir)).toThrow(/in use by process/);
    } finally {
      other.kill();
    }
    await new Promise((r) => other.once('exit', r));
    const unlock = lockDataFolder(dir); // the holder died: its stale file is taken over
    expect(existsSync(join(dir, 'server.pid'))).toBe(true);
    unlock();
    expect(existsSync(join(dir, 'server.pid'))).toBe(false);
  });
});
