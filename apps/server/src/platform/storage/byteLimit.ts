import { Transform, type TransformCallback } from 'node:stream';

/** The body carried more bytes than the cap allows (whatever its Content-Length said, if anything). */
export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload exceeds ${maxBytes} bytes`);
  }
}

/**
 * Passes bytes through and counts them, failing the stream as soon as the count passes `maxBytes`. The
 * cap is enforced on what actually streams, so a chunked body (no Content-Length) cannot bypass it.
 */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(new UploadTooLargeError(this.maxBytes));
    else done(null, chunk);
  }
}
