import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { type Browser, chromium, type Page } from 'playwright-core';
import { dronePhoto } from '../../apps/server/src/testing/dronePhotos.ts';
import { benchApi as api } from '../lib/largeProject.ts';
import { defineScenario } from '../lib/scenario.ts';
import { loginCookie, type RunningServer, startBuiltServer } from '../lib/server.ts';
import { percentile } from '../lib/viewerPhotos.ts';

const PATCHES = 1_000;
const WIDTH = 5472;
const HEIGHT = 3648;
/** Frames of one measurement: 60 of right-drag panning (8 px a frame), then 60 wheel steps in and out. */
const FRAMES = 120;

interface Context {
  server: RunningServer;
  browser: Browser;
  page: Page;
  frames: { subject: number[]; baseline: number[] };
  load: number[];
}

/** Pans then zooms the markup stage in the page, one input event a frame; answers the frame intervals (ms). */
async function panAndZoom(page: Page): Promise<number[]> {
  return page.evaluate(async (frames) => {
    const g = globalThis as unknown as {
      requestAnimationFrame(cb: (t: number) => void): number;
      document: {
        querySelector(s: string): {
          getBoundingClientRect(): { left: number; top: number; width: number; height: number };
          dispatchEvent(e: unknown): void;
        };
      };
      MouseEvent: new (type: string, init: object) => unknown;
      WheelEvent: new (type: string, init: object) => unknown;
    };
    const stage = g.document.querySelector('[data-testid="markup-stage"]');
    const r = stage.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const mouse = (type: string, x: number, y: number) =>
      stage.dispatchEvent(
        new g.MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 2, buttons: 2 }),
      );
    const half = frames / 2;
    mouse('mousedown', cx, cy);
    const times: number[] = [];
    await new Promise<void>((resolve) => {
      let i = 0;
      const step = (t: number) => {
        times.push(t);
        if (i >= frames) return resolve();
        i++;
        if (i <= half) {
          const dx = i <= half / 2 ? -8 * i : -8 * (half - i);
          mouse('mousemove', cx + dx, cy + dx / 2);
          if (i === half) mouse('mouseup', cx, cy);
        } else {
          const zoomIn = i <= half + half / 2;
          stage.dispatchEvent(
            new g.WheelEvent('wheel', {
              bubbles: true,
              cancelable: true,
              clientX: cx,
              clientY: cy,
              deltaY: zoomIn ? -100 : 100,
            }),
          );
        }
        g.requestAnimationFrame(step);
      };
      g.requestAnimationFrame(step);
    });
    return times.slice(1).map((t, i) => t - times[i]!);
  }, FRAMES);
}

const setLayer = (page: Page, shown: boolean) =>
  page.evaluate(
    (display) => {
      const d = (
        globalThis as unknown as { document: { querySelector(s: string): { style: { display: string } } } }
      ).document;
      d.querySelector('[data-testid="patch-layer"]').style.display = display;
    },
    shown ? '' : 'none',
  );

/**
 * (d) Frame times in the AI markup stage (Markup Images on the model page, headless Chromium, built
 * server) while panning and zooming a 20 MP image with 1,000 patches (rectangles and polygons), against
 * the same image, same moves, with the patch layer not displayed. Target: ≥ 50 fps (p95 ≤ 20 ms).
 */
export default defineScenario<Context>({
  name: 'ai-markup-pan-1000',
  description: `AI markup stage: pan and zoom a 20 MP image with ${PATCHES.toLocaleString('en-US')} patches (Chromium) vs none shown`,
  measure: { rounds: 5, roundMs: 1, warmup: 1 },
  async setup() {
    const server = await startBuiltServer();
    try {
      const cookie = await loginCookie(server.baseUrl, 'admin@demo.linewalker.app', 'demo1234');
      const name = `Bench Markup ${Date.now().toString(36)}`;
      const { model_id } = await api<{ model_id: number }>(server, cookie, '/ai/model', {
        method: 'POST',
        body: JSON.stringify({ className: name, description: 'bench', holdback_pct: 10 }),
      });
      const bytes = await dronePhoto({ label: 'BENCH AI', width: WIDTH, height: HEIGHT });
      const token = await api<{ signedTokenUrl: string; imageUrl: string }>(
        server,
        cookie,
        `/ai/upload_img_token/${model_id}`,
      );
      const put = await fetch(new URL(token.signedTokenUrl, server.baseUrl), {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg', cookie },
        body: new Uint8Array(bytes),
      });
      if (!put.ok) throw new Error(`PUT: ${put.status}`);
      const { image_id } = await api<{ image_id: number }>(server, cookie, `/ai/image_uploaded/${model_id}`, {
        method: 'POST',
        body: JSON.stringify({
          imageUrl: token.imageUrl,
          fileName: 'bench-ai.jpg',
          md5_hash: createHash('md5').update(bytes).digest('base64'),
          img_width: WIDTH,
          img_height: HEIGHT,
        }),
      });
      for (let i = 0; i < PATCHES; i++) {
        // A 40 × 25 grid over the image, 80 × 60 px each; every fourth a polygon (a diamond).
        const left = 40 + (i % 40) * 134;
        const top = 40 + Math.floor(i / 40) * 142;
        const polygon =
          i % 4 === 3
            ? [
                [left + 40, top],
                [left + 80, top + 30],
                [left + 40, top + 60],
                [left, top + 30],
              ]
            : null;
        await api(server, cookie, `/ai/patch/${model_id}`, {
          method: 'POST',
          body: JSON.stringify({ image_id, left, top, width: 80, height: 60, polygon, note: '' }),
        });
      }
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      });
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const [cookieName, cookieValue] = cookie.split('=') as [string, string];
      await context.addCookies([{ name: cookieName, value: cookieValue, url: server.baseUrl }]);
      await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/ai/${name.toLowerCase().replace(/ /g, '-')}`);
      await page
        .getByRole('button', { name: 'Markup Images' })
        .click({ timeout: 120_000 })
        .catch(async (err) => {
          const text = await page.locator('body').innerText();
          throw new Error(`${page.url()}: ${text.slice(0, 600)}`, { cause: err });
        });
      await page
        .locator('[data-testid="patch-layer"] > :is(rect, polygon)')
        .nth(PATCHES - 1)
        .waitFor({ state: 'attached', timeout: 60_000 });
      await page.locator('[data-testid="markup-stage"] img').waitFor({ state: 'visible' });
      await page.waitForFunction(
        () =>
          (
            globalThis as unknown as { document: { querySelector(s: string): { complete: boolean } } }
          ).document.querySelector('[data-testid="markup-stage"] img').complete,
        undefined,
        { timeout: 60_000 },
      );
      return { server, browser, page, frames: { subject: [], baseline: [] }, load: [] };
    } catch (err) {
      await server.stop();
      throw err;
    }
  },
  async subject(ctx) {
    await setLayer(ctx.page, true);
    ctx.frames.subject.push(...(await panAndZoom(ctx.page)));
    ctx.load.push(loadavg()[0]!);
  },
  async baseline(ctx) {
    await setLayer(ctx.page, false);
    ctx.frames.baseline.push(...(await panAndZoom(ctx.page)));
  },
  report(ctx) {
    const line = (v: number[]) =>
      `p50 ${percentile(v, 50).toFixed(1)} ms, p95 ${percentile(v, 95).toFixed(1)} ms (${(1000 / percentile(v, 95)).toFixed(0)} fps at p95)`;
    return (
      `markup stage, pan and zoom with ${PATCHES} patches: ${line(ctx.frames.subject)} (target ≥ 50 fps: p95 ≤ 20 ms); ` +
      `patches not displayed: ${line(ctx.frames.baseline)}; ${ctx.frames.subject.length} frames each; ` +
      `load average ${Math.min(...ctx.load).toFixed(1)}–${Math.max(...ctx.load).toFixed(1)} on ${cpus().length} cores`
    );
  },
  async teardown(ctx) {
    await ctx.browser.close();
    await ctx.server.stop();
  },
});
