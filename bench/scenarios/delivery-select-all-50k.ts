import { performance } from 'node:perf_hooks';
import { ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { sqlRows } from '../../apps/server/src/testing/rows.ts';
import { seedBenchProject } from '../lib/benchProject.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { type InProcessApp, startInProcessApp } from '../lib/inProcessApp.ts';
import { defineScenario } from '../lib/scenario.ts';
import { loadAverage, spread } from '../lib/stats.ts';

/** 10 lines of 1,000 structures, five photos each; one photo in 100 rejected, 20 unticked after the select-all. */
const LINES = 10;
const STRUCTURES_PER_LINE = 1_000;
const PHOTOS_PER_STRUCTURE = 5;
const IMAGES = LINES * STRUCTURES_PER_LINE * PHOTOS_PER_STRUCTURE;
const EXCLUDED = 20;
const TARGET_MS = 3_000;

interface Context {
  database: Database;
  inProcess: InProcessApp;
  projectId: number;
  userId: number;
  exclude: number[];
  expected: number;
  times: { subject: number[]; baseline: number[] };
  /** CPU time of this process during each route call: all of it on PGlite, which runs in-process. */
  cpu: number[];
}

async function project(database: Database): Promise<number> {
  const db = database.db;
  const { companyId, projectId } = await seedBenchProject(database, 'Bench Delivery', LINES);
  await db.execute(sql`
    insert into structures (project_id, line_id, struct_num, location)
    select ${projectId}::int, l.id, 'S-' || j, point(-97.6 + j * 0.0005, 38.8 + l.k * 0.01)
    from (select id, row_number() over (order by id) - 1 as k from lines where company_id = ${companyId}) l
    cross join generate_series(0, ${STRUCTURES_PER_LINE - 1}::int) j`);
  await db.execute(sql`
    insert into images (project_id, structure_id, md5, image_name, storage_key, size_bytes, uploaded_at,
      capture_time, has_thumb, has_medium, reject_datetime)
    select s.project_id, s.id, md5(s.id || '-' || n), 'DJI_' || s.id || '_' || n || '.JPG',
      'bench/delivery/' || s.id || '/' || n, 12000000, now(), now(), true, true,
      case when (s.id * 5 + n) % 100 = 0 then now() end
    from structures s cross join generate_series(1, ${PHOTOS_PER_STRUCTURE}::int) n
    where s.project_id = ${projectId}`);
  await db.execute(sql`analyze`);
  return projectId;
}

/**
 * Every photo back to undelivered, no package, job or audit row left, and the dead rows vacuumed (PGlite has no
 * autovacuum): each operation starts alike.
 */
async function undeliver(ctx: Context): Promise<void> {
  const db = ctx.database.db;
  await db.execute(sql`delete from delivery_packages where project_id = ${ctx.projectId}`);
  await db.execute(sql`delete from jobs`);
  await db.execute(sql`delete from audit_log where action like 'delivery.%'`);
  // The photos' delivery_package_id went with their package (ON DELETE SET NULL).
  await db.execute(sql`
    update images set archived_date = null, archive_name = null, archived_by = null
    where project_id = ${ctx.projectId} and archived_date is not null`);
  await db.execute(sql`vacuum analyze images, delivery_packages`);
}

const range = (values: number[]) =>
  spread(values)
    .map((v) => v.toFixed(0))
    .join('–');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export default defineScenario<Context>({
  name: 'delivery-select-all-50k',
  description: `POST /api/v1/deliveries (real route, in-process) with a select-all minus ${EXCLUDED} unticked photos over a project of ${IMAGES.toLocaleString('en-US')} photos (1% rejected) vs one plain UPDATE marking the same photos delivered`,
  measure: { rounds: 3, roundMs: 1, warmup: 1 },
  async setup() {
    const database = await openBenchDatabase();
    const projectId = await project(database);
    const inProcess = await startInProcessApp(database, 'delivery', ROLE_IDS.projectManager);
    const exclude = (
      await sqlRows<{ id: number }>(
        database.db,
        sql`select id from images where project_id = ${projectId} and reject_datetime is null
          order by id limit ${EXCLUDED}`,
      )
    ).map((r) => r.id);
    const [deliverable] = await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from images where project_id = ${projectId} and reject_datetime is null`,
    );
    return {
      database,
      inProcess,
      projectId,
      userId: inProcess.userId,
      exclude,
      expected: deliverable!.n - EXCLUDED,
      times: { subject: [], baseline: [] },
      cpu: [],
    };
  },
  async subject(ctx) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const res = await ctx.inProcess.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: ctx.inProcess.headers,
      payload: { projectId: ctx.projectId, filter: {}, exclude: ctx.exclude, archiveName: 'Bench' },
    });
    ctx.times.subject.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    ctx.cpu.push((cpu.user + cpu.system) / 1000);
    if (res.statusCode !== 200) throw new Error(`deliveries answered ${res.statusCode}: ${res.body}`);
    const body = res.json() as { delivered: number };
    if (body.delivered !== ctx.expected) {
      throw new Error(`delivered ${body.delivered} photos, expected ${ctx.expected}`);
    }
  },
  async baseline(ctx) {
    const started = performance.now();
    await ctx.database.db.execute(sql`
      update images set archived_date = now(), archive_name = 'Bench', archived_by = ${ctx.userId}::int
      where project_id = ${ctx.projectId} and reject_datetime is null and archived_date is null
        and id <> all(${`{${ctx.exclude.join(',')}}`}::int[])`);
    ctx.times.baseline.push(performance.now() - started);
  },
  afterEach: undeliver,
  report(ctx) {
    const route = median(ctx.times.subject);
    return (
      `route median ${route.toFixed(0)} ms (${range(ctx.times.subject)}; target < ${TARGET_MS} ms: ${route < TARGET_MS ? 'met' : 'MISSED'}), ` +
      `plain UPDATE median ${median(ctx.times.baseline).toFixed(0)} ms (${range(ctx.times.baseline)}); load ${loadAverage().toFixed(1)}; ${ctx.expected.toLocaleString('en-US')} ` +
      `photos delivered per request; this process's CPU during the route median ${median(ctx.cpu).toFixed(0)} ms ` +
      `(on PGlite, the database's too: about the route's time on an idle machine)`
    );
  },
  async teardown(ctx) {
    await ctx.inProcess.close();
    await ctx.database.close();
  },
});
