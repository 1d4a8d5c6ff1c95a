import { cpus, loadavg } from 'node:os';
import { defineScenario } from '../lib/scenario.ts';
import { closeViewerBench, openViewerBench, percentile, type ViewerBench } from '../lib/viewerPhotos.ts';

const ANNOTATIONS = 1_000;
/** Frames of one pan: a drag of 8 px per frame. */
const FRAMES = 120;

interface Context extends ViewerBench {
  frames: { subject: number[]; baseline: number[] };
  load: number[];
}

/** One right-button pan of FRAMES frames over the stage, in the page; answers the frame intervals (ms). */
async function pan(ctx: Context): Promise<number[]> {
  return ctx.page.evaluate(async (frames) => {
    const raf = (cb: (t: number) => void) =>
      (
        globalThis as unknown as { requestAnimationFrame(cb: (t: number) => void): number }
      ).requestAnimationFrame(cb);
    const d = (globalThis as unknown as { document: unknown }).document as {
      querySelector(s: string): {
        getBoundingClientRect(): { left: number; top: number; width: number; height: number };
        dispatchEvent(e: unknown): void;
      };
    };
    const W = globalThis as unknown as { MouseEvent: new (type: string, init: object) => unknown };
    const stage = d.querySelector('[data-testid="viewer-stage"]');
    const r = stage.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const fire = (type: string, x: number, y: number) =>
      stage.dispatchEvent(
        new W.MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 2, buttons: 2 }),
      );
    fire('mousedown', cx, cy);
    const times: number[] = [];
    await new Promise<void>((resolve) => {
      let i = 0;
      const step = (t: number) => {
        times.push(t);
        if (i >= frames) return resolve();
        i++;
        // Left and back, so the pan stays over the photo.
        const dx = i <= frames / 2 ? -8 * i : -8 * (frames - i);
        fire('mousemove', cx + dx, cy + dx / 2);
        raf(step);
      };
      raf(step);
    });
    fire('mouseup', cx, cy);
    return times.slice(1).map((t, i) => t - times[i]!);
  }, FRAMES);
}

/**
 * (b) Frame times while panning the viewer at 5× zoom over a 20 MP photo with 1,000 annotations (and its
 * deep-zoom tiles loading) in headless Chromium, against the same photo, same zoom and pan, with the
 * annotations hidden (none drawn). Target: p95 frame time ≤ 20 ms with the annotations.
 */
export default defineScenario<Context>({
  name: 'viewer-pan-1000',
  description: `viewer: pan at 5× over a 20 MP photo with ${ANNOTATIONS.toLocaleString('en-US')} annotations (Chromium) vs the same photo with none shown`,
  measure: { rounds: 7, roundMs: 1, warmup: 1 },
  async setup() {
    const bench = await openViewerBench(ANNOTATIONS, 1);
    await bench.page
      .locator('[data-testid="annotation-layer"] rect')
      .nth(ANNOTATIONS - 1)
      .waitFor({ state: 'attached', timeout: 60_000 });
    // Each button step adds 1: four steps from the fitted view.
    for (let i = 0; i < 4; i++) await bench.page.getByRole('button', { name: 'Zoom in' }).click();
    await bench.page.locator('[data-testid="viewer-stage"][data-zoom="5.00"]').waitFor({ state: 'attached' });
    return { ...bench, frames: { subject: [], baseline: [] }, load: [] };
  },
  async subject(ctx) {
    const hide = ctx.page.getByRole('button', { name: 'Show Annotations' });
    if (await hide.count()) await hide.click();
    ctx.frames.subject.push(...(await pan(ctx)));
    ctx.load.push(loadavg()[0]!);
  },
  async baseline(ctx) {
    const hide = ctx.page.getByRole('button', { name: 'Hide Annotations' });
    if (await hide.count()) await hide.click();
    ctx.frames.baseline.push(...(await pan(ctx)));
  },
  report(ctx) {
    const line = (v: number[]) =>
      `p50 ${percentile(v, 50).toFixed(1)} ms, p95 ${percentile(v, 95).toFixed(1)} ms, p99 ${percentile(v, 99).toFixed(1)} ms`;
    return (
      `frame time while panning with ${ANNOTATIONS} annotations: ${line(ctx.frames.subject)} (target p95 ≤ 20 ms); ` +
      `none shown: ${line(ctx.frames.baseline)}; ${ctx.frames.subject.length} frames each; ` +
      `load average ${Math.min(...ctx.load).toFixed(1)}–${Math.max(...ctx.load).toFixed(1)} on ${cpus().length} cores`
    );
  },
  teardown: closeViewerBench,
});
