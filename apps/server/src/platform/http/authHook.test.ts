import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { registerAuth } from './authHook.ts';

describe('registerAuth', () => {
  it('refuses to register an API route that declares no access rule', async () => {
    const app = Fastify();
    registerAuth(app, {} as Db, new TokenService('x'.repeat(40)));
    expect(() => app.get('/api/v1/forgotten', async () => 'open')).toThrow(/declares no access rule/);
    expect(() =>
      app.get('/api/v1/typo', { config: { access: 'everybody' as never } }, async () => 'open'),
    ).toThrow(/declares no access rule/);
    // A name the policy's object inherits is not one of its actions.
    expect(() =>
      app.get('/api/v1/inherited', { config: { access: 'toString' as never } }, async () => 'open'),
    ).toThrow(/declares no access rule/);
    await app.close();
  });

  it("accepts a domain action, public or authenticated as a route's access", async () => {
    const app = Fastify();
    registerAuth(app, {} as Db, new TokenService('x'.repeat(40)));
    app.get('/api/v1/a', { config: { access: 'project.create' } }, async () => 'a');
    app.get('/api/v1/b', { config: { access: 'public' } }, async () => 'b');
    app.get('/api/v1/c', { config: { access: 'authenticated' } }, async () => 'c');
    await app.ready();
    expect(app.apiRoutes.map((r) => r.access)).toEqual(['project.create', 'public', 'authenticated']);
    expect((await app.inject({ method: 'GET', url: '/api/v1/b' })).body).toBe('b');
    expect((await app.inject({ method: 'GET', url: '/api/v1/a' })).statusCode).toBe(401);
    await app.close();
  });

  it('lets routes outside /api/v1 (the web app, the docs) through without a rule', async () => {
    const app = Fastify();
    registerAuth(app, {} as Db, new TokenService('x'.repeat(40)));
    app.get('/projects', async () => 'page');
    const res = await app.inject({ method: 'GET', url: '/projects' });
    expect(res.body).toBe('page');
    await app.close();
  });
});
