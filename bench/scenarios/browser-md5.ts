import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { defineScenario } from '../lib/scenario.ts';

const FILE_MB = 32;
const WEB_BATCH = fileURLToPath(new URL('../../apps/web/src/features/upload/batch/', import.meta.url));
const DOMAIN = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));

/** Debian's Chromium with the flags of e2e/playwright.config.ts. */
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

/** The part of the browser's Worker these page functions use (the bench compiles without the DOM lib). */
interface WorkerLike {
  onmessage: ((event: { data: { md5?: string; error?: string } }) => void) | null;
  postMessage(message: unknown): void;
}

interface Context {
  browser: Browser;
  page: Page;
}

/** The app's own code, bundled for the browser: the upload worker, and md5Base64 for the main thread. */
async function bundle(entry: { path?: string; contents?: string }): Promise<string> {
  const result = await build({
    ...(entry.path
      ? { entryPoints: [entry.path] }
      : { stdin: { contents: entry.contents ?? '', resolveDir: WEB_BATCH, loader: 'ts' } }),
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    alias: { '@linewalker/domain': DOMAIN },
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

export default defineScenario<Context>({
  name: 'browser-md5',
  description: `md5 (base64) of a ${FILE_MB} MB file in Chromium as the upload hashes it: in the app's Web Worker (md5.worker.ts, hash-wasm, 2 MB slices, file posted to the worker) vs the same md5Base64 on the main thread`,
  target: 0.9,
  async setup() {
    const [workerCode, mainCode] = await Promise.all([
      bundle({ path: `${WEB_BATCH}md5.worker.ts` }),
      bundle({
        contents: "import { md5Base64 } from './md5.ts';\n(globalThis as any).md5Base64 = md5Base64;",
      }),
    ]);
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>md5</title>');
    await page.addScriptTag({ content: mainCode });
    await page.evaluate(
      ({ workerCode, bytes }) => {
        const data = new Uint8Array(bytes);
        // Random-looking bytes, made without crypto.getRandomValues' 64 KB limit.
        let x = 0x12345678;
        for (let i = 0; i < data.length; i++) {
          x ^= x << 13;
          x ^= x >>> 17;
          x ^= x << 5;
          data[i] = x & 0xff;
        }
        const w = globalThis as unknown as Record<string, unknown>;
        w.file = new Blob([data], { type: 'image/jpeg' });
        const { Worker } = globalThis as unknown as { Worker: new (url: string) => WorkerLike };
        w.worker = new Worker(URL.createObjectURL(new Blob([workerCode], { type: 'text/javascript' })));
      },
      { workerCode, bytes: FILE_MB * 1024 * 1024 },
    );
    return { browser, page };
  },
  async subject(ctx) {
    await ctx.page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const w = globalThis as unknown as { worker: WorkerLike; file: Blob };
          w.worker.onmessage = (event) =>
            event.data.md5 ? resolve(event.data.md5) : reject(new Error(event.data.error));
          w.worker.postMessage({ id: 1, file: w.file });
        }),
    );
  },
  async baseline(ctx) {
    await ctx.page.evaluate(() => {
      const w = globalThis as unknown as { md5Base64: (file: Blob) => Promise<string>; file: Blob };
      return w.md5Base64(w.file);
    });
  },
  teardown: (ctx) => ctx.browser.close(),
});
