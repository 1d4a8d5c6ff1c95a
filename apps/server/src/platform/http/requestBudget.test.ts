import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerRequestBudget } from './requestBudget.ts';

// The per-request time budget against a real HTTP server: a slow answer becomes 503 and is logged once; a
// request whose client hung up first is neither answered nor logged as out of budget (the e2e runs used to
// log dozens of such warnings for pages closed while their requests were in flight).

const BUDGET_MS = 400;

let app: FastifyInstance;
let logged: { msg: string; route?: string }[];
/** Resolves when the slow route's request has been closed by its client. */
let clientGone: Promise<void>;
/** Resolved by the hang-up route once its request has reached the handler. */
let reachedHandler: () => void;

async function start(): Promise<string> {
  logged = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  app = Fastify({ logger: { level: 'warn', stream } });
  registerRequestBudget(app, BUDGET_MS);
  app.get('/api/v1/slow', async (req) => {
    clientGone = new Promise((resolve) => req.raw.once('close', () => resolve()));
    await sleep(BUDGET_MS * 2);
    return { done: true };
  });
  app.get('/api/v1/hangup', async (req) => {
    reachedHandler();
    // Waits for its client to go away (deterministic, whatever the machine's speed), then outlives the budget.
    await new Promise((resolve) => req.raw.socket.once('close', resolve));
    await sleep(BUDGET_MS * 2);
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await app.close();
});

const budgetWarnings = () => logged.filter((l) => l.msg === 'request out of time budget');

describe('request budget', () => {
  it('answers 503 with Retry-After when the handler takes longer than the budget, and logs it once', async () => {
    const base = await start();
    const res = await fetch(`${base}/api/v1/slow`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({ code: 'service_unavailable' });
    await clientGone;
    await sleep(BUDGET_MS * 2);
    expect(budgetWarnings()).toEqual([expect.objectContaining({ route: '/api/v1/slow' })]);
  });

  it('neither answers nor logs a request whose client hung up before the budget ran out', async () => {
    const base = await start();
    const reached = new Promise<void>((resolve) => {
      reachedHandler = resolve;
    });
    const req = request(`${base}/api/v1/hangup`);
    req.on('error', () => undefined);
    req.end();
    // Hang up once the request is in the handler.
    await reached;
    req.destroy();
    // Well past the budget and the handler's own end.
    await sleep(BUDGET_MS * 4);
    expect(budgetWarnings()).toEqual([]);
  });
});
