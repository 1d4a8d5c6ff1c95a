import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type Browser, chromium } from 'playwright-core';

import { CHROMIUM_FLAGS } from '../lib/chromium.ts';
import { benchApi, createLargeProject, rawGet } from '../lib/largeProject.ts';
import { defineScenario } from '../lib/scenario.ts';
import { loginCookie, type RunningServer, startBuiltServer } from '../lib/server.ts';
import { loadAverage, median, medianAndSpread } from '../lib/stats.ts';

/** Devices, one on each structure of a project of Northern Plains. */
const DEVICES = Number(process.env.BENCH_SENSOR_DEVICES ?? 10_000);
const LARGE_COMPANY = 'Northern Plains';
const LARGE_USER = 'customer@northernplains.example';
const SMALL_USER = 'customer@cascadevalley.example';

interface Round {
  /** Navigation → the table's first rows. */
  rows: number;
  /** Navigation → the map settled with its pins. */
  map: number;
}

interface Context {
  server: RunningServer;
  cookies: { large: string; small: string };
  browser: Browser;
  times: { subject: Round[]; baseline: Round[] };
  traced?: boolean;
}

/** Opens /sensor in a fresh tab as `cookie`'s user: ms to the table's first rows and to the map settled. */
async function pageTimes(ctx: Context, cookie: string, large: boolean): Promise<Round> {
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
    await page.goto(`${ctx.server.baseUrl}/sensor`);
    await page
      .locator('[data-testid="sensor-row"], [data-testid="sensors-empty"]')
      .first()
      .waitFor({ state: 'attached', timeout: 120_000 });
    const rows = performance.now() - start;
    await page
      .locator('[data-testid="sensors-map"][data-map-state="idle"]')
      .waitFor({ state: 'attached', timeout: 120_000 });
    const map = performance.now() - start;
    if (trace) await ctx.browser.stopTracing();
    return { rows, map };
  } finally {
    await context.close();
  }
}

/** One device on each structure of the project, with a latest reading (what the list shows), by SQL. */
async function addDevices(databaseUrl: string, projectId: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into sensor_devices (device_id, structure_id, battery, last_seen_at, latest_payload_time,
         latest_payload, first_vibration_time)
       select 'BENCH-' || s.id, s.id, 50 + s.id % 50, now(), now(),
         jsonb_build_object(
           'tilt', jsonb_build_array(jsonb_build_object('x', (s.id % 30) / 10.0, 'y', 0.1, 'z', 89.2)),
           'vibration', jsonb_build_array(jsonb_build_object('x', 0.12, 'y', 0.08, 'z', 0.03))),
         now() - interval '7 days'
       from structures s where s.project_id = $1`,
      [projectId],
    );
  } finally {
    await client.end();
  }
}

/**
 * The Sensors page (`/sensor`) of a customer with 10,000 devices in headless Chromium: from navigation to
 * the table's first rows (the target, ≤ 1 s) and to the map settled with its pins, against the same page of
 * the other demo customer (its few demo devices: the page's fixed cost), same built server and run. Needs
 * `npm run build` and `DATABASE_URL` (the devices are written by SQL into the server's PostgreSQL database).
 */
export default defineScenario<Context>({
  name: 'sensors-list-10k',
  description: `Sensors page of a company with ${DEVICES.toLocaleString('en-US')} devices until the table's first rows (Chromium) vs a demo company's`,
  measure: { rounds: 5, roundMs: 1, warmup: 1 },
  async setup() {
    if (!process.env.DATABASE_URL) throw new Error('sensors-list-10k needs DATABASE_URL (PostgreSQL)');
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
      const projectId = await createLargeProject(server, admin, {
        name: 'Bench Sensors',
        structures: DEVICES,
        companyId: company.id,
      });
      await addDevices(server.databaseUrl!, projectId);
      const large = await loginCookie(server.baseUrl, LARGE_USER, 'demo1234');
      const small = await loginCookie(server.baseUrl, SMALL_USER, 'demo1234');
      const url = `${server.baseUrl}/api/v1/structures/sensor_data?range=24h`;
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
        `  GET /structures/sensor_data (${DEVICES.toLocaleString('en-US')} devices): ${bytes[0]!.toLocaleString('en-US')} bytes raw, ` +
          `${bytes[1]!.toLocaleString('en-US')} gzip; server time (loopback, median of 5) ` +
          `${median(plain).toFixed(0)} ms raw, ${median(packed).toFixed(0)} ms gzip`,
      );
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
      return { server, cookies: { large, small }, browser, times: { subject: [], baseline: [] } };
    } catch (err) {
      await server.stop();
      throw err;
    }
  },
  async subject(ctx) {
    ctx.times.subject.push(await pageTimes(ctx, ctx.cookies.large, true));
  },
  async baseline(ctx) {
    ctx.times.baseline.push(await pageTimes(ctx, ctx.cookies.small, false));
  },
  async teardown(ctx) {
    const show = (rounds: Round[]) =>
      rounds.map((r) => `${(r.rows / 1000).toFixed(2)}/${(r.map / 1000).toFixed(2)}`).join(', ');
    const n = DEVICES.toLocaleString('en-US');
    console.log(`  first rows / map settled, s (warm-up first): ${n} devices ${show(ctx.times.subject)}`);
    console.log(`  first rows / map settled, s (warm-up first): demo company ${show(ctx.times.baseline)}`);
    const subject = ctx.times.subject.slice(1);
    const baseline = ctx.times.baseline.slice(1);
    const s = (rounds: Round[], k: keyof Round) => rounds.map((r) => r[k] / 1000);
    console.log(
      `  first rows, median (low–high) s: ${n} devices ${medianAndSpread(s(subject, 'rows'), 2)} (target ≤ 1 s), ` +
        `demo company ${medianAndSpread(s(baseline, 'rows'), 2)}; map settled: ${n} devices ` +
        `${medianAndSpread(s(subject, 'map'), 2)}, demo company ${medianAndSpread(s(baseline, 'map'), 2)}; ` +
        `load ${loadAverage().toFixed(1)}`,
    );
    await ctx.browser.close();
    await ctx.server.stop();
  },
});
