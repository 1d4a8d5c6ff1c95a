import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { METADATA_PREFIX_BYTES } from '../../apps/server/src/modules/upload/photoMetadata.ts';
import { digestStream } from '../../apps/server/src/modules/upload/storedFile.ts';
import { LocalStorage } from '../../apps/server/src/platform/storage/local.ts';
import { defineScenario } from '../lib/scenario.ts';

const FILES = 8;
const FILE_BYTES = 8 * 1024 * 1024;

interface Context {
  dir: string;
  storage: LocalStorage;
  keys: string[];
  buffers: Buffer[];
}

export default defineScenario<Context>({
  name: 'md5',
  description: `streamed md5 (plus the metadata prefix) of ${FILES} stored ${FILE_BYTES / 1024 / 1024} MB photos read from local storage, as upload completion checks them, vs node:crypto md5 over the same bytes already in memory`,
  target: 0.9,
  async setup() {
    const dir = mkdtempSync(join(tmpdir(), 'lw-bench-md5-'));
    const storage = new LocalStorage(dir, 'bench-secret');
    const buffers = Array.from({ length: FILES }, () => randomBytes(FILE_BYTES));
    const keys = buffers.map((_, i) => `images/1/bench-${i}.jpg`);
    for (let i = 0; i < FILES; i++) await storage.write(keys[i]!, buffers[i]!);
    return { dir, storage, keys, buffers };
  },
  async subject(ctx) {
    for (const key of ctx.keys) await digestStream(await ctx.storage.read(key), METADATA_PREFIX_BYTES);
  },
  baseline(ctx) {
    for (const buffer of ctx.buffers) createHash('md5').update(buffer).digest('base64');
  },
  teardown: (ctx) => rmSync(ctx.dir, { recursive: true, force: true }),
});
