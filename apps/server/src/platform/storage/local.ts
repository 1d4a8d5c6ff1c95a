import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { access, link, mkdir, open, opendir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteLimit } from './byteLimit.ts';
import { assertSafeKey, mediaType, type Storage } from './storage.ts';

/** Another upload already stored a file under this key; the first one stays as it was. */
export class KeyTakenError extends Error {
  constructor(readonly key: string) {
    super(`a file is already stored under ${key}`);
  }
}

type Method = 'PUT' | 'GET';

/** A temporary file of `write`/`writeNew`: the key, a UUID, `.part`. */
const TEMPORARY = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;

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

  /** HMAC over method, exact key, expiry and (PUT) media type: changing any of them breaks it. */
  private signature(method: Method, key: string, expires: number, contentType: string): string {
    return createHmac('sha256', this.signingKey)
      .update(`${method}\n${key}\n${expires}\n${method === 'PUT' ? mediaType(contentType) : ''}`)
      .digest('base64url');
  }

  /**
   * True when a signed URL's parameters are genuine and unexpired for this key and, for PUT, for the
   * request's Content-Type. `now` is injectable for tests.
   */
  verify(
    request: { method: Method; key: string; expires: number; signature: string; contentType?: string },
    now = Date.now(),
  ): boolean {
    const { method, key, expires, signature } = request;
    if (!Number.isFinite(expires) || expires < now / 1000) return false;
    const expected = Buffer.from(this.signature(method, key, expires, request.contentType ?? ''));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(method: Method, key: string, expiresSeconds: number, contentType = ''): string {
    assertSafeKey(key);
    const expires = Math.floor(Date.now() / 1000) + expiresSeconds;
    const sig = this.signature(method, key, expires, contentType);
    return `/api/v1/files/${key}?expires=${expires}&signature=${sig}`;
  }

  async signedPutUrl(key: string, contentType: string, expiresSeconds = 900): Promise<string> {
    return this.sign('PUT', key, expiresSeconds, contentType);
  }

  async signedGetUrl(key: string, expiresSeconds = 60): Promise<string> {
    return this.sign('GET', key, expiresSeconds);
  }

  async read(key: string): Promise<Readable> {
    const path = this.path(key);
    await access(path);
    return createReadStream(path);
  }

  async readRange(key: string, start: number, end: number): Promise<Readable> {
    const path = this.path(key);
    await access(path);
    return createReadStream(path, { start, end });
  }

  readWhole(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  localPath(key: string): string {
    return this.path(key);
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    const file = await open(this.path(key));
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await file.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  /** Writes to a temporary file and renames it, so a reader never sees half a file. */
  async write(key: string, body: Buffer | Readable): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomUUID()}.part`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(tmp, body);
      else await pipeline(body, createWriteStream(tmp));
      await rename(tmp, path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  /**
   * Stores an uploaded body under `key` only if no file is there yet, and answers its size and the base64
   * MD5 of exactly the bytes stored (hashed as they stream, so nobody has to read them back). The body
   * streams into a temporary file of its own (two racing uploads never share one), counted against
   * `maxBytes` (UploadTooLargeError past it); a hard link then publishes it, which fails when the key
   * already has a file (KeyTakenError): the first upload wins whole and is never overwritten. Nothing
   * partial remains on any failure.
   */
  async writeNew(key: string, body: Readable, maxBytes: number): Promise<{ sizeBytes: number; md5: string }> {
    const path = this.path(key);
    const tmp = `${path}.${randomUUID()}.part`;
    const limit = new ByteLimit(maxBytes);
    // Its errors surface through the pipeline below, which may start only after the body has failed.
    limit.on('error', () => {});
    // Piped rather than in the pipeline: a refused body must not destroy the request, whose connection
    // still has to carry the answer. A client that goes away mid-body fails the write. Listening starts
    // before any await, so a body that breaks off meanwhile is noticed too.
    const abort = (err?: Error) => limit.destroy(err ?? new Error('upload aborted'));
    const closed = () => {
      if (!body.readableEnded) abort();
    };
    body.once('error', abort);
    body.once('close', closed);
    let file: WriteStream | undefined;
    try {
      await mkdir(dirname(path), { recursive: true });
      file = createWriteStream(tmp, { flags: 'wx' });
      // Open before the first chunk, so its write starts at once (alongside its hashing, see ByteLimit)
      // instead of waiting behind it for the open's callback.
      await once(file, 'ready');
      const written = pipeline(limit, file);
      if (body.destroyed) closed();
      else body.pipe(limit);
      await written;
      await link(tmp, path).catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'EEXIST' ? new KeyTakenError(key) : err;
      });
      return { sizeBytes: limit.bytes, md5: limit.md5() };
    } finally {
      body.unpipe(limit);
      body.off('error', abort);
      body.off('close', closed);
      // A failed pipeline rejects before the file stream has finished opening (it opens asynchronously);
      // removing the temp file before it closes would let the open create it again afterwards.
      if (file && !file.closed) await new Promise<void>((resolve) => file!.once('close', () => resolve()));
      await rm(tmp, { force: true });
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? s.size : null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  /** Walks the storage folder for `.part` files (`write` and `writeNew` name them so) older than `olderThan`. */
  async removeStaleTemporary(olderThan: Date): Promise<number> {
    let removed = 0;
    const walk = async (dir: string): Promise<void> => {
      let entries: Awaited<ReturnType<typeof opendir>>;
      try {
        entries = await opendir(dir);
      } catch {
        return;
      }
      for await (const entry of entries) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile() && TEMPORARY.test(entry.name)) {
          const s = await stat(path).catch(() => null);
          if (s && s.mtime < olderThan) {
            await rm(path, { force: true });
            removed++;
          }
        }
      }
    };
    await walk(this.root);
    return removed;
  }
}
