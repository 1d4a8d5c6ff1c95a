import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import type { App } from '../../apps/server/src/platform/http/app.types.ts';
import { createRng } from '../../apps/server/src/seed/random.ts';
import { sqlRows } from '../../apps/server/src/testing/rows.ts';
import { seedBenchProject } from '../lib/benchProject.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { type InProcessApp, startInProcessApp } from '../lib/inProcessApp.ts';
import { defineScenario } from '../lib/scenario.ts';

/** 10 lines of 1,000 structures 50 m apart crossing a ~50 km region, five photos within ~30 m of each. */
const LINES = 10;
const STRUCTURES_PER_LINE = 1_000;
const PHOTOS_PER_STRUCTURE = 5;
const IMAGES = LINES * STRUCTURES_PER_LINE * PHOTOS_PER_STRUCTURE;
const CENTER = { lat: 38.8, lon: -97.6 };
const M_PER_DEG_LAT = 111_320;
const M_PER_DEG_LON = M_PER_DEG_LAT * Math.cos((CENTER.lat * Math.PI) / 180);
/** A zoom-14 map view on a laptop screen: about 2.4 km × 1.8 km. */
const VIEW_M = { width: 2_400, height: 1_800 };
const WINDOWS = 500;
const P95_TARGET_MS = 100;

interface Context {
  database: Database;
  app: App;
  server: InProcessApp;
  projectId: number;
  headers: Record<string, string>;
  windows: Array<{ west: number; south: number; east: number; north: number }>;
  turn: { subject: number; baseline: number };
  latencies: { subject: number[]; baseline: number[] };
  images: number[];
  truncated: number;
}

async function project(database: Database): Promise<number> {
  const db = database.db;
  const { companyId, projectId } = await seedBenchProject(database, 'Bench Bounds', LINES);
  // Line k starts on a 20 km circle around the centre and runs 50 km across it at 18°·k.
  await db.execute(sql`
    insert into structures (project_id, line_id, struct_num, location)
    select ${projectId}::int, l.id, 'S-' || j,
      point(${CENTER.lon}::float8 + (20000 * cos(radians(l.k * 36)) + (j * 50 - 25000) * cos(radians(l.k * 18))) / ${M_PER_DEG_LON}::float8,
            ${CENTER.lat}::float8 + (20000 * sin(radians(l.k * 36)) + (j * 50 - 25000) * sin(radians(l.k * 18))) / ${M_PER_DEG_LAT}::float8)
    from (select id, row_number() over (order by id) - 1 as k from lines where company_id = ${companyId}) l
    cross join generate_series(0, ${STRUCTURES_PER_LINE - 1}::int) j`);
  await db.execute(sql`
    insert into inspections (project_id, structure_id) select project_id, id from structures where project_id = ${projectId}`);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into images (project_id, structure_id, md5, image_name, storage_key, location, meters_from_struct,
      uploaded_at, capture_time, camera_make, camera_model, bearing, has_thumb, has_medium)
    select s.project_id, s.id, md5(s.id || '-' || n), 'DJI_' || s.id || '_' || n || '.JPG',
      'bench/bounds/' || s.id || '/' || n,
      point(s.location[0] + (random() - 0.5) * 60 / ${M_PER_DEG_LON}::float8,
            s.location[1] + (random() - 0.5) * 60 / ${M_PER_DEG_LAT}::float8),
      random() * 30, now(), now(), 'DJI', 'M3E', random() * 360, true, true
    from structures s cross join generate_series(1, ${PHOTOS_PER_STRUCTURE}::int) n
    where s.project_id = ${projectId}`);
  await db.execute(sql`analyze`);
  return projectId;
}

/** Views centred near random structures (±1 km), so each holds a stretch of line, as a crew would look. */
async function viewWindows(database: Database, projectId: number): Promise<Context['windows']> {
  const structures = await sqlRows<{ lon: number; lat: number }>(
    database.db,
    sql`select location[0] as lon, location[1] as lat from structures where project_id = ${projectId} order by id`,
  );
  const rng = createRng(14);
  const halfW = VIEW_M.width / 2 / M_PER_DEG_LON;
  const halfH = VIEW_M.height / 2 / M_PER_DEG_LAT;
  return Array.from({ length: WINDOWS }, () => {
    const s = rng.pick(structures);
    const lon = s.lon + rng.range(-1000, 1000) / M_PER_DEG_LON;
    const lat = s.lat + rng.range(-1000, 1000) / M_PER_DEG_LAT;
    return { west: lon - halfW, south: lat - halfH, east: lon + halfW, north: lat + halfH };
  });
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

export default defineScenario<Context>({
  name: 'images-by-bounds',
  description: `GET /inspections/images/byBounds (real route, in-process) for zoom-14 views of a project with ${IMAGES.toLocaleString('en-US')} photos vs plain indexed SELECTs of the same windows`,
  async setup() {
    const database = await openBenchDatabase();
    const projectId = await project(database);
    const server = await startInProcessApp(database, 'bounds');
    const { app, headers } = server;
    const count = await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from images where project_id = ${projectId}`,
    );
    if (count[0]!.n !== IMAGES) throw new Error(`expected ${IMAGES} images, got ${count[0]!.n}`);
    return {
      database,
      app,
      server,
      projectId,
      headers,
      windows: await viewWindows(database, projectId),
      turn: { subject: 0, baseline: 0 },
      latencies: { subject: [], baseline: [] },
      images: [],
      truncated: 0,
    };
  },
  async subject(ctx) {
    const w = ctx.windows[ctx.turn.subject++ % ctx.windows.length]!;
    const started = performance.now();
    const res = await ctx.app.inject({
      url: `/api/v1/inspections/images/byBounds?projectId=${ctx.projectId}&bounds=${w.west},${w.south},${w.east},${w.north}`,
      headers: ctx.headers,
    });
    ctx.latencies.subject.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`byBounds answered ${res.statusCode}: ${res.body}`);
    const body = res.json() as { images: unknown[]; truncated: boolean };
    ctx.images.push(body.images.length);
    if (body.truncated) ctx.truncated++;
  },
  async baseline(ctx) {
    const w = ctx.windows[ctx.turn.baseline++ % ctx.windows.length]!;
    const box = sql`box(point(${w.west}::float8, ${w.south}::float8), point(${w.east}::float8, ${w.north}::float8))`;
    const started = performance.now();
    await ctx.database.db.execute(
      sql`select id, struct_num, location from structures where project_id = ${ctx.projectId} and location <@ ${box}`,
    );
    await ctx.database.db.execute(
      sql`select id, image_name, location from images where project_id = ${ctx.projectId} and location <@ ${box}`,
    );
    ctx.latencies.baseline.push(performance.now() - started);
  },
  report(ctx) {
    const { subject, baseline } = ctx.latencies;
    const p95 = percentile(subject, 95);
    const meanImages = ctx.images.reduce((a, b) => a + b, 0) / Math.max(1, ctx.images.length);
    return (
      `route p50 ${ms(percentile(subject, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...subject))} ` +
      `(target p95 < ${P95_TARGET_MS} ms: ${p95 < P95_TARGET_MS ? 'met' : 'MISSED'}); ` +
      `plain SELECT p50 ${ms(percentile(baseline, 50))}, p95 ${ms(percentile(baseline, 95))}; ` +
      `${subject.length} views, ${meanImages.toFixed(0)} photos per view on average (max ${Math.max(...ctx.images)}), ${ctx.truncated} truncated`
    );
  },
  async teardown(ctx) {
    await ctx.server.close();
    await ctx.database.close();
  },
});
