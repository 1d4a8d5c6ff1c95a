import type { Readable } from 'node:stream';
import { badRequest } from '../../platform/errors.ts';

/** The most bytes the metadata step reads of a stored JPEG looking for its frame header. */
export const FRAME_SEARCH_MAX_BYTES = 16 * 1024 * 1024;
/** The largest photo accepted, in pixels (width × height): 200 megapixels. */
export const MAX_PHOTO_PIXELS = 200_000_000;

/** Refuses a photo (or an AI image) over MAX_PHOTO_PIXELS: 400 unsupported_file, saying its size. */
export function assertPixelCap(width: number, height: number): void {
  if (width * height <= MAX_PHOTO_PIXELS) return;
  throw badRequest(
    `The photo is ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); photos of at most ${MAX_PHOTO_PIXELS / 1e6} megapixels can be uploaded.`,
    'unsupported_file',
  );
}

/** Start-of-frame markers (SOF0–SOF15 but DHT C4, JPG C8 and DAC CC): their segment holds the size. */
const isFrameMarker = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * The stored pixel size (before any EXIF rotation) read from a JPEG's frame header, streaming: segments
 * before it (EXIF, XMP, a radiometric camera's data, padding) are skipped as they pass, never kept, and at
 * most `maxBytes` are read. Null when the stream is not a JPEG, ends, reaches the scan data or the cap first.
 * The stream is destroyed once the answer is known.
 */
export async function jpegFrameSize(
  stream: Readable,
  maxBytes = FRAME_SEARCH_MAX_BYTES,
): Promise<{ width: number; height: number } | null> {
  let read = 0;
  /** Bytes of the current segment still to skip. */
  let skip = 0;
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      read += chunk.length;
      let buf: Buffer = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      pending = Buffer.alloc(0);
      if (!started) {
        if (buf.length < 2) {
          pending = buf;
          continue;
        }
        if (buf[0] !== 0xff || buf[1] !== 0xd8) return null;
        started = true;
        buf = buf.subarray(2);
      }
      for (;;) {
        if (skip > 0) {
          const n = Math.min(skip, buf.length);
          skip -= n;
          buf = buf.subarray(n);
          if (skip > 0) break;
        }
        // Fill bytes (0xFF repeated) may precede a marker.
        let i = 0;
        while (i + 1 < buf.length && buf[i] === 0xff && buf[i + 1] === 0xff) i++;
        buf = buf.subarray(i);
        if (buf.length < 4) {
          pending = Buffer.from(buf);
          break;
        }
        if (buf[0] !== 0xff) return null;
        const marker = buf[1]!;
        if (marker === 0xd9 || marker === 0xda) return null;
        if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
          buf = buf.subarray(2);
          continue;
        }
        const length = buf.readUInt16BE(2);
        if (length < 2) return null;
        if (isFrameMarker(marker)) {
          if (buf.length < 9) {
            pending = Buffer.from(buf);
            break;
          }
          const height = buf.readUInt16BE(5);
          const width = buf.readUInt16BE(7);
          return width > 0 && height > 0 ? { width, height } : null;
        }
        skip = 2 + length;
      }
      if (read >= maxBytes) return null;
    }
    return null;
  } finally {
    stream.destroy();
  }
}
