// Peak memory of the server process while N clients read whole-list answers at once (issue 21 §5).
// Usage: npm run build, then `node bench/memory/wholeLists.mjs [readers=50] [rounds=3] [port=3314]`
// (DATABASE_URL set = PostgreSQL, else the embedded PGlite of the data folder). MEMORY_DATA_DIR is the data
// folder (e.g. one filled by `npm run seed -- --structures 30000`; a fresh one with the demo data otherwise),
// MEMORY_PROJECT_ID the project read (the first one listed otherwise), MEMORY_SERVER the server entry
// (apps/server/dist/main.js). Each reader asks `GET /inspections/{id}` (no window: every row) `rounds` times
// in a row, reading the body as it arrives and keeping only its length; the server's RSS is sampled every
// 200 ms. Then the same for the Upload tab's structure list.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const readers = Number(process.argv[2] ?? 50);
const rounds = Number(process.argv[3] ?? 3);
const port = Number(process.argv[4] ?? 3314);
const base = `http://127.0.0.1:${port}`;
const dataDir = process.env.MEMORY_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lw-lists-'));
const entry = process.env.MEMORY_SERVER ?? 'apps/server/dist/main.js';
const server = spawn(process.execPath, [entry], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    MQTT_PORT: '0',
    MAP_STYLE_URL: '',
    MAP_SATELLITE_TILES_URL: '',
    // Slow reads on a loaded machine must not be cut by the per-request budget.
    REQUEST_BUDGET_MS: '600000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Reads one answer as it arrives, keeping only its length. */
async function read(path, headers) {
  const started = performance.now();
  let status = 'refused';
  let bytes = 0;
  try {
    const res = await fetch(`${base}${path}`, { headers });
    status = res.status;
    for await (const chunk of res.body) bytes += chunk.length;
  } catch {
    // An answer cut short (a streamed list whose database read failed midway).
    status = `${status} cut`;
  }
  return { status, bytes, ms: performance.now() - started };
}

async function phase(label, path, headers) {
  await sleep(3000);
  const idle = rssMb();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 200);
  const started = performance.now();
  const results = (
    await Promise.all(
      Array.from({ length: readers }, async () => {
        const mine = [];
        for (let r = 0; r < rounds; r++) mine.push(await read(path, headers));
        return mine;
      }),
    )
  ).flat();
  clearInterval(sampler);
  const end = rssMb();
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    list: label,
    readers,
    rounds,
    answers: results.length,
    statuses: Object.fromEntries(
      [...new Set(results.map((r) => r.status))].map((s) => [
        s,
        results.filter((r) => r.status === s).length,
      ]),
    ),
    bodyMb: Number((Math.max(...results.map((r) => r.bytes)) / 1e6).toFixed(1)),
    seconds: Math.round((performance.now() - started) / 1000),
    p50Ms: Math.round(ms[Math.floor(ms.length / 2)]),
    rssMb: { idle, peak, end },
  };
}

try {
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 1200) throw new Error('server did not start');
    await sleep(500);
  }
  const login = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@demo.linewalker.app', password: 'demo1234' }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.token}` };
  const projects = await fetch(`${base}/api/v1/projects`, { headers }).then((r) => r.json());
  const list = Array.isArray(projects) ? projects : (projects.items ?? projects.projects ?? []);
  const projectId = Number(process.env.MEMORY_PROJECT_ID ?? list[0]?.id ?? 1);
  // One read first: the first answer warms caches (and PGlite's heap) for every later one.
  await read(`/api/v1/inspections/${projectId}`, headers);
  const out = {
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    server: entry,
    projectId,
    phases: [
      await phase('inspections', `/api/v1/inspections/${projectId}`, headers),
      await phase('upload structures', `/api/v1/inspections/structures?projectId=${projectId}`, headers),
    ],
    load: readFileSync('/proc/loadavg', 'utf8').trim(),
  };
  console.log(JSON.stringify(out, null, 1));
} finally {
  server.kill('SIGTERM');
  await sleep(2000);
  if (!process.env.MEMORY_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
}
