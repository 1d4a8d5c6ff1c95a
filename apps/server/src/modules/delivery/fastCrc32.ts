import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

/**
 * yazl computes each entry's CRC-32 with buffer-crc32, a byte-at-a-time JavaScript loop (~60 MB/s here:
 * 1 s for 64 MB), which made it the slowest step of a delivery ZIP. Node's zlib has a native crc32 since
 * 20.15 (22 ms for the same 64 MB). yazl looks `crc32.unsigned` up on every call, so pointing that one
 * function of yazl's own copy of buffer-crc32 at zlib's speeds every entry up; both give the same unsigned
 * CRC-32 for a buffer and a previous value. The tests check every entry's CRC when they open the ZIPs.
 */
export function useNativeCrc32ForYazl(): void {
  const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
  const bufferCrc32 = fromYazl('buffer-crc32') as { unsigned: (buf: Buffer, previous?: number) => number };
  bufferCrc32.unsigned = (buf, previous) => crc32(buf, previous ?? 0);
}
