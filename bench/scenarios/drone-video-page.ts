import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { defineScenario } from '../lib/scenario.ts';
import { loginCookie, type RunningServer, startBuiltServer } from '../lib/server.ts';
import { median } from '../lib/stats.ts';

/** Consoles open on the demo drone at once (the figure). */
const VIEWERS = Number(process.env.BENCH_DRONE_VIEWERS ?? 10);

/** Ten pages at once: none of them may be throttled as a background tab (each stands for a user's screen). */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
];
/** The camera's pace: what a page would draw if nothing were lost on the way. */
const CAMERA_FRAME_MS = 1000 / 20;

/**
 * Runs in each console page before its scripts: the video fires `videoframe` with the frame's render time
 * each time it has drawn one (decoded and on its canvas: the paint follows within one display frame;
 * animation frames do not run in a page the browser keeps in the background, so they are not waited for).
 * Server and browser run on this machine: one clock.
 */
const INSTRUMENT = `(() => {
  window.__glass = [];
  document.addEventListener('videoframe', (event) => {
    window.__glass.push(Date.now() - event.detail.renderedAt);
    window.__drawn?.();
  }, true);
})();`;

interface Context {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  pages: Page[];
  startedAt: number;
  stopTurning: () => Promise<void>;
}

export default defineScenario<Context>({
  name: 'drone-video-page',
  description:
    `the console's live video in ${VIEWERS} Chromium pages at once: the next frame shown in the first page ` +
    '(rendered by the simulated drone → sent → decoded and drawn) vs a 1/20 s timer in that page (the camera’s pace)',
  measure: { rounds: 5, roundMs: 1000, warmup: 5 },
  async setup() {
    const server = await startBuiltServer();
    const cookie = await loginCookie(server.baseUrl, 'admin@demo.linewalker.app', 'demo1234');
    const drones = (await (
      await fetch(`${server.baseUrl}/api/v1/drones`, { headers: { cookie } })
    ).json()) as { id: number; name: string }[];
    const drone = drones.find((d) => d.name === 'Dock Drone 1') ?? drones[0];
    if (!drone) throw new Error('the demo data has no drone');
    // A drone standing still sends the same picture again (the page has nothing new to draw): fly it,
    // turning slowly, with a command every 100 ms as a held key would send.
    const command = (endpoint: string) =>
      fetch(`${server.baseUrl}/api/v1/drones/sendCommand/${drone.id}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ requestId: crypto.randomUUID(), endpoint, requestJson: null }),
      }).then((res) => res.json() as Promise<{ result: string }>);
    await fetch(`${server.baseUrl}/api/v1/drones/${drone.id}/control`, {
      method: 'POST',
      headers: { cookie },
    });
    await command('/arm');
    await command('/takeoff');
    let flying = true;
    const turning = (async () => {
      while (flying) {
        await command('/yawLeft').catch(() => {});
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const stopTurning = async () => {
      flying = false;
      await turning;
    };
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.baseUrl }]);
    await context.addInitScript(INSTRUMENT);
    const pages: Page[] = [];
    for (let i = 0; i < VIEWERS; i++) {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/remote-flight?droneId=${drone.id}`);
      pages.push(page);
    }
    for (const page of pages)
      await page.waitForFunction('window.__glass.length > 0', null, { timeout: 120_000 });
    for (const page of pages) await page.evaluate('window.__glass = []');
    return { server, browser, context, pages, startedAt: Date.now(), stopTurning };
  },
  subject(c) {
    return c.pages[0]!.evaluate('new Promise((resolve) => { window.__drawn = resolve; })');
  },
  baseline(c) {
    return c.pages[0]!.evaluate(`new Promise((resolve) => setTimeout(resolve, ${CAMERA_FRAME_MS}))`);
  },
  async teardown(c) {
    const seconds = (Date.now() - c.startedAt) / 1000;
    const perPage = await Promise.all(c.pages.map((p) => p.evaluate('window.__glass') as Promise<number[]>));
    const all = perPage.flat().sort((a, b) => a - b);
    const p95 = all[Math.floor(all.length * 0.95)] ?? Number.NaN;
    const fps = perPage.map((g) => g.length / seconds);
    console.log(
      `  ${VIEWERS} pages: frames drawn ${Math.min(...fps).toFixed(1)}–${Math.max(...fps).toFixed(1)}/s per page ` +
        `(target ≥ 15); glass-to-glass (rendered → decoded in the page) p50 ${median(all).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms ` +
        `over ${all.length} frames (target p95 ≤ 200 ms)`,
    );
    await c.stopTurning();
    await c.browser.close();
    await c.server.stop();
  },
});
