import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    HIDE_ARCHIVED_KEYWORDS: 'Acme Power, Grid',
    MAP_STYLE_URL: '',
    MAP_SATELLITE_TILES_URL: '',
  });
});
afterAll(() => ctx.close());

describe('GET /api/v1/config', () => {
  it('answers the public settings, the Hide Archived keywords among them, to anyone', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      productName: 'Linewalker',
      basemaps: { streets: null, satellite: null },
      hideArchivedKeywords: ['acme power', 'grid'],
    });
  });
});
