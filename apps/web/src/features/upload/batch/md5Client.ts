import { md5Base64 } from './md5.ts';
import type { Md5Reply, Md5Request } from './md5.worker.ts';

/** An error reading the file's bytes (the file was moved, deleted or is unreadable). */
export class FileReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileReadError';
  }
}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (md5: string) => void; reject: (error: Error) => void }>();

function md5Worker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (event: MessageEvent<Md5Reply>) => {
    const reply = event.data;
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    if ('md5' in reply) pending.resolve(reply.md5);
    else pending.reject(new FileReadError(reply.error));
  };
  w.onerror = () => {
    // A broken worker fails what it holds; the next file starts a fresh one.
    for (const pending of waiting.values()) pending.reject(new FileReadError('The file could not be read.'));
    waiting.clear();
    w.terminate();
    worker = null;
  };
  worker = w;
  return w;
}

/**
 * Base64 MD5 of a file, computed in a Web Worker (hash-wasm) so hashing thousands of photos never
 * blocks the page. Where workers are missing (tests in happy-dom) it hashes on the calling thread.
 */
export function hashFile(file: Blob): Promise<string> {
  if (typeof Worker === 'undefined') {
    return md5Base64(file).catch((error: unknown) => {
      throw new FileReadError(error instanceof Error ? error.message : String(error));
    });
  }
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    md5Worker().postMessage({ id, file } satisfies Md5Request);
  });
}
