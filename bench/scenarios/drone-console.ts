import { randomUUID } from 'node:crypto';
import { ROLE_IDS } from '@linewalker/domain';
import WebSocket from 'ws';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { createDrone } from '../../apps/server/src/testing/drones.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { type InProcessApp, startInProcessApp } from '../lib/inProcessApp.ts';
import { defineScenario } from '../lib/scenario.ts';

/** Consoles watching the drone at once (the figure). */
const VIEWERS = 10;

interface Viewer {
  socket: WebSocket;
  statuses: number;
  frames: number;
  /** Frame rendered → received by this viewer's socket, ms. */
  latencies: number[];
}

interface Context {
  database: Database;
  server: InProcessApp;
  baseUrl: string;
  droneId: number;
  viewers: Viewer[];
  heartbeat: ReturnType<typeof setInterval>;
  /** Key-down (the command sent) → the vehicle's acknowledgement back in the client, ms. */
  commandMs: number[];
  watchStartedAt: number;
  turn: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function call(c: Pick<Context, 'baseUrl' | 'server'>, method: string, path: string, body?: unknown) {
  const res = await fetch(`${c.baseUrl}/api/v1${path}`, {
    method,
    headers: { ...c.server.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

function watch(baseUrl: string, authorization: string, droneId: number): Promise<Viewer> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/v1/drones/live`, {
    headers: { authorization },
  });
  const viewer: Viewer = { socket, statuses: 0, frames: 0, latencies: [] };
  socket.on('message', (data) => {
    const text = data.toString();
    if (text.startsWith('{"op":"status"')) viewer.statuses++;
    else if (text.startsWith('{"op":"detectorFrame"')) {
      viewer.frames++;
      const renderedAt = Number(/"renderedAt":([\d.]+)/.exec(text.slice(-40))?.[1]);
      if (Number.isFinite(renderedAt)) viewer.latencies.push(Date.now() - renderedAt);
    }
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.send(JSON.stringify({ droneId, op: 'subscriber' }));
      resolve(viewer);
    });
    socket.once('error', reject);
  });
}

export default defineScenario<Context>({
  name: 'drone-console',
  description:
    `a flight command on the remote console (POST /drones/sendCommand: logged, sent to the simulated vehicle, ` +
    `acknowledged) while ${VIEWERS} consoles watch its status and video, vs an authenticated read of the ` +
    'same drone (GET /drones/{id}/control) on the same server',
  measure: { rounds: 5, roundMs: 1000, warmup: 3 },
  async setup() {
    const database = await openBenchDatabase();
    const server = await startInProcessApp(database, `drone-console-${process.pid}`, ROLE_IDS.inspector);
    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const droneId = await createDrone(database.db, null, 'Bench Quad');
    const c = { baseUrl, server };
    await call(c, 'POST', `/drones/${droneId}/control`);
    const viewers = await Promise.all(
      Array.from({ length: VIEWERS }, () => watch(baseUrl, server.headers.authorization, droneId)),
    );
    // The pilot's console beats once a second, as the page does (else the link-loss failsafe acts).
    const heartbeat = setInterval(() => viewers[0]!.socket.send('{"op":"heartbeat"}'), 1000);
    for (const endpoint of ['/arm', '/takeoff'])
      await call(c, 'POST', `/drones/sendCommand/${droneId}`, {
        requestId: randomUUID(),
        endpoint,
        requestJson: null,
      });
    // Moves are refused while the vehicle climbs to its take-off height: wait until one is taken.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await call(c, 'POST', `/drones/sendCommand/${droneId}`, {
        requestId: randomUUID(),
        endpoint: '/moveUp',
        requestJson: null,
      });
      if (answer.result === 'executed') break;
      if (Date.now() > deadline) throw new Error(`the drone did not take off: ${answer.message}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const v of viewers) {
      v.statuses = 0;
      v.frames = 0;
      v.latencies = [];
    }
    return {
      database,
      server,
      baseUrl,
      droneId,
      viewers,
      heartbeat,
      commandMs: [],
      watchStartedAt: Date.now(),
      turn: 0,
    };
  },
  async subject(c) {
    // Forward and back in turn: the drone stays near home, inside its geofence.
    const endpoint = c.turn++ % 2 === 0 ? '/moveForward' : '/moveBackward';
    const started = performance.now();
    const answer = await call(c, 'POST', `/drones/sendCommand/${c.droneId}`, {
      requestId: randomUUID(),
      endpoint,
      requestJson: null,
    });
    c.commandMs.push(performance.now() - started);
    if (answer.result !== 'executed') throw new Error(`${endpoint}: ${answer.result} ${answer.message}`);
  },
  baseline(c) {
    return call(c, 'GET', `/drones/${c.droneId}/control`);
  },
  report(c) {
    const seconds = (Date.now() - c.watchStartedAt) / 1000;
    const statusHz = Math.min(...c.viewers.map((v) => v.statuses / seconds));
    const fps = c.viewers.map((v) => v.frames / seconds);
    const latencies = c.viewers.flatMap((v) => v.latencies);
    return [
      `command sent → acknowledged: p50 ${percentile(c.commandMs, 50).toFixed(1)} ms, p95 ${percentile(c.commandMs, 95).toFixed(1)} ms (target p95 ≤ 100 ms) over ${c.commandMs.length} commands`,
      `status to each of ${VIEWERS} consoles: ≥ ${statusHz.toFixed(1)} Hz (target ≥ 5 Hz)`,
      `video to each of ${VIEWERS} consoles: ${Math.min(...fps).toFixed(1)}–${Math.max(...fps).toFixed(1)} frames/s of 640 × 360 (target ≥ 15)`,
      `frame rendered → received by a console's socket: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms over ${latencies.length} frames (target glass-to-glass p95 ≤ 200 ms; the page's draw adds one image decode)`,
    ].join('\n');
  },
  async teardown(c) {
    clearInterval(c.heartbeat);
    for (const v of c.viewers) v.socket.terminate();
    await c.server.close();
    await c.database.close();
  },
});
