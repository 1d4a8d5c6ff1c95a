import type { Readable } from 'node:stream';
import { type Header, PMTiles, type RangeResponse, type Source, TileType } from 'pmtiles';
import type { Storage } from '../../platform/storage/storage.ts';

/** A stored PMTiles archive read with range requests to storage (the `pmtiles` reader's data source). */
class StorageSource implements Source {
  constructor(
    private readonly storage: Storage,
    private readonly key: string,
    private readonly size: number,
  ) {}

  getKey(): string {
    return this.key;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const end = Math.min(offset + length, this.size) - 1;
    if (end < offset) return { data: new ArrayBuffer(0) };
    const bytes = Buffer.concat(await (await this.storage.readRange(this.key, offset, end)).toArray());
    return { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer };
  }
}

export interface ExtractInfo {
  tileType: 'vector' | 'raster';
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
}

const RASTER_TYPES = new Set([TileType.Png, TileType.Jpeg, TileType.Webp]);
const NOT_PMTILES = 'it is not a PMTiles archive (a .pmtiles file starts with the word PMTiles)';
/** Where a PMTiles archive's header and root directory must end (the spec's first request). */
const ROOT_DIRECTORY_LIMIT = 16_384;

/**
 * Reads an uploaded file as a PMTiles (version 3) archive: its header, its root directory and metadata
 * (so a truncated or corrupt archive is refused now, not when a map asks for a tile). Answers what the maps
 * need, or the reason it cannot be used.
 */
export async function readExtract(
  storage: Storage,
  key: string,
  size: number,
): Promise<{ ok: true; info: ExtractInfo } | { ok: false; reason: string }> {
  let header: Header;
  try {
    // Readers fetch the header and root directory in one first request of 16 KiB (the format requires the
    // directory to fit); past that the reader fails with a varint error that explains nothing.
    const start =
      size >= 127 ? Buffer.concat(await (await storage.readRange(key, 0, 126)).toArray()) : Buffer.alloc(0);
    // Another kind of file (the usual mistake: a .mbtiles, a ZIP, an image): say so in words, not with the
    // reader's 'Wrong magic number for PMTiles archive'.
    if (start.length < 127 || start.toString('ascii', 0, 7) !== 'PMTiles')
      return { ok: false, reason: NOT_PMTILES };
    if (start[7] === 3) {
      const rootEnd = Number(start.readBigUInt64LE(8) + start.readBigUInt64LE(16));
      if (rootEnd > ROOT_DIRECTORY_LIMIT)
        return {
          ok: false,
          reason:
            'its root directory ends past the first 16 KiB, which PMTiles version 3 does not allow (write it again with a current tool, e.g. pmtiles convert)',
        };
    }
    const archive = new PMTiles(new StorageSource(storage, key, size));
    header = await archive.getHeader();
    if (header.specVersion !== 3)
      return { ok: false, reason: `PMTiles version ${header.specVersion} (3 is read)` };
    const ends = [
      header.rootDirectoryOffset + header.rootDirectoryLength,
      header.jsonMetadataOffset + header.jsonMetadataLength,
      header.tileDataOffset + (header.tileDataLength ?? 0),
    ];
    if (ends.some((end) => end > size))
      return { ok: false, reason: 'the file is shorter than its header says' };
    await archive.getMetadata();
    // The root directory must decompress too.
    await archive.getZxyAttempt(header.minZoom, 0, 0);
  } catch (cause) {
    // The reader's own words, after ours: they name the damage for whoever rebuilds the file.
    const detail = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, reason: `the archive is damaged and cannot be read (${detail})` };
  }
  const tileType =
    header.tileType === TileType.Mvt ? 'vector' : RASTER_TYPES.has(header.tileType) ? 'raster' : null;
  if (!tileType)
    return { ok: false, reason: 'its tiles are neither vector (MVT) nor PNG, JPEG or WebP images' };
  const zoomsOk = header.minZoom >= 0 && header.maxZoom <= 30 && header.minZoom <= header.maxZoom;
  const boundsOk =
    header.minLon >= -180 &&
    header.maxLon <= 180 &&
    header.minLat >= -90 &&
    header.maxLat <= 90 &&
    header.minLon < header.maxLon &&
    header.minLat < header.maxLat;
  if (!zoomsOk || !boundsOk) return { ok: false, reason: 'its zoom levels or bounds are out of range' };
  return {
    ok: true,
    info: {
      tileType,
      minZoom: header.minZoom,
      maxZoom: header.maxZoom,
      bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
    },
  };
}

/** One byte range of a `size`-byte file from a Range header (`bytes=a-b`, `bytes=a-`, `bytes=-n`): null = whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answer the whole file (allowed by RFC 9110).
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export type ExtractBody = { status: 200 | 206; start: number; end: number; size: number; body: Readable };
