import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/v1/health', () => {
  it('answers 200 while the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: ctx.database.kind });
  });

  it('answers 503 when the database is unreachable', async () => {
    const realPing = ctx.database.ping;
    // Close a second connection to the same database type to get a genuinely failing ping.
    const { openTestDatabase } = await import('../../testing/testApp.ts');
    const other = await openTestDatabase();
    await other.database.close();
    ctx.database.ping = other.database.ping;
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('unavailable');
    } finally {
      ctx.database.ping = realPing;
    }
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document with every API route and its schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    // OpenAPI 3 has no WebSocket operation: the console's live connection is the one route left out.
    expect(ctx.app.apiRoutes.filter((r) => r.websocket).map((r) => r.url)).toEqual(['/api/v1/drones/live']);
    for (const route of ctx.app.apiRoutes.filter((r) => !r.websocket)) {
      const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    const login = doc.paths['/api/v1/users/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('compresses large answers for clients that accept gzip', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('serves the browsable UI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
