import { cpus, loadavg } from 'node:os';
import { defineScenario } from '../lib/scenario.ts';
import { closeViewerBench, openViewerBench, percentile, type ViewerBench } from '../lib/viewerPhotos.ts';

interface Context extends ViewerBench {
  times: { subject: number[]; baseline: number[] };
  load: number[];
  /** The last operation was a step (the reviewer now looks at the new photo). */
  stepped: boolean;
}

/** How long the reviewer looks at a photo before pressing Next or Back (untimed). */
const LOOK_MS = 1000;

/**
 * (a) The viewer's time to the first visible image of a 20 MP photo: from the click on Next / Back (between
 * two 20 MP photos of one structure) until the stage shows the new photo decoded and painted (its 2048 px
 * medium), against decoding the same 20 MP original with createImageBitmap in the same page (its bytes
 * already in memory). Target ≤ 0.5 in time, i.e. ratio ≥ 2. The browser's HTTP cache is off, so no image
 * comes from disk; an image the page itself still holds in memory (shown before, or prefetched by the
 * viewer) is not fetched again by Chromium, which with two photos is every step after the first two.
 * The reviewer looks at each photo for LOOK_MS before stepping on (untimed, after the step), as a reviewer
 * does: the viewer loads and decodes the neighbours meanwhile, and the page finishes what the step left
 * (the address, the photo's panels).
 */
export default defineScenario<Context>({
  name: 'viewer-first-image',
  description:
    'viewer: Next/Back to a 20 MP photo (after looking 1 s at the current one) until its first image is painted (Chromium, built server) vs createImageBitmap of the original in the same page',
  target: 2,
  measure: { rounds: 15, roundMs: 1, warmup: 2 },
  async setup() {
    const bench = await openViewerBench(0);
    const cdp = await bench.page.context().newCDPSession(bench.page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // The original's bytes, for the baseline.
    await bench.page.evaluate(async (id) => {
      const res = await fetch(`/api/v1/image/${id}?size=FULL_IMG`);
      (globalThis as unknown as { original: Blob }).original = await res.blob();
    }, bench.imageIds[1]);
    return { ...bench, times: { subject: [], baseline: [] }, load: [], stepped: false };
  },
  async subject(ctx) {
    // BENCH_TRACE=<file>: a Chrome trace of the fifth step, for finding where the time goes.
    const trace = process.env.BENCH_TRACE && ctx.times.subject.length === 4 ? process.env.BENCH_TRACE : null;
    if (trace) await ctx.browser.startTracing(ctx.page, { path: trace, screenshots: false });
    const ms = await ctx.page.evaluate(async () => {
      const raf = (cb: (t: number) => void) =>
        (
          globalThis as unknown as { requestAnimationFrame(cb: (t: number) => void): number }
        ).requestAnimationFrame(cb);
      const d = (globalThis as unknown as { document: unknown }).document as {
        querySelector(s: string): {
          dataset: Record<string, string | undefined>;
          click(): void;
          querySelector(s: string): { decode(): Promise<void> } | null;
        } | null;
        querySelectorAll(
          s: string,
        ): ArrayLike<{ textContent: string | null; disabled: boolean; click(): void }>;
      };
      const stage = () => d.querySelector('[data-testid="viewer-stage"]')!;
      const from = stage().dataset.imageId;
      const buttons = Array.from(d.querySelectorAll('[data-testid="inspection-viewer"] button'));
      const next = buttons.find((b) => b.textContent?.trim() === 'Next' && !b.disabled);
      const back = buttons.find((b) => b.textContent?.trim() === 'Back' && !b.disabled);
      const start = performance.now();
      (next ?? back)!.click();
      for (;;) {
        const s = stage();
        if (s.dataset.imageId !== from && s.dataset.loaded === 'true') {
          await s.querySelector('img')!.decode();
          break;
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      await new Promise((r) => raf(() => r(null)));
      return performance.now() - start;
    });
    if (trace) await ctx.browser.stopTracing();
    ctx.times.subject.push(ms);
    ctx.load.push(loadavg()[0]!);
    ctx.stepped = true;
  },
  async baseline(ctx) {
    const ms = await ctx.page.evaluate(async () => {
      const g = globalThis as unknown as {
        original: Blob;
        createImageBitmap(b: Blob): Promise<{ close(): void }>;
      };
      const start = performance.now();
      const bitmap = await g.createImageBitmap(g.original);
      const elapsed = performance.now() - start;
      bitmap.close();
      return elapsed;
    });
    ctx.times.baseline.push(ms);
  },
  async afterEach(ctx) {
    if (!ctx.stepped) return;
    ctx.stepped = false;
    await new Promise((r) => setTimeout(r, LOOK_MS));
  },
  report(ctx) {
    const med = (v: number[]) => percentile(v, 50);
    const s = med(ctx.times.subject);
    const b = med(ctx.times.baseline);
    return (
      `first visible image (medium, in-page, ${LOOK_MS / 1000} s on each photo before stepping): median ${s.toFixed(0)} ms, p95 ${percentile(ctx.times.subject, 95).toFixed(0)} ms; ` +
      `createImageBitmap of the 20 MP original: median ${b.toFixed(0)} ms; time ratio ${(s / b).toFixed(2)} (target ≤ 0.5); ` +
      `load average ${Math.min(...ctx.load).toFixed(1)}–${Math.max(...ctx.load).toFixed(1)} on ${cpus().length} cores`
    );
  },
  teardown: closeViewerBench,
});
