import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../../app.ts';
import { openTestDatabase } from '../../testing/testApp.ts';
import { loadConfig } from '../config.ts';

let app: App;
let drop: () => Promise<void>;
let dataDir: string;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lw-errors-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    WEB_DIST: join(dataDir, 'no-web'),
    LOG_LEVEL: 'info',
  });
  const opened = await openTestDatabase();
  drop = opened.drop;
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  app = await buildApp({ config, database: opened.database, logStream });
  // A handler that fails the way a broken query does: its message must never reach the client.
  app.get('/boom', () => {
    throw new Error('relation "secret_table" does not exist: select * from secret_table');
  });
  // A route with zod's default type messages, as most query parameters have.
  app.get('/typed', { schema: { querystring: z.object({ n: z.coerce.number(), s: z.string() }) } }, () => ({
    ok: true,
  }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('error answers', () => {
  it("words zod's default type messages for people: a missing value is required, a bad number must be one", async () => {
    const res = await app.inject({ url: '/typed?n=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message: 'querystring.n: Must be a number; querystring.s: Required',
    });
  });

  it('answers a failure with a code, a plain message and the request id, never a stack or SQL', async () => {
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      code: 'internal_error',
      message: 'Something went wrong',
      requestId: expect.any(String),
    });
    expect(res.body).not.toMatch(/secret_table|select|at .*\.ts/);
    expect(res.headers['x-request-id']).toBe(body.requestId);
    // The log line about it carries the same id and the real cause.
    const logged = lines.find((l) => l.msg === 'request failed');
    expect(logged).toMatchObject({ reqId: body.requestId, level: 50 });
    expect(JSON.stringify(logged)).toContain('secret_table');
  });

  it('gives every answer its own id, and ignores one the client sends', async () => {
    const a = await app.inject({ url: '/api/v1/projects', headers: { 'x-request-id': 'chosen-by-client' } });
    const b = await app.inject({ url: '/api/v1/projects' });
    expect(a.statusCode).toBe(401);
    expect(a.json()).toMatchObject({ code: 'unauthorized', requestId: a.headers['x-request-id'] });
    expect(a.headers['x-request-id']).not.toBe('chosen-by-client');
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("answers Fastify's own refusals with catalogue codes", async () => {
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 'bad_request', requestId: expect.any(String) });
    const missing = await app.inject({ url: '/api/v1/no-such-route' });
    expect(missing.json()).toMatchObject({ code: 'not_found', requestId: expect.any(String) });
  });
});
