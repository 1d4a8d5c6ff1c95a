import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage } from './storage.ts';

/**
 * Files in a folder; signed URLs point at the server's own /api/v1/files routes. They are relative
 * (`/api/v1/files/…`), so the browser uploads to whichever address it reached the app at.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  private readonly signingKey: string;

  constructor(
    private readonly root: string,
    secret: string,
  ) {
    this.signingKey = `storage:${secret}`;
  }

  private path(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  signature(method: 'PUT' | 'GET', key: string, expires: number): string {
    return createHmac('sha256', this.signingKey).update(`${method}\n${key}\n${expires}`).digest('base64url');
  }

  /** True when a signed URL's parameters are genuine and unexpired. */
  verify(method: 'PUT' | 'GET', key: string, expires: number, signature: string): boolean {
    if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.signature(method, key, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(method: 'PUT' | 'GET', key: string, expiresSeconds: number): string {
    assertSafeKey(key);
    const expires = Math.floor(Date.now() / 1000) + expiresSeconds;
    const sig = this.signature(method, key, expires);
    return `/api/v1/files/${key}?expires=${expires}&signature=${sig}`;
  }

  async signedPutUrl(key: string, _contentType: string, expiresSeconds = 900): Promise<string> {
    return this.sign('PUT', key, expiresSeconds);
  }

  async signedGetUrl(key: string, expiresSeconds = 3600): Promise<string> {
    return this.sign('GET', key, expiresSeconds);
  }

  async read(key: string): Promise<Readable> {
    const path = this.path(key);
    await access(path);
    return createReadStream(path);
  }

  /** Writes to a temporary file and renames it, so a reader never sees half a file. */
  async write(key: string, body: Buffer | Readable): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.${Date.now()}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(tmp));
      await rename(tmp, path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.path(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
