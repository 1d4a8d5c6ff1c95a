import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return u.pathname + u.search;
};

describe('local storage signed URLs', () => {
  it('stores a PUT to a signed URL and serves it back through a signed GET', async () => {
    const storage = ctx.app.deps.storage;
    const body = 'Line,Structure,Latitude,Longitude\nL1,1,38.8,-97.6\n';
    const put = await ctx.app.inject({
      method: 'PUT',
      url: pathOf(await storage.signedPutUrl('uploads/test/a.csv', 'text/csv')),
      payload: body,
      headers: { 'content-type': 'text/csv' },
    });
    expect(put.statusCode).toBe(200);
    const get = await ctx.app.inject({
      method: 'GET',
      url: pathOf(await storage.signedGetUrl('uploads/test/a.csv')),
    });
    expect(get.statusCode).toBe(200);
    expect(get.body).toBe(body);
  });

  it('accepts any content type, JSON included, as raw bytes', async () => {
    const storage = ctx.app.deps.storage;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: pathOf(await storage.signedPutUrl('uploads/test/plan.json', 'application/json')),
      payload: '{"not":"parsed"',
      headers: { 'content-type': 'application/json' },
    });
    expect(put.statusCode).toBe(200);
    expect(await storage.exists('uploads/test/plan.json')).toBe(true);
  });

  it('refuses a tampered signature, another key, an expired link and a GET signature used for PUT', async () => {
    const storage = ctx.app.deps.storage;
    const good = new URL(await storage.signedPutUrl('uploads/test/b.csv', 'text/csv'), 'http://localhost');
    const tampered = `${good.pathname}?expires=${good.searchParams.get('expires')}&signature=${'x'.repeat(43)}`;
    const otherKey = `${good.pathname.replace('b.csv', 'c.csv')}${good.search}`;
    const expired = `${good.pathname}?expires=${Math.floor(Date.now() / 1000) - 10}&signature=${good.searchParams.get('signature')}`;
    const getUrl = new URL(await storage.signedGetUrl('uploads/test/b.csv'), 'http://localhost');
    const wrongMethod = `${getUrl.pathname}${getUrl.search}`;
    for (const url of [tampered, otherKey, expired, wrongMethod]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url,
        payload: 'x',
        headers: { 'content-type': 'text/csv' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('bad_signature');
    }
    expect(await storage.exists('uploads/test/b.csv')).toBe(false);
    expect(await storage.exists('uploads/test/c.csv')).toBe(false);
  });

  it('answers 404 for a signed GET of a missing file', async () => {
    const url = pathOf(await ctx.app.deps.storage.signedGetUrl('uploads/test/missing.csv'));
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('hands out same-origin relative URLs, so uploads work at whatever address the app is reached', async () => {
    expect(await ctx.app.deps.storage.signedPutUrl('uploads/test/d.csv', 'text/csv')).toMatch(
      /^\/api\/v1\/files\/uploads\/test\/d\.csv\?expires=\d+&signature=/,
    );
  });

  it('refuses keys that could leave the storage folder', async () => {
    await expect(ctx.app.deps.storage.signedPutUrl('../etc/passwd', 'text/plain')).rejects.toThrow(/unsafe/);
    await expect(ctx.app.deps.storage.signedPutUrl('a/../../b', 'text/plain')).rejects.toThrow(/unsafe/);
  });
});
