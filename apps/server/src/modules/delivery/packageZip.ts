import { createHash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { ZipFile } from 'yazl';
import { useNativeCrc32ForYazl } from './fastCrc32.ts';

useNativeCrc32ForYazl();

/** One original to put into the ZIP, opened only when the ZIP reaches it. */
export interface ZipPhoto {
  id: number;
  path: string;
  open(): Promise<Readable>;
  /** Checks the md5 (hex) of the bytes read; an error stops the ZIP before anything else is written. */
  check?(md5Hex: string): Error | null;
}

/** What went into the ZIP so far: md5 (hex) and size of each photo's bytes. */
export interface Written {
  md5Hex: Map<number, string>;
  sizes: Map<number, number>;
}

export interface ZipPlan {
  photos: readonly ZipPhoto[];
  /** Text files written after the photos; `lines` is called once the photos are all in (their md5 known). */
  after: ReadonlyArray<{ path: string; lines: (written: Written) => Iterable<string> }>;
  /** Receives the ZIP as it is made; resolves when it is stored. */
  store(body: Readable): Promise<void>;
  /** After each photo: how many are in. */
  onPhoto?(done: number): void;
  signal?: AbortSignal;
}

export interface ZipResult extends Written {
  sizeBytes: number;
}

/** Hashes and counts the bytes passing through. */
class Md5Counter extends Transform {
  private readonly hash = createHash('md5');
  bytes = 0;
  constructor(private readonly done: (md5Hex: string, bytes: number) => Error | null) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    cb(null, chunk);
  }
  override _flush(cb: TransformCallback): void {
    cb(this.done(this.hash.digest('hex'), this.bytes));
  }
}

/**
 * Writes a ZIP of the photos (stored as they are: JPEGs do not compress) and then the text files
 * (deflated), streaming: one original is open at a time and the ZIP flows to `store` as it is made, with
 * the stream's backpressure, so neither the originals nor the ZIP are ever held in memory. Zip64 is used
 * by itself past 4 GiB. Fails (and stops reading) on the first error of any source or of `store`.
 */
export async function writeZip(plan: ZipPlan): Promise<ZipResult> {
  const zip = new ZipFile();
  const md5Hex = new Map<number, string>();
  const sizes = new Map<number, number>();
  let sizeBytes = 0;
  let done = 0;
  // A PassThrough, whatever the type definitions say.
  const output = zip.outputStream as unknown as Readable;
  // The original being read, closed on failure so no file stays open.
  let current: Readable | undefined;
  const fail = (err: Error) => {
    current?.destroy();
    if (!output.destroyed) output.destroy(err);
  };
  zip.on('error', fail);
  const onAbort = () => fail(new Error('Delivery package build was interrupted'));
  if (plan.signal?.aborted) onAbort();
  plan.signal?.addEventListener('abort', onAbort, { once: true });

  for (const photo of plan.photos) {
    zip.addReadStreamLazy(photo.path, { compress: false }, (cb) => {
      photo.open().then(
        (source) => {
          current = source;
          source.on('error', fail);
          const counter = new Md5Counter((hex, bytes) => {
            const problem = photo.check?.(hex) ?? null;
            if (problem) return problem;
            md5Hex.set(photo.id, hex);
            sizes.set(photo.id, bytes);
            plan.onPhoto?.(++done);
            return null;
          });
          counter.on('error', fail);
          cb(null, source.pipe(counter));
        },
        (err: Error) => fail(err),
      );
    });
  }
  for (const file of plan.after) {
    zip.addReadStreamLazy(file.path, (cb) => {
      const text = Readable.from(file.lines({ md5Hex, sizes }), { objectMode: false });
      text.on('error', fail);
      cb(null, text);
    });
  }
  zip.end();

  const counted = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      sizeBytes += chunk.length;
      cb(null, chunk);
    },
  });
  output.on('error', (err) => counted.destroy(err));
  // The store may start listening only after an await of its own (the local driver makes the folder first):
  // an error before then (a photo failing its md5 in a tiny package) was emitted to no listener and crashed
  // the worker. It still reaches the store through the stream's errored state, and `output.errored` below.
  counted.on('error', () => {});
  try {
    await plan.store(output.pipe(counted));
  } catch (err) {
    // The store gave up (perhaps before reading anything): stop reading the sources too, quietly (nobody
    // listens to the ZIP any more).
    current?.destroy();
    output.destroy();
    counted.destroy();
    throw err;
  } finally {
    plan.signal?.removeEventListener('abort', onAbort);
  }
  if (output.errored) throw output.errored;
  return { sizeBytes, md5Hex, sizes };
}
