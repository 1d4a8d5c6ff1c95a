import { KMZ_MESSAGES } from '@linewalker/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, fileUploads } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { projectPayload } from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { IMPORT_MESSAGES } from '../projects/csvImport.rows.ts';

let ctx: TestContext;
let pm: Record<string, string>;
let inspector: Record<string, string>;
let customer: Record<string, string>;

const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return u.pathname + u.search;
};

beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_MAX_BYTES: String(1024 * 1024) });
  const db = ctx.database.db;
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  const companyId = await createCompany(db);
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
});
afterAll(() => ctx.close());

/** sign → PUT to the signed URL, as the browser does; returns the `url` later calls take. */
async function upload(body: string | Buffer, extension = 'csv'): Promise<string> {
  const sign = await ctx.app.inject({
    url: `/api/v1/doc_upload/sign-s3?extension=${extension}`,
    headers: pm,
  });
  expect(sign.statusCode).toBe(200);
  const { signedRequest, url } = sign.json<{ signedRequest: string; url: string }>();
  const put = await ctx.app.inject({
    method: 'PUT',
    url: pathOf(signedRequest),
    payload: body,
    // The type sign-s3 signed for this extension.
    headers: { 'content-type': extension === 'kmz' ? 'application/vnd.google-earth.kmz' : 'text/csv' },
  });
  expect(put.statusCode).toBe(200);
  return url;
}

const getFields = (url: string, headers = pm) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/kmz/getFields', payload: { url }, headers });

describe('GET /api/v1/doc_upload/sign-s3', () => {
  it('registers the upload under a fresh key and audits it', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=csv', headers: pm });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ signedRequest: string; url: string; key: string }>();
    expect(body.key).toMatch(/^uploads\/csv\/[0-9a-f-]{36}\.csv$/);
    expect(body.url).toBe(body.key);
    expect(body.signedRequest).toContain(`/api/v1/files/${body.key}?expires=`);
    const [row] = await ctx.database.db
      .select()
      .from(fileUploads)
      .where(eq(fileUploads.storageKey, body.key));
    expect(row).toMatchObject({ kind: 'csv', contentType: 'text/csv' });
    const [audit] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.objectId, row!.id));
    expect(audit!.n).toBe(1);
  });

  it('signs KMZ files too and refuses other extensions', async () => {
    const kmz = await ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=kmz', headers: pm });
    expect(kmz.statusCode).toBe(200);
    expect(kmz.json().key).toMatch(/\.kmz$/);
    for (const q of ['extension=exe', 'extension=', '']) {
      const res = await ctx.app.inject({ url: `/api/v1/doc_upload/sign-s3?${q}`, headers: pm });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('is refused to roles that may not create projects', async () => {
    for (const headers of [inspector, customer]) {
      const res = await ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=csv', headers });
      expect(res.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=csv' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/kmz/getFields', () => {
  it('answers columns with samples, the delimiter and the row count, and flags the coordinate columns', async () => {
    const url = await upload('Line,Structure,Latitude,Longitude\nL1,1,38.8,-97.6\nL1,2,38.81,-97.61\n');
    const res = await getFields(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      delimiter: ',',
      fields: [
        { name: 'Line', samples: ['L1', 'L1'], isLat: false, isLon: false, filled: 2, sampledRows: 2 },
        { name: 'Structure', samples: ['1', '2'], isLat: false, isLon: false, filled: 2, sampledRows: 2 },
        {
          name: 'Latitude',
          samples: ['38.8', '38.81'],
          isLat: true,
          isLon: false,
          filled: 2,
          sampledRows: 2,
        },
        {
          name: 'Longitude',
          samples: ['-97.6', '-97.61'],
          isLat: false,
          isLon: true,
          filled: 2,
          sampledRows: 2,
        },
      ],
      latField: 'Latitude',
      lonField: 'Longitude',
      coordinateFieldsError: null,
      rowCount: 2,
    });
  });

  it('reads a BOM, CRLF, quoted fields, blank lines, blank headers and ; separators', async () => {
    const text = '\uFEFF"Line; name";STR;;Y;X\r\n\r\n"A; ""1""";7;z;-19.8;-43.7\r\n';
    const res = await getFields(await upload(text));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fields.map((f: { name: string }) => f.name)).toEqual([
      'Line; name',
      'STR',
      'UnknownColumn_2',
      'Y',
      'X',
    ]);
    expect(body.fields[0].samples).toEqual(['A; "1"']);
    expect(body).toMatchObject({
      delimiter: ';',
      latField: 'Y',
      lonField: 'X',
      coordinateFieldsError: null,
      rowCount: 1,
    });
  });

  it('keeps 3 non-blank samples per column and counts every row of a large file', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `L,${i % 3 === 0 ? '' : i},1,2`);
    const res = await getFields(await upload(`line,str,lat,lon\n${rows.join('\n')}\n`));
    expect(res.json().fields[1].samples).toEqual(['1', '2', '4']);
    expect(res.json().rowCount).toBe(50_000);
  });

  it("reports the spec's coordinate messages when detection fails", async () => {
    const missing = await getFields(await upload('Line,Structure,Latitude\nL1,1,38.8\n'));
    expect(missing.json()).toMatchObject({
      latField: 'Latitude',
      lonField: null,
      coordinateFieldsError:
        'Missing longitude column/field. One latitude column/field must be (Y, lat or latitude), and one longitude column/field must be (X, lon, lng or longitude). Please correct the file and import again.',
    });
    const twice = await getFields(await upload('lat,Y,lon,s\n1,2,3,4\n'));
    expect(twice.json().coordinateFieldsError).toMatch(
      /^More than one latitude\/longitude columns were found in the file\. One latitude/,
    );
    expect(twice.json().fields.filter((f: { isLat: boolean }) => f.isLat)).toHaveLength(2);
    const noPairs = await getFields(await upload('line,str,lat,lon\nA,1,,\nA,2,x,y\n'));
    expect(noPairs.json().coordinateFieldsError).toBe(
      'No valid latitude or longitude fields found in the file.',
    );
  });

  it('answers an empty field list with the message for an empty file', async () => {
    const res = await getFields(await upload(''));
    expect(res.statusCode).toBe(200);
    expect(res.json().fields).toEqual([]);
    expect(res.json().coordinateFieldsError).toMatch(/^Missing latitude column\/field\. Missing longitude/);
  });

  it('answers 400 with the reason for a KMZ that is not a readable zip (KMZ fields: bids.kmz.test.ts)', async () => {
    const res = await getFields(await upload(Buffer.from([0x50, 0x4b, 3, 4]), 'kmz'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      requestId: expect.any(String),
      code: 'unsupported_file',
      message: KMZ_MESSAGES.badZip,
    });
  });

  it('answers 404 for a url this server did not issue, or whose file never arrived', async () => {
    await ctx.app.deps.storage.write('uploads/csv/planted.csv', Buffer.from('lat,lon\n1,2\n'));
    expect((await getFields('uploads/csv/planted.csv')).statusCode).toBe(404);
    expect((await getFields('../../etc/passwd')).statusCode).toBe(404);
    const sign = await ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=csv', headers: pm });
    expect((await getFields(sign.json().url)).statusCode).toBe(404);
  });

  it('answers 404 for an upload another user signed: a key is not a permission', async () => {
    const url = await upload('lat,lon\n1,2\n');
    const otherPm = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'project_manager')));
    const admin = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'super_admin')));
    expect((await getFields(url, otherPm)).statusCode).toBe(404);
    expect((await getFields(url, admin)).statusCode).toBe(404);
    expect((await getFields(url)).statusCode).toBe(200);
    const companyId = await createCompany(ctx.database.db);
    const kmz = {
      url,
      name: 'theirs.csv',
      latField: 'lat',
      lonField: 'lon',
      lineNameField: 'lat',
      structNumField: 'lon',
    };
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: projectPayload(companyId, { kmzs: [kmz] }),
      headers: otherPm,
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().files).toEqual([
      expect.objectContaining({ url, reasons: [IMPORT_MESSAGES.fileNotFound] }),
    ]);
  });

  it('records an upload that reached storage without our PUT (S3) when first used, and refuses it past the cap', async () => {
    const sign = await ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=csv', headers: pm });
    const { url } = sign.json<{ url: string }>();
    await ctx.app.deps.storage.write(url, Buffer.from('lat,lon\n1,2\n'));
    expect((await getFields(url)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(fileUploads).where(eq(fileUploads.storageKey, url));
    expect(row!.sizeBytes).toBe(12);
    expect(row!.completedAt).toBeInstanceOf(Date);

    const big = (
      await ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=csv', headers: pm })
    ).json<{
      url: string;
    }>().url;
    await ctx.app.deps.storage.write(big, Buffer.alloc(ctx.config.uploadMaxBytes + 1, 'x'));
    const res = await getFields(big);
    expect(res.statusCode).toBe(413);
    expect(await ctx.app.deps.storage.exists(big)).toBe(false);
  });

  it('is refused to customers and to roles that may not create projects', async () => {
    const url = await upload('lat,lon\n1,2\n');
    expect((await getFields(url, customer)).statusCode).toBe(403);
    expect((await getFields(url, inspector)).statusCode).toBe(403);
  });
});
