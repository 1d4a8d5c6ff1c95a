import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, fileUploads, sourceFiles } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createProject } from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

/** A small cap, so over-long bodies stay small. */
const MAX = 1024;

let ctx: TestContext;
let pm: Record<string, string>;
let pmId: number;

beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_MAX_BYTES: String(MAX) });
  const user = await createUser(ctx.database.db, 'project_manager');
  pmId = user.id;
  pm = bearer(await loginToken(ctx.app, user));
});
afterAll(() => ctx.close());

const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return u.pathname + u.search;
};

/** Registers a CSV upload through sign-s3, as the browser does: its key and signed PUT path. */
async function signCsv(): Promise<{ key: string; put: string }> {
  const res = await ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=csv', headers: pm });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ key: string; signedRequest: string }>();
  return { key: body.key, put: pathOf(body.signedRequest) };
}

const put = (url: string, payload: string | Buffer | Readable, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PUT', url, payload, headers: { 'content-type': 'text/csv', ...headers } });

const uploadRow = async (key: string) =>
  (await ctx.database.db.select().from(fileUploads).where(eq(fileUploads.storageKey, key)))[0]!;

const stored = async (key: string) => {
  if (!(await ctx.app.deps.storage.exists(key))) return null;
  return Buffer.concat(await (await ctx.app.deps.storage.read(key)).toArray()).toString();
};

/** Files left in the key's folder other than finished ones (temporary `.part` files). */
async function leftovers(key: string): Promise<string[]> {
  const dir = join(ctx.config.dataDir, 'files', key, '..');
  return (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.part'));
}

/** A body that arrives in `chunks` pieces over several event-loop turns, so concurrent PUTs overlap. */
function slowBody(text: string, chunks = 8): Readable {
  const size = Math.ceil(text.length / chunks);
  return Readable.from(
    (async function* () {
      for (let i = 0; i < text.length; i += size) {
        await tick();
        yield Buffer.from(text.slice(i, i + size));
      }
    })(),
  );
}

const md5 = (text: string) => createHash('md5').update(text).digest('base64');

describe('PUT to a signed URL (local storage)', () => {
  it('stores the body, records completed_at, size_bytes and the md5 of the bytes, and audits it for the signer', async () => {
    const { key, put: url } = await signCsv();
    const body = 'Line,Structure,Latitude,Longitude\nL1,1,38.8,-97.6\n';
    const res = await put(url, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, size_bytes: body.length });
    expect(await stored(key)).toBe(body);
    const row = await uploadRow(key);
    expect(row.sizeBytes).toBe(body.length);
    expect(row.md5).toBe(md5(body));
    expect(row.completedAt).toBeInstanceOf(Date);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.upload'), eq(auditLog.objectId, row.id)));
    expect(audits.map((a) => a.userId)).toEqual([pmId]);
  });

  it('takes any body as raw bytes, JSON included, when signed for that type', async () => {
    const key = 'uploads/test/plan.json';
    await ctx.database.db.insert(fileUploads).values({ storageKey: key, kind: 'flight_plan' });
    const url = pathOf(await ctx.app.deps.storage.signedPutUrl(key, 'application/json'));
    const res = await put(url, '{"not":"parsed"', { 'content-type': 'application/json; charset=utf-8' });
    expect(res.statusCode).toBe(200);
    expect(await stored(key)).toBe('{"not":"parsed"');
  });

  it('takes a document sent with no type or a common alternative as the type its link was signed for', async () => {
    for (const type of [undefined, 'application/octet-stream', 'application/vnd.ms-excel', 'text/plain']) {
      const { key, put: url } = await signCsv();
      const res = await ctx.app.inject({
        method: 'PUT',
        url,
        payload: 'Line,Structure\nL1,1\n',
        headers: type === undefined ? {} : { 'content-type': type },
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
      expect(await stored(key)).toBe('Line,Structure\nL1,1\n');
    }
    for (const type of [undefined, 'application/zip', 'application/octet-stream']) {
      const signed = await ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=kmz', headers: pm });
      const { key, signedRequest } = signed.json<{ key: string; signedRequest: string }>();
      const res = await ctx.app.inject({
        method: 'PUT',
        url: pathOf(signedRequest),
        payload: Buffer.from('PK\x03\x04'),
        headers: type === undefined ? {} : { 'content-type': type },
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
      expect(await stored(key)).not.toBeNull();
    }
    // A type no such file has is still refused (the next test: text/html on a CSV link).
    const { put: url } = await signCsv();
    expect((await put(url, 'a', { 'content-type': 'image/jpeg' })).statusCode).toBe(403);
  });

  it('answers 403 for a wrong signature, an expired link, another key, another content type or a GET link', async () => {
    const storage = ctx.app.deps.storage;
    const { key, put: url } = await signCsv();
    const other = await signCsv();
    const good = new URL(url, 'http://localhost');
    const expires = good.searchParams.get('expires');
    const signature = good.searchParams.get('signature');
    const cases: [string, string, string][] = [
      ['wrong signature', `${good.pathname}?expires=${expires}&signature=${'x'.repeat(43)}`, 'text/csv'],
      ['expired', pathOf(await storage.signedPutUrl(key, 'text/csv', -10)), 'text/csv'],
      ['another key', `/api/v1/files/${other.key}?expires=${expires}&signature=${signature}`, 'text/csv'],
      ['another content type', url, 'text/html'],
      ['a GET link', pathOf(await storage.signedGetUrl(key)), 'text/csv'],
    ];
    for (const [what, target, type] of cases) {
      const res = await put(target, '<script>alert(1)</script>', { 'content-type': type });
      expect(res.statusCode, what).toBe(403);
      expect(res.json().code, what).toBe('bad_signature');
    }
    expect(await stored(key)).toBeNull();
    expect(await stored(other.key)).toBeNull();
  });

  it('answers 404 for a signed key no upload was registered for', async () => {
    const url = pathOf(await ctx.app.deps.storage.signedPutUrl('uploads/test/unregistered.csv', 'text/csv'));
    expect((await put(url, 'a')).statusCode).toBe(404);
    expect(await stored('uploads/test/unregistered.csv')).toBeNull();
  });

  it('answers 413 when the declared length passes the cap, before reading the body', async () => {
    const { key, put: url } = await signCsv();
    const res = await put(url, 'x'.repeat(MAX + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('too_large');
    expect(await stored(key)).toBeNull();
  });

  it('answers 413 on the bytes received when Content-Length lies, keeps nothing, and lets the upload be retried', async () => {
    const { key, put: url } = await signCsv();
    const res = await put(url, 'x'.repeat(MAX * 3), { 'content-length': '10' });
    expect(res.statusCode).toBe(413);
    expect(await stored(key)).toBeNull();
    expect(await leftovers(key)).toEqual([]);
    expect((await uploadRow(key)).completedAt).toBeNull();
    // Exactly at the cap is allowed.
    expect((await put(url, 'y'.repeat(MAX))).statusCode).toBe(200);
    expect(await stored(key)).toBe('y'.repeat(MAX));
  });

  it('answers 413 to a chunked body with no Content-Length over real HTTP, and keeps nothing', async () => {
    const { key, put: url } = await signCsv();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = ctx.app.server.address() as AddressInfo;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          // Four chunks of 512 bytes: twice the cap, never declared.
          for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(512).fill(120));
          controller.close();
        },
      });
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'PUT',
        body,
        headers: { 'content-type': 'text/csv' },
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { code: string }).code).toBe('too_large');
    } finally {
      await new Promise((done) => ctx.app.server.close(done));
    }
    expect(await stored(key)).toBeNull();
    expect(await leftovers(key)).toEqual([]);
    expect((await uploadRow(key)).completedAt).toBeNull();
  });

  it('answers 409 to a second PUT once the upload is complete, keeping the first file', async () => {
    const { key, put: url } = await signCsv();
    expect((await put(url, 'first\n')).statusCode).toBe(200);
    const again = await put(url, 'second\n');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_uploaded');
    expect(await stored(key)).toBe('first\n');
    expect((await uploadRow(key)).sizeBytes).toBe(6);
  });

  it('lets exactly one of several concurrent PUTs win whole; the others get 409, never a 500 or a mixed file', async () => {
    const { key, put: url } = await signCsv();
    const bodies = ['a', 'b', 'c', 'd', 'e'].map((c) => `${c.repeat(99)}\n`.repeat(8));
    const answers = await Promise.all(bodies.map((b) => put(url, slowBody(b))));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = bodies[answers.findIndex((a) => a.statusCode === 200)];
    expect(await stored(key)).toBe(winner);
    expect((await uploadRow(key)).sizeBytes).toBe(winner!.length);
    expect((await uploadRow(key)).md5).toBe(md5(winner!));
    expect(await leftovers(key)).toEqual([]);
  });
});

describe('GET from a signed URL (local storage)', () => {
  it('serves the file as an opaque download, only for the signed key and before it expires', async () => {
    const storage = ctx.app.deps.storage;
    await storage.write('uploads/test/page.html', Buffer.from('<script>alert(1)</script>'));
    await storage.write('uploads/test/other.html', Buffer.from('other'));
    const url = await storage.signedGetUrl('uploads/test/page.html');
    const res = await ctx.app.inject({ url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<script>alert(1)</script>');
    expect(res.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment',
      'x-content-type-options': 'nosniff',
    });
    const otherKey = pathOf(url).replace('page.html', 'other.html');
    expect((await ctx.app.inject({ url: otherKey })).statusCode).toBe(403);
    const expired = pathOf(await storage.signedGetUrl('uploads/test/page.html', -1));
    expect((await ctx.app.inject({ url: expired })).statusCode).toBe(403);
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
    await expect(ctx.app.deps.storage.signedGetUrl('a/../../b')).rejects.toThrow(/unsafe/);
  });
});

describe('GET /api/v1/projects/:id/files/:fileId', () => {
  it("redirects to a short-lived signed GET only for readers with a right to the project's company", async () => {
    const db = ctx.database.db;
    const own = await createCompany(db);
    const other = await createCompany(db);
    const projectId = await createProject(db, own);
    const otherProjectId = await createProject(db, other);
    const key = 'uploads/csv/source-of-project.csv';
    await ctx.app.deps.storage.write(key, Buffer.from('lat,lon\n1,2\n'));
    const [file] = await db
      .insert(sourceFiles)
      .values({ projectId, kind: 'csv', storageKey: key, url: key, name: 'poles.csv' })
      .returning({ id: sourceFiles.id });
    const customerOwn = bearer(
      await loginToken(ctx.app, await createUser(db, 'customer', { companyId: own })),
    );
    const customerOther = bearer(
      await loginToken(ctx.app, await createUser(db, 'customer', { companyId: other })),
    );
    const inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
    const route = `/api/v1/projects/${projectId}/files/${file!.id}`;

    for (const headers of [pm, inspector, customerOwn]) {
      const res = await ctx.app.inject({ url: route, headers });
      expect(res.statusCode).toBe(302);
      const location = res.headers.location as string;
      const expires = Number(new URL(location, 'http://x').searchParams.get('expires'));
      expect(expires - Date.now() / 1000).toBeLessThanOrEqual(60);
      const download = await ctx.app.inject({ url: location });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('lat,lon\n1,2\n');
    }
    expect((await ctx.app.inject({ url: route, headers: customerOther })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: route })).statusCode).toBe(401);
    // The file id under another project (even one the caller may see) is not found.
    const elsewhere = `/api/v1/projects/${otherProjectId}/files/${file!.id}`;
    expect((await ctx.app.inject({ url: elsewhere, headers: pm })).statusCode).toBe(404);
  });
});
