/// <reference lib="webworker" />
import { md5Base64 } from './md5.ts';

/** Hashes files off the main thread: `{id, file}` in, `{id, md5}` or `{id, error}` out. */
export interface Md5Request {
  id: number;
  file: Blob;
}
export type Md5Reply = { id: number; md5: string } | { id: number; error: string; name: string };

self.onmessage = async (event: MessageEvent<Md5Request>) => {
  const { id, file } = event.data;
  try {
    self.postMessage({ id, md5: await md5Base64(file) } satisfies Md5Reply);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    self.postMessage({ id, error: e.message, name: e.name } satisfies Md5Reply);
  }
};
