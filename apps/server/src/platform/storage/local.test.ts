import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { setImmediate as tick } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { UploadTooLargeError } from './byteLimit.ts';
import { KeyTakenError, LocalStorage } from './local.ts';

const root = mkdtempSync(join(tmpdir(), 'lw-local-'));
const storage = new LocalStorage(root, 'a-secret-of-at-least-32-characters!!');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function slow(content: string, pieces = 10): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < pieces; i++) {
        await tick();
        yield Buffer.from(content.slice((i * content.length) / pieces, ((i + 1) * content.length) / pieces));
      }
    })(),
  );
}

const partFiles = (dir: string) => readdirSync(join(root, dir)).filter((f) => f.endsWith('.part'));

describe('LocalStorage.writeNew', () => {
  it('publishes exactly one of two overlapping writes to a key; the other fails with KeyTakenError', async () => {
    const a = 'a'.repeat(10_000);
    const b = 'b'.repeat(10_000);
    const results = await Promise.allSettled([
      storage.writeNew('race/one.csv', slow(a), 1e6),
      storage.writeNew('race/one.csv', slow(b), 1e6),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(KeyTakenError);
    expect([a, b]).toContain(await text(await storage.read('race/one.csv')));
    expect(partFiles('race')).toEqual([]);
  });

  it('counts streamed bytes against the cap and leaves nothing past it', async () => {
    await expect(storage.writeNew('cap/big.csv', slow('x'.repeat(2000)), 1000)).rejects.toBeInstanceOf(
      UploadTooLargeError,
    );
    expect(await storage.exists('cap/big.csv')).toBe(false);
    expect(partFiles('cap')).toEqual([]);
    expect(await storage.writeNew('cap/fits.csv', slow('x'.repeat(1000)), 1000)).toEqual({
      sizeBytes: 1000,
      md5: createHash('md5').update('x'.repeat(1000)).digest('base64'),
    });
  });

  it('fails, keeping nothing, when the body breaks off', async () => {
    const broken = new Readable({ read() {} });
    const writing = storage.writeNew('broken/one.csv', broken, 1e6);
    broken.push('partial');
    await tick();
    broken.destroy(new Error('client went away'));
    await expect(writing).rejects.toThrow();
    expect(await storage.exists('broken/one.csv')).toBe(false);
    expect(partFiles('broken')).toEqual([]);
  });
});

describe('LocalStorage reads', () => {
  it('answers the whole file, or its first bytes (all of a shorter one)', async () => {
    await storage.write('reads/a.bin', Buffer.from('0123456789'));
    expect((await storage.readWhole('reads/a.bin')).toString()).toBe('0123456789');
    expect((await storage.readStart('reads/a.bin', 4)).toString()).toBe('0123');
    expect((await storage.readStart('reads/a.bin', 100)).toString()).toBe('0123456789');
  });
});

describe('LocalStorage signatures', () => {
  it('bind method, key, expiry and media type (parameters and case aside)', async () => {
    const url = new URL(await storage.signedPutUrl('k/a.csv', 'text/csv'), 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature')!;
    const check = (over: Partial<Parameters<LocalStorage['verify']>[0]>, now?: number) =>
      storage.verify(
        { method: 'PUT', key: 'k/a.csv', expires, signature, contentType: 'text/csv', ...over },
        now,
      );
    expect(check({})).toBe(true);
    expect(check({ contentType: 'Text/CSV; charset=utf-8' })).toBe(true);
    expect(check({ contentType: 'text/plain' })).toBe(false);
    expect(check({ key: 'k/b.csv' })).toBe(false);
    expect(check({ method: 'GET' })).toBe(false);
    expect(check({ expires: expires + 1 })).toBe(false);
    expect(check({}, (expires + 1) * 1000)).toBe(false);
  });
});
