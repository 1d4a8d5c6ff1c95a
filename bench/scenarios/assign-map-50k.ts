import { performance } from 'node:perf_hooks';
import { type Browser, chromium } from 'playwright-core';

import { CHROMIUM_FLAGS } from '../lib/chromium.ts';
import { benchApi as api, createLargeProject, rawGet, slugOf } from '../lib/largeProject.ts';
import { cpuMsSince, cpuTicksBelow } from '../lib/processCpu.ts';
import { defineScenario } from '../lib/scenario.ts';
import { loginCookie, type RunningServer, startBuiltServer } from '../lib/server.ts';
import { loadAverage, medianAndSpread } from '../lib/stats.ts';

/** The large project's structures; three crews hold 10,000 each, the rest are unassigned. */
const STRUCTURES = Number(process.env.BENCH_ASSIGN_STRUCTURES ?? 50_000);
const CREWS = 3;
const PER_CREW = 10_000;
/** The demo project of 50 structures: the page's fixed cost (bundle, session, style, first frame). */
const SMALL_PROJECT = 'yakima-canyon-arm-survey';

interface Context {
  server: RunningServer;
  cookie: string;
  browser: Browser;
  largePath: string;
  /** Map-ready times of the subject's rounds, ms, printed at teardown. */
  times: { subject: number[]; baseline: number[] };
  /** CPU ms the browser's processes used for each of those loads. */
  cpu: { subject: number[]; baseline: number[] };
  /** The page's performance measures of the last load. */
  marks: string;
  /** Whether a round was traced (BENCH_TRACE). */
  traced?: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Structure ids in data order, from either answer shape (rows of objects, or columns). */
function structureIds(data: { structures: unknown }): number[] {
  const s = data.structures as Array<{ structure_id: number }> | { structure_id: number[] };
  return Array.isArray(s) ? s.map((r) => r.structure_id) : s.structure_id;
}

/**
 * Opens the assignment tab in a fresh tab and answers ms from navigation to the settled map, and the CPU ms
 * the browser's processes used meanwhile.
 */
async function mapReady(ctx: Context, path: string): Promise<{ ms: number; cpuMs: number }> {
  const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, value] = ctx.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: ctx.server.baseUrl }]);
  const page = await context.newPage();
  // BENCH_TRACE=<file>: a Chrome trace of the first large round, for finding where the time goes.
  const trace =
    process.env.BENCH_TRACE && path === ctx.largePath && !ctx.traced ? process.env.BENCH_TRACE : null;
  if (trace) {
    ctx.traced = true;
    await ctx.browser.startTracing(page, { path: trace, screenshots: false });
  }
  try {
    const cpuBefore = cpuTicksBelow();
    const start = performance.now();
    await page.goto(`${ctx.server.baseUrl}${path}`);
    await page
      .locator('[data-testid="assignment-map"][data-map-state="idle"]')
      .waitFor({ state: 'attached', timeout: 120_000 });
    const elapsed = performance.now() - start;
    const cpuMs = cpuMsSince(cpuBefore);
    if (trace) await ctx.browser.stopTracing();
    // The page's own marks: request + download + parse, features, hand-over to a settled map.
    ctx.marks = await page.evaluate(() =>
      performance
        .getEntriesByType('measure')
        .filter((m) => m.name.startsWith('assignment:'))
        .map((m) => `${m.name.slice('assignment:'.length)} ${Math.round(m.duration)} ms`)
        .join(', '),
    );
    return { ms: elapsed, cpuMs };
  } finally {
    await context.close();
  }
}

/**
 * BENCH_ASSIGN_KEEP_DB=<name> (PostgreSQL runs): the server's database is kept under this name, and the
 * project made in the first run is used again by later ones, skipping a setup of minutes on a busy machine.
 * Drop the database to start afresh (e.g. after a migration or for another BENCH_ASSIGN_STRUCTURES).
 */
const KEEP_DATABASE = process.env.BENCH_ASSIGN_KEEP_DB || undefined;

/** The project `name` of a kept database, when it is there complete (its structures and crews); else null. */
async function keptProject(server: RunningServer, cookie: string, name: string): Promise<number | null> {
  if (!KEEP_DATABASE) return null;
  const projects = await api<Array<{ id: number; project_name: string }>>(server, cookie, '/projects');
  const project = projects.find((p) => p.project_name === name);
  if (!project) return null;
  const data = await api<{ structures: unknown; crew: unknown[] }>(
    server,
    cookie,
    `/assignment/${project.id}`,
  );
  if (structureIds(data).length !== STRUCTURES || data.crew.length !== CREWS) {
    throw new Error(`the kept database ${KEEP_DATABASE} holds another '${name}': drop it to start afresh`);
  }
  console.log(`  project ${project.id} of the kept database ${KEEP_DATABASE} used again`);
  return project.id;
}

/** Saves the project from a generated CSV and gives three crews 10,000 structures each; answers its id. */
async function createAssignedProject(server: RunningServer, cookie: string, name: string): Promise<number> {
  const projectId = await createLargeProject(server, cookie, { name, structures: STRUCTURES });
  const data = await api<{ structures: unknown }>(server, cookie, `/assignment/${projectId}`);
  const ids = structureIds(data);
  if (ids.length !== STRUCTURES) throw new Error(`the project has ${ids.length} structures`);
  for (let c = 0; c < CREWS; c++) {
    const { crewGroup } = await api<{ crewGroup: { crew_group_id: number } }>(
      server,
      cookie,
      `/assignment/addCrewGroup/${projectId}`,
      { method: 'POST', body: '{}' },
    );
    await api(
      server,
      cookie,
      `/assignment/saveStructuresToCrewGroup?crewGroupId=${crewGroup.crew_group_id}&projectId=${projectId}`,
      {
        method: 'POST',
        body: JSON.stringify(ids.slice(c * PER_CREW * 1.5, c * PER_CREW * 1.5 + PER_CREW)),
      },
    );
  }
  return projectId;
}

/**
 * The assignment tab of a 50,000-structure project in headless Chromium: from navigation to the map
 * settled (`data-map-state="idle"`: structures fetched, clustered and drawn), against the same tab of the
 * 50-structure demo project (the page's fixed cost) on the same built server. Setup also prints the
 * answer's bytes (raw and gzip) and the server's time for it; teardown the browser's CPU time per load.
 * Needs `npm run build` (the web bundle). See KEEP_DATABASE for reusing the project across runs.
 */
export default defineScenario<Context>({
  name: 'assign-map-50k',
  description: `assignment tab of a ${STRUCTURES.toLocaleString('en-US')}-structure project until the map settles (Chromium) vs the 50-structure demo project`,
  measure: { rounds: 5, roundMs: 1, warmup: 1 },
  async setup() {
    const server = await startBuiltServer({ keepDatabase: KEEP_DATABASE });
    try {
      const cookie = await loginCookie(server.baseUrl, 'admin@demo.linewalker.app', 'demo1234');
      const name = 'Bench Assignment Map';
      const projectId =
        (await keptProject(server, cookie, name)) ?? (await createAssignedProject(server, cookie, name));
      const url = `${server.baseUrl}/api/v1/assignment/${projectId}`;
      const identity: number[] = [];
      const gzip: number[] = [];
      let rawBytes = 0;
      let gzipBytes = 0;
      for (let i = 0; i < 7; i++) {
        const plain = await rawGet(url, cookie, 'identity');
        const packed = await rawGet(url, cookie, 'gzip');
        identity.push(plain.ms);
        gzip.push(packed.ms);
        rawBytes = plain.bytes;
        gzipBytes = packed.bytes;
      }
      console.log(
        `  GET /api/v1/assignment/{id} at ${STRUCTURES.toLocaleString('en-US')} structures: ` +
          `${rawBytes.toLocaleString('en-US')} bytes raw, ${gzipBytes.toLocaleString('en-US')} gzip; ` +
          `server time (loopback, median of 7) ${median(identity).toFixed(0)} ms raw, ${median(gzip).toFixed(0)} ms gzip`,
      );
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
      return {
        server,
        cookie,
        browser,
        largePath: `/projects/${slugOf(name)}/assignment`,
        times: { subject: [], baseline: [] },
        cpu: { subject: [], baseline: [] },
        marks: '',
      };
    } catch (err) {
      await server.stop();
      throw err;
    }
  },
  async subject(ctx) {
    const { ms, cpuMs } = await mapReady(ctx, ctx.largePath);
    ctx.times.subject.push(ms);
    ctx.cpu.subject.push(cpuMs);
    console.log(`  ${ctx.marks}`);
  },
  async baseline(ctx) {
    const { ms, cpuMs } = await mapReady(ctx, `/projects/${SMALL_PROJECT}/assignment`);
    ctx.times.baseline.push(ms);
    ctx.cpu.baseline.push(cpuMs);
  },
  async teardown(ctx) {
    const show = (ms: number[]) => ms.map((t) => (t / 1000).toFixed(2)).join(', ');
    console.log(
      `  map ready, s (warm-up first): ${STRUCTURES.toLocaleString('en-US')} structures ${show(ctx.times.subject)}`,
    );
    console.log(`  map ready, s (warm-up first): 50 structures ${show(ctx.times.baseline)}`);
    // The first of each side is the warm-up; each later subject time pairs with the baseline next to it.
    const subject = ctx.times.subject.slice(1);
    const baseline = ctx.times.baseline.slice(1);
    console.log(
      `  map ready, median (low–high) s: ${STRUCTURES.toLocaleString('en-US')} structures ` +
        `${medianAndSpread(
          subject.map((t) => t / 1000),
          2,
        )}, 50 structures ` +
        `${medianAndSpread(
          baseline.map((t) => t / 1000),
          2,
        )}; time ratio per pair ` +
        `${medianAndSpread(
          subject.map((t, i) => t / baseline[i]!),
          2,
        )}; load ${loadAverage().toFixed(1)}`,
    );
    // The browser's CPU time per load: the work the page asks of the machine, which other work on the
    // machine hardly changes (unlike the wall time above).
    console.log(
      `  browser CPU per load, median (low–high) s: ${STRUCTURES.toLocaleString('en-US')} structures ` +
        `${medianAndSpread(
          ctx.cpu.subject.slice(1).map((t) => t / 1000),
          2,
        )}, 50 structures ${medianAndSpread(
          ctx.cpu.baseline.slice(1).map((t) => t / 1000),
          2,
        )}`,
    );
    await ctx.browser.close();
    await ctx.server.stop();
  },
});
