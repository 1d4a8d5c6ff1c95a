import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { writeZip } from '../../apps/server/src/modules/delivery/packageZip.ts';
import { LocalStorage } from '../../apps/server/src/platform/storage/local.ts';
import { defineScenario } from '../lib/scenario.ts';

const FILES = 8;
const FILE_BYTES = 8 * 1024 * 1024;

interface Context {
  dir: string;
  storage: LocalStorage;
  keys: string[];
}

/** The stored files one after the other, as one stream (the baseline's "package"). */
async function* concatenated(storage: LocalStorage, keys: string[]): AsyncGenerator<Buffer> {
  for (const key of keys) for await (const chunk of await storage.read(key)) yield chunk as Buffer;
}

export default defineScenario<Context>({
  name: 'delivery-zip',
  description: `a delivery ZIP of ${FILES} stored ${FILE_BYTES / 1024 / 1024} MB photos (writeZip: stored entries, md5 and CRC-32 of every byte, an index, streamed into local storage) vs the same files streamed one after the other into one stored file`,
  // The md5 of every byte (checked against the upload's, written in the index) is most of the difference.
  target: 0.4,
  async setup() {
    const dir = mkdtempSync(join(tmpdir(), 'lw-bench-zip-'));
    const storage = new LocalStorage(dir, 'bench-secret');
    const keys = Array.from({ length: FILES }, (_, i) => `images/1/bench-${i}.jpg`);
    for (const key of keys) await storage.write(key, randomBytes(FILE_BYTES));
    return { dir, storage, keys };
  },
  async subject(ctx) {
    await writeZip({
      photos: ctx.keys.map((key, id) => ({ id, path: `photos/${key}`, open: () => ctx.storage.read(key) })),
      after: [{ path: 'index.csv', lines: (w) => [...w.md5Hex].map(([id, md5]) => `${id},${md5}\r\n`) }],
      store: (body) => ctx.storage.write('deliveries/1/1/bench.zip', body),
    });
  },
  async baseline(ctx) {
    await ctx.storage.write('deliveries/1/1/bench.bin', Readable.from(concatenated(ctx.storage, ctx.keys)));
  },
  teardown: (ctx) => rmSync(ctx.dir, { recursive: true, force: true }),
});
