import { crc32, deflateSync } from 'node:zlib';

/**
 * Test fixtures for maps: a one-colour PNG tile and a small PMTiles (version 3) archive of it, made without an
 * image library or the pmtiles package, for the server's basemap tests and the e2e tile server alike.
 */

/** PMTiles' tile id: tiles of lower zooms first, then the Hilbert curve index within the zoom. */
function zxyToTileId(z: number, x: number, y: number): number {
  let acc = 0;
  for (let i = 0; i < z; i++) acc += 4 ** i;
  const n = 2 ** z;
  let d = 0;
  let tx = x;
  let ty = y;
  for (let s = n / 2; s >= 1; s /= 2) {
    const rx = (tx & s) > 0 ? 1 : 0;
    const ry = (ty & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        tx = s - 1 - tx;
        ty = s - 1 - ty;
      }
      [tx, ty] = [ty, tx];
    }
  }
  return acc + d;
}

/** A `size`×`size` PNG of one colour (a test tile), made without an image library. */
export function solidPng(rgb: [number, number, number], size = 256): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + size * 3);
  for (let i = 0; i < size; i++) row.set(rgb, 1 + i * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const varint = (value: number): number[] => {
  const out: number[] = [];
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
};

/** Protocol buffer pieces for the vector tile below: a varint field, a length-delimited field. */
const pbVarint = (field: number, value: number) => [...varint(field * 8), ...varint(value)];
const pbBytes = (field: number, bytes: readonly number[] | Buffer) => [
  ...varint(field * 8 + 2),
  ...varint(bytes.length),
  ...bytes,
];
/** A geometry command (MoveTo 1, LineTo 2, ClosePath 7) and its zigzag-encoded parameters. */
const command = (id: number, count: number) => (count << 3) | id;
const zigzag = (n: number) => (n << 1) ^ (n >> 31);

/** One layer of a vector tile with a single feature (1 point, 2 line, 3 polygon) of geometry `points`. */
function mvtLayer(name: string, type: 2 | 3, points: Array<[number, number]>): number[] {
  const geometry: number[] = [];
  let [cx, cy] = [0, 0];
  points.forEach(([x, y], i) => {
    if (i === 0) geometry.push(command(1, 1));
    else if (i === 1) geometry.push(command(2, points.length - 1));
    geometry.push(zigzag(x - cx), zigzag(y - cy));
    [cx, cy] = [x, y];
  });
  if (type === 3) geometry.push(command(7, 1));
  const feature = [
    ...pbVarint(1, 1),
    ...pbVarint(3, type),
    ...pbBytes(
      4,
      geometry.flatMap((g) => varint(g)),
    ),
  ];
  return [
    ...pbVarint(15, 2),
    ...pbBytes(1, Buffer.from(name, 'utf8')),
    ...pbBytes(2, feature),
    ...pbVarint(5, 4096),
  ];
}

/**
 * A Mapbox Vector Tile (uncompressed) in the Protomaps basemap's layer names: `water` over the whole tile and
 * one `roads` line from corner to corner, so a map drawing it is water blue wherever it looks.
 */
export function vectorTile(): Buffer {
  const water = mvtLayer('water', 3, [
    [0, 0],
    [4096, 0],
    [4096, 4096],
    [0, 4096],
  ]);
  const roads = mvtLayer('roads', 2, [
    [0, 0],
    [4096, 4096],
  ]);
  return Buffer.from([...pbBytes(3, water), ...pbBytes(3, roads)]);
}

/** The archive's tiles: PNG images, or vector tiles (MVT). */
export type PmtilesTileType = 'png' | 'mvt';

/**
 * A PMTiles (version 3) archive of PNG (or vector) tiles, uncompressed directory, every tile of zooms
 * 0..`maxZoom` the same `tile` (stored once, as a real extract stores repeated ocean tiles).
 */
export function buildPmtiles(
  tile: Buffer,
  maxZoom: number,
  tileType: PmtilesTileType = 'png',
  /** More metadata (a long description puts the tiles past a reader's first 16 KiB request). */
  extraMetadata: Record<string, unknown> = {},
): Buffer {
  const ids: number[] = [];
  for (let z = 0; z <= maxZoom; z++) {
    for (let x = 0; x < 2 ** z; x++) for (let y = 0; y < 2 ** z; y++) ids.push(zxyToTileId(z, x, y));
  }
  ids.sort((a, b) => a - b);
  // One entry per id, all pointing at offset 0 (the one stored tile).
  const dir: number[] = [...varint(ids.length)];
  let last = 0;
  for (const id of ids) {
    dir.push(...varint(id - last));
    last = id;
  }
  for (const _ of ids) dir.push(...varint(1));
  for (const _ of ids) dir.push(...varint(tile.length));
  for (const _ of ids) dir.push(...varint(1)); // offset 0, written +1
  const root = Buffer.from(dir);
  const metadata = Buffer.from(
    JSON.stringify(
      tileType === 'mvt'
        ? {
            name: 'test extract',
            ...extraMetadata,
            vector_layers: [
              { id: 'water', fields: {} },
              { id: 'roads', fields: {} },
            ],
          }
        : { name: 'test extract', ...extraMetadata },
    ),
  );
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (at: number, v: number) => header.writeBigUInt64LE(BigInt(v), at);
  const rootOffset = 127;
  const metaOffset = rootOffset + root.length;
  const dataOffset = metaOffset + metadata.length;
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metaOffset);
  u64(32, metadata.length);
  u64(40, dataOffset);
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, tile.length);
  u64(72, ids.length);
  u64(80, ids.length);
  u64(88, 1);
  // Not clustered, no compression of directories nor tiles, the tile type (1 MVT, 2 PNG), zooms.
  header.set([0, 1, 1, tileType === 'mvt' ? 1 : 2, 0, maxZoom], 96);
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  header.writeUInt8(0, 118);
  header.writeInt32LE(0, 119);
  header.writeInt32LE(0, 123);
  return Buffer.concat([header, root, metadata, tile]);
}
