import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import type { App } from '../../apps/server/src/platform/http/app.types.ts';
import { generateLargeProject, loadTestCompany } from '../../apps/server/src/seed/largeData.ts';
import { createRng } from '../../apps/server/src/seed/random.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { type InProcessApp, startInProcessApp } from '../lib/inProcessApp.ts';
import { defineScenario } from '../lib/scenario.ts';
import { addImages, addReviewers, rawSelect, STRUCTURES } from './inspections-list.ts';

/** The page the Inspect tab asks for first, and the goal for its first rows (issue 9). */
const PAGE = 100;
const FIRST_ROWS_TARGET_MS = 1_000;

interface Context {
  database: Database;
  app: App;
  server: InProcessApp;
  projectId: number;
  headers: Record<string, string>;
  latencies: { subject: number[]; baseline: number[] };
  /** One timing of each other window the tab asks for (sorted, filtered, deep), taken in setup. */
  variants: Array<[string, number]>;
  fullListBytes: number;
  pageBytes: number;
}

async function get(ctx: Pick<Context, 'app' | 'headers'>, url: string) {
  const res = await ctx.app.inject({ url, headers: ctx.headers });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res;
}

/** What the tab needs before it shows rows: the first page and the counts, asked together. */
const firstRows = (ctx: Pick<Context, 'app' | 'headers' | 'projectId'>, query = '') =>
  Promise.all([
    get(ctx, `/api/v1/inspections/${ctx.projectId}?offset=0&limit=${PAGE}${query}`),
    get(ctx, `/api/v1/inspections/counts/${ctx.projectId}${query ? `?${query.slice(1)}` : ''}`),
  ]);

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;

export default defineScenario<Context>({
  name: 'inspect-first-rows-50k',
  description: `Inspect tab's first rows: GET /inspections/{id}?limit=${PAGE} + counts through the real routes (in-process) for ${STRUCTURES.toLocaleString('en-US')} inspections vs a plain SELECT of the list's columns`,
  measure: { rounds: 5 },
  async setup() {
    const database = await openBenchDatabase();
    const reviewerIds = await addReviewers(database);
    const companyId = await loadTestCompany(database.db);
    const projectId = await generateLargeProject(database.db, {
      companyId,
      name: 'Bench Inspect',
      count: STRUCTURES,
      reviewerIds,
      rng: createRng(42),
      lap: () => {},
    });
    await addImages(database, projectId);
    await database.db.execute(sql`analyze`);

    const server = await startInProcessApp(database, 'inspect');
    const { app, headers } = server;
    const ctx = { app, projectId, headers };

    const full = await get(ctx, `/api/v1/inspections/${projectId}`);
    const [page, counts] = await firstRows(ctx);
    if ((page.json() as unknown[]).length !== PAGE) throw new Error('the first page is not full');
    if (counts.json()[0].all_count !== STRUCTURES) throw new Error(`expected ${STRUCTURES} inspections`);

    const variants: Array<[string, number]> = [];
    for (const [label, query] of [
      ['sorted by Risk, descending', '&sort=risk&direction=desc'],
      ['sorted by Structure', '&sort=structure'],
      ['Pending', '&status=pending'],
      ['Rejected', '&status=rejected'],
      ['search "significant"', '&search=significant'],
      ['structure filter "1"', '&structure=1'],
    ] as const) {
      const started = performance.now();
      await firstRows(ctx, query);
      variants.push([label, performance.now() - started]);
    }
    const started = performance.now();
    await get(ctx, `/api/v1/inspections/${projectId}?offset=${STRUCTURES - PAGE}&limit=${PAGE}`);
    variants.push(['last page (offset 49,900)', performance.now() - started]);

    return {
      database,
      app,
      server,
      projectId,
      headers: ctx.headers,
      latencies: { subject: [], baseline: [] },
      variants,
      fullListBytes: full.rawPayload.length,
      pageBytes: page.rawPayload.length,
    };
  },
  async subject(ctx) {
    const started = performance.now();
    await firstRows(ctx);
    ctx.latencies.subject.push(performance.now() - started);
  },
  async baseline(ctx) {
    const started = performance.now();
    await rawSelect(ctx.database, ctx.projectId);
    ctx.latencies.baseline.push(performance.now() - started);
  },
  report(ctx) {
    const { subject, baseline } = ctx.latencies;
    const p95 = percentile(subject, 95);
    return (
      `first rows (page + counts) p50 ${ms(percentile(subject, 50))}, p95 ${ms(p95)} ` +
      `(target < ${FIRST_ROWS_TARGET_MS} ms: ${p95 < FIRST_ROWS_TARGET_MS ? 'met' : 'MISSED'}); ` +
      `plain SELECT of all rows p50 ${ms(percentile(baseline, 50))}; ` +
      `page ${(ctx.pageBytes / 1024).toFixed(0)} kB vs whole list ${(ctx.fullListBytes / 1048576).toFixed(1)} MB; ` +
      ctx.variants.map(([label, t]) => `${label} ${ms(t)}`).join(', ')
    );
  },
  async teardown(ctx) {
    await ctx.server.close();
    await ctx.database.close();
  },
});
