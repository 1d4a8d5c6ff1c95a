import type { Storage } from './storage.ts';

/**
 * What a decoder (sharp/libvips) is given for a stored file: its path on the local driver, so libvips reads
 * only as far as it needs, off the event loop, and a file of hundreds of MB (JPEG padding segments are legal)
 * never becomes one buffer; on S3 the whole object in one buffer.
 */
export async function decoderInput(storage: Storage, key: string): Promise<string | Buffer> {
  return storage.localPath(key) ?? (await storage.readWhole(key));
}
