import { databaseKind } from '../lib/database.ts';
import { defineLoadScenario, type LoadOptions, load } from '../lib/load.ts';
import { loginCookie, type RunningServer, startBuiltServer } from '../lib/server.ts';
import { structureCsv } from '../lib/structureCsv.ts';

interface Context {
  server: RunningServer;
  cookie: string;
  csv: string;
  imports: number;
}

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);

async function api<T>(ctx: Context, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${ctx.server.baseUrl}/api/v1${path}`, {
    ...init,
    headers: { cookie: ctx.cookie, 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Uploads the CSV and saves a new project with it, as the browser does; answers the import job. */
async function startImport(ctx: Context): Promise<number> {
  const sign = await api<{ signedRequest: string; url: string }>(ctx, '/doc_upload/sign-s3?extension=csv');
  const put = await fetch(new URL(sign.signedRequest, ctx.server.baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'text/csv', cookie: ctx.cookie },
    body: ctx.csv,
  });
  if (!put.ok) throw new Error(`upload: ${put.status}`);
  const [customer] = await api<Array<{ id: number }>>(ctx, '/customers');
  const today = new Date().toISOString().slice(0, 10);
  const saved = await api<{ importJobId: number | null }>(ctx, '/projects', {
    method: 'POST',
    body: JSON.stringify({
      id: null,
      company_id: customer!.id,
      ptype_id: 1,
      project_name: `Bench Import ${++ctx.imports}`,
      closest_city: 'Salina',
      start_date: today,
      due_date: '2099-12-31',
      inspection_type: '0',
      structure_assignment_type: 'dueDate',
      num_pilots: 1,
      photo_limit: -1,
      ptier_id: 2,
      pilot_struct_day: null,
      kmzs: [
        {
          url: sign.url,
          name: 'bench.csv',
          latField: 'Latitude',
          lonField: 'Longitude',
          lineNameField: 'Line Name',
          structNumField: 'Structure',
        },
      ],
    }),
  });
  if (saved.importJobId === null) throw new Error('the import was written inline; use more rows');
  return saved.importJobId;
}

async function jobState(ctx: Context, id: number): Promise<string> {
  return (await api<{ state: string }>(ctx, `/jobs/${id}`)).state;
}

async function until(ctx: Context, id: number, done: (state: string) => boolean): Promise<string> {
  for (;;) {
    const state = await jobState(ctx, id);
    if (done(state)) return state;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * 10 clients on GET /api/v1/projects while a 1,000,000-row CSV import runs as a background job in the
 * same server (the in-process worker), against the same clients with no import, on the built server.
 * Targets (issue 7 §4): p99 during the import ≤ 3× the idle p99 on PostgreSQL, ≤ 10× on PGlite.
 * Each subject round saves a new project (upload, the save's check of every row, then the job) and the
 * clients run while the job writes; the round waits for the job to finish before the next baseline.
 */
export default defineLoadScenario<Context>({
  kind: 'load',
  name: 'import-load',
  description: `10 clients on GET /projects during a ${ROWS.toLocaleString('en-US')}-row import job vs idle`,
  p99RatioTarget: databaseKind().startsWith('PostgreSQL') ? 3 : 10,
  defaults: { connections: 10, seconds: 10, rounds: 3 },
  warmUpSubject: false,
  setup: async () => {
    const server = await startBuiltServer();
    const cookie = await loginCookie(server.baseUrl, 'admin@demo.linewalker.app', 'demo1234');
    return { server, cookie, csv: structureCsv(ROWS), imports: 0 };
  },
  subject: async (ctx, options: LoadOptions) => {
    const jobId = await startImport(ctx);
    await until(ctx, jobId, (s) => s !== 'queued');
    const stats = await load(`${ctx.server.baseUrl}/api/v1/projects`, {
      ...options,
      headers: { cookie: ctx.cookie },
    });
    const state = await jobState(ctx, jobId);
    // The clients must have run while rows were being written, else the figure says nothing.
    if (state !== 'running')
      throw new Error(`the import was ${state} before the clients finished; use more rows`);
    const end = await until(ctx, jobId, (s) => s === 'succeeded' || s === 'failed');
    if (end !== 'succeeded') throw new Error(`the import job ${end}`);
    return stats;
  },
  baseline: (ctx, options) =>
    load(`${ctx.server.baseUrl}/api/v1/projects`, { ...options, headers: { cookie: ctx.cookie } }),
  teardown: ({ server }) => server.stop(),
});
