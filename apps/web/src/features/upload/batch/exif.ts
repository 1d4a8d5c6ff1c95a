import exifr from 'exifr';

/** The file's bytes could not be read at all (as opposed to bytes that are not an image). */
export class ExifReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExifReadError';
  }
}

/**
 * The metadata sits at the start of a photo (EXIF, then DJI's XMP, within the first tens of KB): read
 * the first megabyte, not the whole file, which the md5 reads anyway.
 */
const METADATA_BYTES = 1024 * 1024;

const READ_ERRORS = new Set(['NotReadableError', 'NotFoundError', 'SecurityError', 'AbortError']);

/** Keeps what JSON can carry and the server's advisory `exif` needs: numbers, text, times, short lists. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return value.length <= 2000 ? value : undefined;
  if (typeof value === 'boolean') return value;
  if (
    Array.isArray(value) &&
    value.length <= 16 &&
    value.every((v) => typeof v === 'number' || typeof v === 'string')
  )
    return value;
  return undefined;
}

export function plainExif(raw: Record<string, unknown> | undefined | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!raw) return out;
  for (const [key, value] of Object.entries(raw)) {
    const v = plain(value);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * Reads EXIF (with GPS) and XMP (DJI gimbal and altitude) of a photo in the browser. A file that is
 * not a readable image throws; a readable image without metadata gives `{}`.
 */
export async function readExif(file: Blob): Promise<Record<string, unknown>> {
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, METADATA_BYTES).arrayBuffer());
  } catch (error) {
    throw new ExifReadError(error instanceof Error ? error.message : String(error));
  }
  try {
    const raw = (await exifr.parse(head, {
      tiff: true,
      exif: true,
      gps: true,
      xmp: true,
      ihdr: true,
      icc: false,
      iptc: false,
      jfif: false,
      mergeOutput: true,
    })) as Record<string, unknown> | undefined;
    return plainExif(raw);
  } catch (error) {
    if (error instanceof DOMException && READ_ERRORS.has(error.name)) throw new ExifReadError(error.message);
    throw error;
  }
}
