import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, projects } from '../../platform/db/schema/index.ts';
import { dronePhoto, exifLocalTime, metresToLat } from '../../testing/dronePhotos.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import {
  completeUpload,
  md5Base64,
  putBytes,
  type Token,
  uploadPhoto,
  uploadToken,
} from '../../testing/photoUploads.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { derivedKey } from './imageKeys.ts';

let ctx: TestContext;
let pm: Record<string, string>;
let inspector: Record<string, string>;
let customer: Record<string, string>;
let otherCustomer: Record<string, string>;
let companyId: number;
let projectId: number;
let otherProjectId: number;
let structureIds: number[];
let otherStructureId: number;

/** createStructures puts structure i at (38.8, -97.6 + i × 0.001): about 87 m apart. */
const structureAt = (i: number) => ({ latitude: 38.8, longitude: -97.6 + i * 0.001 });
let label = 0;
const unique = () => `photo ${++label}`;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Ingest Utility');
  const otherCompanyId = await createCompany(db, 'Ingest Other Utility');
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  otherCustomer = bearer(
    await loginToken(ctx.app, await createUser(db, 'customer', { companyId: otherCompanyId })),
  );
  projectId = await createProject(db, companyId, { timeZone: 'America/Chicago' });
  otherProjectId = await createProject(db, otherCompanyId);
  const lineId = await createLine(db, companyId, projectId);
  ({ structureIds } = await createStructures(db, projectId, lineId, 3));
  const otherLine = await createLine(db, otherCompanyId, otherProjectId);
  otherStructureId = (await createStructures(db, otherProjectId, otherLine, 1)).structureIds[0]!;
}, 120_000);
afterAll(() => ctx.close());

const imageRow = async (id: number) => {
  const [row] = await ctx.database.db.select().from(images).where(eq(images.id, id));
  return row!;
};
const imageCount = async (pid = projectId) =>
  (
    await sqlRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from images where project_id = ${pid}`,
    )
  )[0]!.n;
const auditCount = async (action: string) =>
  (
    await sqlRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from audit_log where action = ${action}`,
    )
  )[0]!.n;
const stored = (key: string) => ctx.app.deps.storage.exists(key);

/** A photo taken `standoff` metres south of structure `i`, looking north at it. */
const photoOf = (i: number, extra: Parameters<typeof dronePhoto>[0] | object = {}) =>
  dronePhoto({
    label: unique(),
    latitude: structureAt(i).latitude - metresToLat(20),
    longitude: structureAt(i).longitude,
    altitude: 412.5,
    relativeAltitude: 25,
    gimbalPitch: -30,
    gimbalYaw: 0,
    flightYaw: 10,
    ...extra,
  });

describe('existingMd5 and checkImagesUploaded', () => {
  it('lists the md5 of every photo of the project and the upload concurrency', async () => {
    const bytes = await photoOf(0);
    const { res } = await uploadPhoto(ctx.app, pm, projectId, bytes);
    expect(res!.statusCode).toBe(200);
    for (const url of ['/inspections/existingMd5/', '/inspections/existingMd5']) {
      const list = await ctx.app.inject({ url: `/api/v1${url}?projectId=${projectId}`, headers: inspector });
      expect(list.statusCode).toBe(200);
      expect(list.json().concurrentUploads).toBe(2);
      expect(list.json().md5Images).toContain(md5Base64(bytes));
    }
    const check = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/inspections/checkImagesUploaded',
      headers: pm,
      payload: { projectId, md5s: [md5Base64(bytes), 'AAAAAAAAAAAAAAAAAAAAAA=='] },
    });
    expect(check.json()).toEqual({ uploaded: [md5Base64(bytes)] });
  });

  it('refuses customers (403) and answers 404 for a project that does not exist', async () => {
    const url = `/api/v1/inspections/existingMd5/?projectId=${projectId}`;
    expect((await ctx.app.inject({ url, headers: customer })).statusCode).toBe(403);
    const missing = await ctx.app.inject({
      url: '/api/v1/inspections/existingMd5/?projectId=999999',
      headers: pm,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('imageUploadToken', () => {
  it('registers an upload under the project and signs a PUT for the content type', async () => {
    const before = await auditCount('file.sign');
    const res = await uploadToken(ctx.app, pm, projectId, md5Base64(Buffer.from('new file')), 'image/png');
    expect(res.statusCode).toBe(200);
    const token = res.json<Token>();
    expect(token.alreadyUploaded).toBe(false);
    expect(token.imageUrl).toMatch(new RegExp(`^images/${projectId}/[0-9a-f-]{36}\\.png$`));
    expect(token.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(token.signedTokenUrl).toContain(token.imageUrl);
    const [row] = await sqlRows<{ kind: string; storage_key: string }>(
      ctx.database.db,
      sql`select kind, storage_key from file_uploads where id = ${token.uuid}`,
    );
    expect(row).toEqual({ kind: 'image', storage_key: token.imageUrl });
    expect(await auditCount('file.sign')).toBe(before + 1);
  });

  it('answers alreadyUploaded for a file the project holds, and writes nothing', async () => {
    const bytes = await photoOf(1);
    await uploadPhoto(ctx.app, pm, projectId, bytes);
    const before = await auditCount('file.sign');
    const counted = async () => {
      const [row] = await sqlRows<{ n: number }>(
        ctx.database.db,
        sql`select coalesce(sum(count), 0)::int as n from rate_limits where bucket = 'upload_tokens'`,
      );
      return row!.n;
    };
    const countedBefore = await counted();
    const res = await uploadToken(ctx.app, inspector, projectId, md5Base64(bytes));
    expect(res.json()).toEqual({ alreadyUploaded: true, uuid: null, signedTokenUrl: null, imageUrl: null });
    expect(await auditCount('file.sign')).toBe(before);
    // Nor counted against the signer's uploads per hour.
    expect(await counted()).toBe(countedBefore);
  });

  it('answers 400 for a malformed md5, 403 to customers, 404 for a missing project', async () => {
    expect((await uploadToken(ctx.app, pm, projectId, 'not-an-md5')).statusCode).toBe(400);
    expect((await uploadToken(ctx.app, pm, projectId, '0123456789abcdef0123456789abcdef')).statusCode).toBe(
      400,
    );
    expect((await uploadToken(ctx.app, customer, projectId, 'AAAAAAAAAAAAAAAAAAAAAA==')).statusCode).toBe(
      403,
    );
    expect((await uploadToken(ctx.app, pm, 999_999, 'AAAAAAAAAAAAAAAAAAAAAA==')).statusCode).toBe(404);
  });
});

describe('imageUploadedV2: what the server reads from the stored file', () => {
  it('stores the photo with GPS, camera pose, UTC capture time and offset, and assigns it by the camera', async () => {
    const utc = new Date('2026-07-04T16:05:09Z');
    const bytes = await photoOf(1, {
      dateTimeOriginal: exifLocalTime(utc, '+05:30'),
      offsetTimeOriginal: '+05:30',
      make: 'DJI',
      model: 'M30T',
      width: 800,
      height: 600,
    });
    const auditBefore = await auditCount('image.upload');
    const { res, token } = await uploadPhoto(ctx.app, pm, projectId, bytes, { fileName: 'DJI_0042.JPG' });
    expect(res!.statusCode).toBe(200);
    const body = res!.json();
    expect(body).toMatchObject({ alreadyUploaded: false, addImageResponse: { error: null } });
    const row = await imageRow(body.imageId);
    expect(row.captureTime!.toISOString()).toBe(utc.toISOString());
    expect(row.captureOffset).toBe('+05:30');
    expect(row.location!.y).toBeCloseTo(structureAt(1).latitude - metresToLat(20), 6);
    expect(row.location!.x).toBeCloseTo(structureAt(1).longitude, 6);
    expect(row.altitude).toBeCloseTo(412.5, 2);
    expect(row.relativeAltitude).toBe(25);
    expect(row.gimbalPitch).toBe(-30);
    // Gimbal yaw (0) wins over flight yaw (10).
    expect(row.bearing).toBe(0);
    expect(row).toMatchObject({
      cameraMake: 'DJI',
      cameraModel: 'M30T',
      width: 800,
      height: 600,
      imageName: 'DJI_0042.JPG',
      storageKey: token.imageUrl,
      md5: md5Base64(bytes),
      sizeBytes: bytes.length,
      contentType: 'image/jpeg',
      fileUploadId: token.uuid,
      hasThumb: false,
      structureId: structureIds[1],
    });
    expect(row.metersFromStruct).toBeCloseTo(20, 0);
    expect(row.assignmentConfidence).toBeGreaterThan(0);
    expect(row.assignedAt).not.toBeNull();
    expect(row.exif).toMatchObject({ Make: 'DJI', Model: 'M30T', GimbalPitchDegree: -30 });
    // The original, byte for byte, under the upload's key.
    const kept = await ctx.app.inject({ url: `/api/v1/image/${body.imageId}?size=FULL_IMG`, headers: pm });
    expect(kept.rawPayload.equals(bytes)).toBe(true);
    expect(await auditCount('image.upload')).toBe(auditBefore + 1);
    const jobs = await sqlRows<{ payload: { imageId: number } }>(
      ctx.database.db,
      sql`select payload from jobs where name = 'images.process' and state = 'queued'`,
    );
    expect(jobs.map((j) => j.payload.imageId)).toContain(body.imageId);
  });

  it('reads a capture time without offset in the zone of the photo’s GPS position', async () => {
    const bytes = await photoOf(0, { dateTimeOriginal: '2026:01:15 09:30:00' });
    const { res } = await uploadPhoto(ctx.app, pm, projectId, bytes);
    const row = await imageRow(res!.json().imageId);
    // Kansas: Chicago's zone, UTC−6 in January.
    expect(row.captureTime!.toISOString()).toBe('2026-01-15T15:30:00.000Z');
    expect(row.captureOffset).toBe('-06:00');
  });

  it('a Leipzig photo in a Chicago project: its own zone, not the project’s (14:35 CEST is 12:35Z)', async () => {
    const bytes = await dronePhoto({
      label: unique(),
      latitude: 51.34,
      longitude: 12.37,
      dateTimeOriginal: '2022:06:02 14:35:34',
    });
    const row = await imageRow((await uploadPhoto(ctx.app, pm, projectId, bytes)).res!.json().imageId);
    expect(row.captureTime!.toISOString()).toBe('2022-06-02T12:35:34.000Z');
    expect(row.captureOffset).toBe('+02:00');
  });

  it('without an offset, the GPS date and time stamps (UTC) give the instant', async () => {
    const bytes = await dronePhoto({
      label: unique(),
      latitude: 51.34,
      longitude: 12.37,
      // The camera's clock is a few seconds off and has no zone; GPS time is UTC.
      dateTimeOriginal: '2022:06:02 14:35:40',
      gpsDateStamp: '2022:06:02',
      gpsTimeStamp: '12:35:34',
    });
    const row = await imageRow((await uploadPhoto(ctx.app, pm, projectId, bytes)).res!.json().imageId);
    expect(row.captureTime!.toISOString()).toBe('2022-06-02T12:35:34.000Z');
    expect(row.captureOffset).toBe('+02:00');
  });

  it('an offset the camera wrote wins over the GPS stamps and the position', async () => {
    const bytes = await dronePhoto({
      label: unique(),
      latitude: 51.34,
      longitude: 12.37,
      dateTimeOriginal: '2022:06:02 14:35:34',
      offsetTimeOriginal: '+03:00',
      gpsDateStamp: '2022:06:02',
      gpsTimeStamp: '12:35:34',
    });
    const row = await imageRow((await uploadPhoto(ctx.app, pm, projectId, bytes)).res!.json().imageId);
    expect(row.captureTime!.toISOString()).toBe('2022-06-02T11:35:34.000Z');
    expect(row.captureOffset).toBe('+03:00');
  });

  it('takes the flight yaw as bearing when the gimbal yaw is missing', async () => {
    const bytes = await dronePhoto({ label: unique(), latitude: 38.79, longitude: -97.61, flightYaw: -45 });
    const { res } = await uploadPhoto(ctx.app, pm, projectId, bytes);
    const row = await imageRow(res!.json().imageId);
    expect(row.bearing).toBe(315);
    expect(row.gimbalPitch).toBeNull();
    expect(row.relativeAltitude).toBeNull();
  });

  it('leaves a photo without GPS (or with 0,0) unassigned, without a location', async () => {
    for (const spec of [{}, { latitude: 0, longitude: 0 }]) {
      const bytes = await dronePhoto({ label: unique(), ...spec });
      const { res } = await uploadPhoto(ctx.app, pm, projectId, bytes);
      expect(res!.statusCode).toBe(200);
      const row = await imageRow(res!.json().imageId);
      expect(row).toMatchObject({
        location: null,
        structureId: null,
        metersFromStruct: null,
        assignmentConfidence: null,
        assignedAt: null,
      });
    }
  });

  it('stores a PNG with its content type', async () => {
    const bytes = await dronePhoto({
      label: unique(),
      format: 'png',
      latitude: 38.81,
      longitude: -97.6,
      dateTimeOriginal: '2026:01:02 03:04:05',
      offsetTimeOriginal: '+01:00',
    });
    const { res, token } = await uploadPhoto(ctx.app, pm, projectId, bytes, {
      contentType: 'image/png',
      fileName: 'shot.png',
    });
    expect(res!.statusCode).toBe(200);
    expect(token.imageUrl).toMatch(/\.png$/);
    const row = await imageRow(res!.json().imageId);
    expect(row).toMatchObject({ contentType: 'image/png', width: 640, height: 480, cameraMake: 'DJI' });
    expect(row.location!.y).toBeCloseTo(38.81, 6);
    expect(row.captureTime!.toISOString()).toBe('2026-01-02T02:04:05.000Z');
  });

  it('assigns manually to the chosen structure and keeps the step clip of a component project', async () => {
    const db = ctx.database.db;
    await db.update(projects).set({ inspectionType: '1' }).where(eq(projects.id, projectId));
    try {
      const bytes = await photoOf(0);
      const stepClip = { topangle: 12.5, bottomangle: -3 };
      const { res } = await uploadPhoto(ctx.app, pm, projectId, bytes, {
        structureId: structureIds[2]!,
        stepClip,
      });
      const row = await imageRow(res!.json().imageId);
      expect(row).toMatchObject({
        structureId: structureIds[2],
        assignmentConfidence: null,
        stepclipJson: stepClip,
      });
      expect(row.assignedAt).not.toBeNull();
    } finally {
      await db.update(projects).set({ inspectionType: '0' }).where(eq(projects.id, projectId));
    }
  });
});

describe('imageUploadedV2: refusals write nothing', () => {
  /** A token and the bytes PUT, not yet completed. */
  async function pending(headers = pm, pid = projectId) {
    const bytes = await photoOf(0);
    const token = (await uploadToken(ctx.app, headers, pid, md5Base64(bytes))).json<Token>();
    await putBytes(ctx.app, token, bytes);
    return { bytes, token };
  }
  async function expectNothingWritten(
    run: () => Promise<{ statusCode: number; json(): unknown }>,
    status: number,
  ) {
    const images = await imageCount();
    const audits = await auditCount('image.upload');
    const res = await run();
    expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
    expect(await imageCount()).toBe(images);
    expect(await auditCount('image.upload')).toBe(audits);
    return res.json() as { code: string };
  }

  it('md5 that does not match the stored bytes: 400 md5_mismatch and the stored file is deleted', async () => {
    const { bytes, token } = await pending();
    const body = await expectNothingWritten(
      () => completeUpload(ctx.app, pm, projectId, token, bytes, { md5: md5Base64(Buffer.from('other')) }),
      400,
    );
    expect(body.code).toBe('md5_mismatch');
    expect(await stored(token.imageUrl!)).toBe(false);
  });

  it('bytes stored without a recorded md5 (an S3 PUT the server never sees) are read back and hashed', async () => {
    const bytes = await photoOf(0);
    const token = (await uploadToken(ctx.app, pm, projectId, md5Base64(bytes))).json<Token>();
    // Straight into storage, as a presigned S3 PUT leaves it: no size or md5 recorded with the upload.
    await ctx.app.deps.storage.write(token.imageUrl!, bytes);
    const body = await expectNothingWritten(
      () => completeUpload(ctx.app, pm, projectId, token, bytes, { md5: md5Base64(Buffer.from('other')) }),
      400,
    );
    expect(body.code).toBe('md5_mismatch');
    expect(await stored(token.imageUrl!)).toBe(false);

    const again = (await uploadToken(ctx.app, pm, projectId, md5Base64(bytes))).json<Token>();
    await ctx.app.deps.storage.write(again.imageUrl!, bytes);
    expect((await completeUpload(ctx.app, pm, projectId, again, bytes)).statusCode).toBe(200);
  });

  it('a malformed md5: 400, the file stays for a correct completion', async () => {
    const { bytes, token } = await pending();
    await expectNothingWritten(
      () => completeUpload(ctx.app, pm, projectId, token, bytes, { md5: 'abc' }),
      400,
    );
    expect((await completeUpload(ctx.app, pm, projectId, token, bytes)).statusCode).toBe(200);
  });

  it("an upload id that is unknown, another user's or of another project: 404", async () => {
    const { bytes, token } = await pending();
    const foreign = { ...token, uuid: '00000000-0000-4000-8000-000000000009' };
    await expectNothingWritten(() => completeUpload(ctx.app, pm, projectId, foreign, bytes), 404);
    await expectNothingWritten(() => completeUpload(ctx.app, inspector, projectId, token, bytes), 404);
    const other = await pending(pm, otherProjectId);
    await expectNothingWritten(() => completeUpload(ctx.app, pm, projectId, other.token, other.bytes), 404);
    expect(await stored(token.imageUrl!)).toBe(true);
  });

  it('imageUrl other than the upload key: 400 upload_mismatch', async () => {
    const { bytes, token } = await pending();
    const body = await expectNothingWritten(
      () =>
        completeUpload(
          ctx.app,
          pm,
          projectId,
          { ...token, imageUrl: `images/${projectId}/elsewhere.jpg` },
          bytes,
        ),
      400,
    );
    expect(body.code).toBe('upload_mismatch');
  });

  it('a structure of another project: 400 structures_not_in_project', async () => {
    const { bytes, token } = await pending();
    const body = await expectNothingWritten(
      () => completeUpload(ctx.app, pm, projectId, token, bytes, { structureId: otherStructureId }),
      400,
    );
    expect(body.code).toBe('structures_not_in_project');
  });

  it('completion before the bytes arrived: 409 upload_incomplete', async () => {
    const bytes = await photoOf(0);
    const token = (await uploadToken(ctx.app, pm, projectId, md5Base64(bytes))).json<Token>();
    const body = await expectNothingWritten(() => completeUpload(ctx.app, pm, projectId, token, bytes), 409);
    expect(body.code).toBe('upload_incomplete');
  });

  it('a file that is not a JPEG or PNG: 400 unsupported_file, deleted', async () => {
    const bytes = Buffer.from('GIF89a not a photo at all');
    const token = (await uploadToken(ctx.app, pm, projectId, md5Base64(bytes))).json<Token>();
    await putBytes(ctx.app, token, bytes);
    const body = await expectNothingWritten(() => completeUpload(ctx.app, pm, projectId, token, bytes), 400);
    expect(body.code).toBe('unsupported_file');
    expect(await stored(token.imageUrl!)).toBe(false);
  });

  it('customers: 403 (another company: 403 too, before anything is looked up)', async () => {
    const { bytes, token } = await pending();
    await expectNothingWritten(() => completeUpload(ctx.app, customer, projectId, token, bytes), 403);
    await expectNothingWritten(() => completeUpload(ctx.app, otherCustomer, projectId, token, bytes), 403);
  });
});

describe('one photo is stored once', () => {
  it('a completion sent again answers alreadyUploaded with the same image', async () => {
    const bytes = await photoOf(2);
    const { token, res } = await uploadPhoto(ctx.app, pm, projectId, bytes);
    const again = await completeUpload(ctx.app, pm, projectId, token, bytes);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      alreadyUploaded: true,
      imageId: res!.json().imageId,
      addImageResponse: { error: null },
    });
  });

  it('two parallel completions of the same photo: both 200, one image, one stored file', async () => {
    const bytes = await photoOf(2);
    const md5 = md5Base64(bytes);
    // Two users (or tabs) got tokens before either finished.
    const tokens = [
      (await uploadToken(ctx.app, pm, projectId, md5)).json<Token>(),
      (await uploadToken(ctx.app, inspector, projectId, md5)).json<Token>(),
    ];
    for (const t of tokens) await putBytes(ctx.app, t, bytes);
    const [a, b] = await Promise.all([
      completeUpload(ctx.app, pm, projectId, tokens[0]!, bytes),
      completeUpload(ctx.app, inspector, projectId, tokens[1]!, bytes),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    const answers = [a!.json(), b!.json()];
    expect(answers.map((x) => x.alreadyUploaded).sort()).toEqual([false, true]);
    expect(answers[0].imageId).toBe(answers[1].imageId);
    const rows = await sqlRows<{ storage_key: string }>(
      ctx.database.db,
      sql`select storage_key from images where project_id = ${projectId} and md5 = ${md5}`,
    );
    expect(rows).toHaveLength(1);
    const keep = rows[0]!.storage_key;
    const drop = tokens.map((t) => t.imageUrl!).find((k) => k !== keep)!;
    expect(await stored(keep)).toBe(true);
    expect(await stored(drop)).toBe(false);
  });

  it('the same photo in another project is another image', async () => {
    const bytes = await photoOf(0);
    await uploadPhoto(ctx.app, pm, projectId, bytes);
    const { res } = await uploadPhoto(ctx.app, pm, otherProjectId, bytes);
    expect(res!.json().alreadyUploaded).toBe(false);
  });
});

describe('processing and serving', () => {
  it('makes a 320 px thumbnail and a 2048 px medium from one decode, upright by EXIF orientation', async () => {
    const big = await sharp(await photoOf(0, { width: 3000, height: 2000 }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const { res } = await uploadPhoto(ctx.app, pm, projectId, big);
    const imageId = res!.json().imageId as number;
    // Before processing, a thumbnail request is answered with the original, not to be cached for good.
    const early = await ctx.app.inject({ url: `/api/v1/image/${imageId}?size=THUMBNAIL_IMG`, headers: pm });
    expect(early.statusCode).toBe(200);
    expect(early.headers['cache-control']).toBe('private, no-cache');
    expect(early.rawPayload.equals(big)).toBe(true);

    await runDueJobs(ctx.app.deps);
    const row = await imageRow(imageId);
    expect(row).toMatchObject({ hasThumb: true, hasMedium: true, width: 2000, height: 3000 });
    const thumb = await sharp(await readAll(derivedKey(row.storageKey, 'THUMBNAIL_IMG'))).metadata();
    const medium = await sharp(await readAll(derivedKey(row.storageKey, 'MEDIUM_IMG'))).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 213, 320]);
    expect([medium.format, medium.width, medium.height]).toEqual(['jpeg', 1365, 2048]);

    const served = await ctx.app.inject({
      url: `/api/v1/image/${imageId}?size=THUMBNAIL_IMG`,
      headers: customer,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).height).toBe(320);
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^".+-thumbnail"$/);
    const again = await ctx.app.inject({
      url: `/api/v1/image/${imageId}?size=THUMBNAIL_IMG`,
      headers: { ...customer, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const mediumRes = await ctx.app.inject({
      url: `/api/v1/image/${imageId}?size=MEDIUM_IMG`,
      headers: inspector,
    });
    expect(mediumRes.headers.etag).not.toBe(etag);
    expect((await sharp(mediumRes.rawPayload).metadata()).height).toBe(2048);
    // The original stays byte for byte.
    const full = await ctx.app.inject({ url: `/api/v1/image/${imageId}`, headers: pm });
    expect(full.rawPayload.equals(big)).toBe(true);
  }, 120_000);

  it('a photo sharp cannot decode fails for good and keeps has_thumb false', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const { res } = await uploadPhoto(ctx.app, pm, projectId, broken);
    expect(res!.statusCode).toBe(200);
    const imageId = res!.json().imageId as number;
    await runDueJobs(ctx.app.deps);
    expect((await imageRow(imageId)).hasThumb).toBe(false);
    const [job] = await sqlRows<{ state: string; last_error: string }>(
      ctx.database.db,
      sql`select state, last_error from jobs where name = 'images.process' and (payload->>'imageId')::int = ${imageId}`,
    );
    expect(job!.state).toBe('failed');
    expect(job!.last_error).toMatch(/cannot be decoded/);
    // Still served (the original), so the browser can decide to show a placeholder.
    const thumb = await ctx.app.inject({ url: `/api/v1/image/${imageId}?size=THUMBNAIL_IMG`, headers: pm });
    expect(thumb.statusCode).toBe(200);
  }, 60_000);

  it('processes a photo whose uploader was deactivated before the job ran (system work, no user needed)', async () => {
    const db = ctx.database.db;
    const uploader = await createUser(db, 'project_manager');
    const { res } = await uploadPhoto(
      ctx.app,
      bearer(await loginToken(ctx.app, uploader)),
      projectId,
      await photoOf(2),
    );
    const imageId = res!.json().imageId as number;
    await db.execute(sql`update users set status = 0 where id = ${uploader.id}`);
    await runDueJobs(ctx.app.deps);
    expect(await imageRow(imageId)).toMatchObject({ hasThumb: true, hasMedium: true });
    const [job] = await sqlRows<{ state: string; created_by: number | null }>(
      db,
      sql`select state, created_by from jobs where name = 'images.process' and (payload->>'imageId')::int = ${imageId}`,
    );
    expect(job).toEqual({ state: 'succeeded', created_by: null });
  }, 60_000);

  it("hides another company's photos (404) and answers 404 when nothing is stored", async () => {
    const bytes = await photoOf(1);
    const { res } = await uploadPhoto(ctx.app, pm, projectId, bytes);
    const imageId = res!.json().imageId as number;
    const url = `/api/v1/image/${imageId}?size=FULL_IMG`;
    expect((await ctx.app.inject({ url, headers: customer })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url, headers: otherCustomer })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/v1/image/999999', headers: pm })).statusCode).toBe(404);
    const row = await imageRow(imageId);
    await ctx.app.deps.storage.delete(row.storageKey);
    expect((await ctx.app.inject({ url, headers: pm })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/v1/image/${imageId}?size=HUGE`, headers: pm })).statusCode,
    ).toBe(400);
  });

  it('getExif answers the stored number and string entries, the md5 and the size', async () => {
    const bytes = await photoOf(1, { dateTimeOriginal: '2026:03:01 10:00:00', offsetTimeOriginal: '-07:00' });
    const { res } = await uploadPhoto(ctx.app, pm, projectId, bytes);
    const imageId = res!.json().imageId as number;
    const exif = await ctx.app.inject({
      url: `/api/v1/inspections/images/getExif?imageId=${imageId}`,
      headers: customer,
    });
    expect(exif.statusCode).toBe(200);
    const body = exif.json();
    expect(body.md5).toBe(md5Base64(bytes));
    expect(body.size_bytes).toBe(bytes.length);
    expect(body.exif).toMatchObject({
      Make: 'DJI',
      DateTimeOriginal: '2026:03:01 10:00:00',
      OffsetTimeOriginal: '-07:00',
    });
    for (const v of Object.values(body.exif)) expect(['string', 'number']).toContain(typeof v);
    const hidden = await ctx.app.inject({
      url: `/api/v1/inspections/images/getExif?imageId=${imageId}`,
      headers: otherCustomer,
    });
    expect(hidden.statusCode).toBe(404);
  });
});

async function readAll(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of (await ctx.app.deps.storage.read(key)) as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}
