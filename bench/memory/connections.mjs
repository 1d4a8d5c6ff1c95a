// Memory of the server process under N concurrent connections (README 'Memory').
// Usage: npm run build, then `node bench/memory/connections.mjs [connections=50] [seconds=60] [port=3313]`
// (DATABASE_URL set = PostgreSQL, else the embedded PGlite). Starts `node apps/server/dist/main.js` on a fresh
// data folder with the demo data, logs in as the demo project manager, and keeps N connections busy on the
// project list, a project's structure page, overview map and inspections and its lines; samples the server's RSS every second.
// MEMORY_DATA_DIR runs on an existing data folder instead (e.g. one filled by `npm run seed -- --structures 30000`,
// kept afterwards) and MEMORY_PROJECT_ID picks the project the reads ask for.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const connections = Number(process.argv[2] ?? 50);
const seconds = Number(process.argv[3] ?? 60);
const port = Number(process.argv[4] ?? 3313);
const base = `http://127.0.0.1:${port}`;
const dataDir = process.env.MEMORY_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lw-memory-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

try {
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error('server did not start');
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
  await sleep(3000);
  const idle = rssMb();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 1000);
  const paths = [
    '/api/v1/projects',
    `/api/v1/structures?projectId=${projectId}&limit=100`,
    `/api/v1/structures/overview?projectId=${projectId}`,
    `/api/v1/inspections/${projectId}`,
    `/api/v1/structures/lines?projectId=${projectId}`,
  ];
  let n = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
  });
  clearInterval(sampler);
  const after = rssMb();
  await sleep(15_000);
  const settled = rssMb();
  const codes = Object.entries(result)
    .filter(([k, v]) => /^\dxx$/.test(k) && v)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(
    JSON.stringify({
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      connections,
      seconds,
      requests: result.requests.total,
      answers: codes,
      p99Ms: result.latency.p99,
      rssMb: { idle, peak, end: after, after15s: settled },
      load: readFileSync('/proc/loadavg', 'utf8').trim(),
    }),
  );
} finally {
  server.kill('SIGTERM');
  await sleep(2000);
  if (!process.env.MEMORY_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
}
