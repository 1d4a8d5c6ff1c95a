import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredFileDigest {
  /** Base64 MD5 of every byte, as the browser computes it. */
  md5: string;
  sizeBytes: number;
  /** The first `prefixBytes` bytes (fewer for a smaller file), for the metadata reader. */
  prefix: Buffer;
}

/**
 * One pass over a stored file: its MD5 (streamed, never the whole file in memory) and a copy of its first
 * bytes, where a photo keeps its EXIF and XMP.
 */
export async function digestStream(stream: Readable, prefixBytes: number): Promise<StoredFileDigest> {
  const hash = createHash('md5');
  const head: Buffer[] = [];
  let headBytes = 0;
  let sizeBytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    sizeBytes += chunk.length;
    if (headBytes < prefixBytes) {
      const part = chunk.subarray(0, prefixBytes - headBytes);
      // A copy: read streams may reuse their chunk buffers.
      head.push(Buffer.from(part));
      headBytes += part.length;
    }
  }
  return { md5: hash.digest('base64'), sizeBytes, prefix: Buffer.concat(head, headBytes) };
}

/** JPEG (FF D8 FF) or PNG (89 'PNG' CR LF 1A LF) by the file's first bytes, whatever its name says. */
export function sniffImageType(prefix: Buffer): 'image/jpeg' | 'image/png' | null {
  if (prefix.length >= 3 && prefix[0] === 0xff && prefix[1] === 0xd8 && prefix[2] === 0xff)
    return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (prefix.length >= 8 && png.every((b, i) => prefix[i] === b)) return 'image/png';
  return null;
}
