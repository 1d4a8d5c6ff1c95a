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
