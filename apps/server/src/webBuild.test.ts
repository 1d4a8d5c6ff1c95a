import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './testing/testApp.ts';

/** A web build as apps/web writes it: a script and the `.gz` copy its build step makes. */
const SCRIPT = `export const rows = [${Array.from({ length: 4000 }, (_, i) => i).join(',')}];\n`;
const PACKED_MARK = '/* the build-time copy */';

describe('the web build', () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lw-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Linewalker</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), SCRIPT);
    // Marked, so the answer shows whether the file was sent or compressed again on the way.
    writeFileSync(join(dist, 'assets', 'app.js.gz'), gzipSync(SCRIPT + PACKED_MARK));
    ctx = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the build-time gzip copy of a script to a browser that takes gzip', async () => {
    const res = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT + PACKED_MARK);
  });

  it('sends the script itself to a client that takes no compression', async () => {
    const res = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });
});
