import { performance } from 'node:perf_hooks';
import { type Browser, chromium } from 'playwright-core';

import { CHROMIUM_FLAGS } from '../lib/chromium.ts';
import { benchApi, createLargeProject, rawGet } from '../lib/largeProject.ts';
import { defineScenario } from '../lib/scenario.ts';
import { loginCookie, type RunningServer, startBuiltServer } from '../lib/server.ts';
import { loadAverage, median, medianAndSpread } from '../lib/stats.ts';

/** The large Transmission project's structures, all in one customer company (Northern Plains). */
const STRUCTURES = Number(process.env.BENCH_ASSET_STRUCTURES ?? 50_000);
const TRANSMISSION = 2;
const LARGE_COMPANY = 'Northern Plains';
/** The large company's customer user (the subject), and the other demo customer's (the baseline). */
const LARGE_USER = 'customer@northernplains.example';
const SMALL_USER = 'customer@cascadevalley.example';

interface Context {
  server: RunningServer;
  cookies: { large: string; small: string };
  browser: Browser;
  times: { subject: number[]; baseline: number[] };
  marks: string;
  traced?: boolean;
}

/** Opens /asset-health in a fresh tab as `cookie`'s user; ms from navigation to map idle and first rows. */
async function pageReady(ctx: Context, cookie: string, large: boolean): Promise<number> {
  const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: ctx.server.baseUrl }]);
  const page = await context.newPage();
  const trace = process.env.BENCH_TRACE && large && !ctx.traced ? process.env.BENCH_TRACE : null;
  if (trace) {
    ctx.traced = true;
    await ctx.browser.startTracing(page, { path: trace, screenshots: false });
  }
  try {
    const start = performance.now();
    await page.goto(`${ctx.server.baseUrl}/asset-health`);
    await Promise.all([
      page
        .locator('[data-testid="asset-health-map"][data-map-state="idle"]')
        .waitFor({ state: 'attached', timeout: 120_000 }),
      // The demo company has no Transmission structure: its table's "first rows" are the empty state.
      page
        .locator('[data-testid="asset-row"], [data-testid="asset-empty"]')
        .first()
        .waitFor({ state: 'attached', timeout: 120_000 }),
    ]);
    const elapsed = performance.now() - start;
    if (trace) await ctx.browser.stopTracing();
    const points = await page.getByTestId('asset-health-map').getAttribute('data-points');
    if (large && Number(points) < STRUCTURES) throw new Error(`the map shows ${points} structures`);
    ctx.marks = await page.evaluate(() =>
      performance
        .getEntriesByType('measure')
        .filter((m) => m.name.startsWith('asset-health:'))
        .map((m) => `${m.name.slice('asset-health:'.length)} ${Math.round(m.duration)} ms`)
        .join(', '),
    );
    return elapsed;
  } finally {
    await context.close();
  }
}

/**
 * Asset Health (`/asset-health`) of a customer company with a 50,000-structure Transmission project in
 * headless Chromium, from navigation until the map has drawn its clusters (`data-map-state="idle"`) and the
 * table shows its first rows, against the same page of the other demo customer (the demo data only: the
 * page's fixed cost; it has no Transmission structure, so its table shows the empty state), same built server and run. The imported structures have no completed inspection
 * (Not Inspected): the map's work (fetch, cluster, draw) does not depend on the health. Needs `npm run build`.
 */
export default defineScenario<Context>({
  name: 'asset-health-map-50k',
  description: `Asset Health page of a company with ${STRUCTURES.toLocaleString('en-US')} structures until the map settles and the table shows rows (Chromium) vs a demo company's`,
  measure: { rounds: 5, roundMs: 1, warmup: 1 },
  async setup() {
    const server = await startBuiltServer();
    try {
      const admin = await loginCookie(server.baseUrl, 'admin@demo.linewalker.app', 'demo1234');
      const companies = await benchApi<Array<{ id: number; company_name: string }>>(
        server,
        admin,
        '/customers',
      );
      const company = companies.find((c) => c.company_name.startsWith(LARGE_COMPANY));
      if (!company) throw new Error(`no ${LARGE_COMPANY} company in the demo data`);
      await createLargeProject(server, admin, {
        name: 'Bench Asset Health',
        structures: STRUCTURES,
        ptypeId: TRANSMISSION,
        companyId: company.id,
      });
      const large = await loginCookie(server.baseUrl, LARGE_USER, 'demo1234');
      const small = await loginCookie(server.baseUrl, SMALL_USER, 'demo1234');
      const url = `${server.baseUrl}/api/v1/dashboard/structures?filter=all&offset=0&limit=50000&orderBy=max_risk_level&order=DESC`;
      const plain: number[] = [];
      const packed: number[] = [];
      let bytes = [0, 0];
      for (let i = 0; i < 5; i++) {
        const a = await rawGet(url, large, 'identity');
        const b = await rawGet(url, large, 'gzip');
        plain.push(a.ms);
        packed.push(b.ms);
        bytes = [a.bytes, b.bytes];
      }
      console.log(
        `  GET /dashboard/structures (map preload, limit 50000): ${bytes[0]!.toLocaleString('en-US')} bytes raw, ` +
          `${bytes[1]!.toLocaleString('en-US')} gzip; server time (loopback, median of 5) ` +
          `${median(plain).toFixed(0)} ms raw, ${median(packed).toFixed(0)} ms gzip`,
      );
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
      return { server, cookies: { large, small }, browser, times: { subject: [], baseline: [] }, marks: '' };
    } catch (err) {
      await server.stop();
      throw err;
    }
  },
  async subject(ctx) {
    ctx.times.subject.push(await pageReady(ctx, ctx.cookies.large, true));
    console.log(`  ${ctx.marks}`);
  },
  async baseline(ctx) {
    ctx.times.baseline.push(await pageReady(ctx, ctx.cookies.small, false));
  },
  async teardown(ctx) {
    const show = (ms: number[]) => ms.map((t) => (t / 1000).toFixed(2)).join(', ');
    const n = STRUCTURES.toLocaleString('en-US');
    console.log(`  page ready, s (warm-up first): ${n} structures ${show(ctx.times.subject)}`);
    console.log(`  page ready, s (warm-up first): demo company ${show(ctx.times.baseline)}`);
    const subject = ctx.times.subject.slice(1).map((t) => t / 1000);
    const baseline = ctx.times.baseline.slice(1).map((t) => t / 1000);
    console.log(
      `  page ready, median (low–high) s: ${n} structures ${medianAndSpread(subject, 2)} (target ≤ 3 s), ` +
        `demo company ${medianAndSpread(baseline, 2)}; time ratio per pair ` +
        `${medianAndSpread(
          subject.map((t, i) => t / baseline[i]!),
          2,
        )}; load ${loadAverage().toFixed(1)}`,
    );
    await ctx.browser.close();
    await ctx.server.stop();
  },
});
