import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { IMAGE_SIZE_PX, ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { receiveUpload } from '../../apps/server/src/modules/sourceFiles/files.service.ts';
import { derivedKey } from '../../apps/server/src/modules/upload/imageKeys.ts';
import {
  completeImageUpload,
  imageUploadToken,
} from '../../apps/server/src/modules/upload/photoIngest.service.ts';
import type { UserActor } from '../../apps/server/src/platform/auth/actor.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { createDeps } from '../../apps/server/src/platform/deps.ts';
import type { Deps } from '../../apps/server/src/platform/deps.types.ts';
import { LocalStorage } from '../../apps/server/src/platform/storage/local.ts';
import { dronePhoto } from '../../apps/server/src/testing/dronePhotos.ts';
import { runDueJobs } from '../../apps/server/src/testing/jobs.ts';
import { md5Base64 } from '../../apps/server/src/testing/photoUploads.ts';
import { sqlRows } from '../../apps/server/src/testing/rows.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { defineScenario } from '../lib/scenario.ts';

const WIDTH = 4000;
const HEIGHT = 3000;

interface Context {
  database: Database;
  deps: Deps;
  dir: string;
  actor: UserActor;
  projectId: number;
  photo: Buffer;
  md5: string;
  /**
   * What the last operation stored (the original, then its thumbnail and medium): removed before the next, so
   * each is a new upload, rows and files alike.
   */
  storedKeys: string[];
  /** The photo the last operation stored. */
  imageId: number | null;
  turn: number;
}

/**
 * A 12 MP drone photo as a camera writes it: textured pixels (so it compresses and decodes like a real
 * one, ~6 MB), GPS EXIF and DJI XMP.
 */
async function twelveMegapixelPhoto(): Promise<Buffer> {
  const tagged = await dronePhoto({
    label: 'bench',
    width: WIDTH,
    height: HEIGHT,
    latitude: 38.8,
    longitude: -97.6,
    altitude: 400,
    relativeAltitude: 30,
    gimbalPitch: -35,
    gimbalYaw: 90,
    dateTimeOriginal: '2026:06:01 12:00:00',
    offsetTimeOriginal: '-05:00',
  });
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  return sharp(tagged)
    .composite([{ input: noise, blend: 'overlay' }])
    .keepMetadata()
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Registers an upload and PUTs the photo's bytes to its signed URL through the local driver's upload
 * service, which stores them and hashes them as they stream (the md5 the completion compares): the server's
 * side of the browser's PUT, timed as part of the ingest.
 */
async function upload(ctx: Context): Promise<{ uuid: string; key: string }> {
  const token = await imageUploadToken(ctx.deps, ctx.actor, {
    projectId: ctx.projectId,
    md5: ctx.md5,
    contentType: 'image/jpeg',
  });
  if (token.alreadyUploaded || !token.uuid || !token.imageUrl) throw new Error('no upload token');
  const storage = ctx.deps.storage;
  if (!(storage instanceof LocalStorage) || !token.signedTokenUrl) throw new Error('local storage expected');
  const signed = new URL(token.signedTokenUrl, 'http://bench');
  await receiveUpload(
    ctx.deps,
    storage,
    { ip: '127.0.0.1', requestId: 'bench' },
    {
      key: token.imageUrl,
      expires: Number(signed.searchParams.get('expires')),
      signature: signed.searchParams.get('signature')!,
      contentType: 'image/jpeg',
      declaredLength: ctx.photo.length,
      body: Readable.from([ctx.photo]),
    },
  );
  return { uuid: token.uuid, key: token.imageUrl };
}

export default defineScenario<Context>({
  name: 'photo-ingest',
  description: `server ingest of a ${WIDTH}×${HEIGHT} JPEG (the PUT of its bytes, hashed as they are stored; upload completion: md5 check, EXIF/XMP, insert, audit, enqueue; then the processing job: medium, and thumbnail from the medium, stored) vs sharp alone decoding it once and writing the same two sizes`,
  target: 0.8,
  measure: { rounds: 9, roundMs: 2000, warmup: 2 },
  async setup() {
    const database = await openBenchDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'lw-bench-photos-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LOG_LEVEL: 'silent',
    });
    const deps = createDeps(config, database);
    const [company] = await sqlRows<{ id: number }>(
      database.db,
      sql`insert into companies (company_name) values ('Bench Photo Utility') returning id`,
    );
    const [project] = await sqlRows<{ id: number }>(
      database.db,
      sql`insert into projects (company_id, project_name, start_date, due_date, ptype_id, ptier_id, closest_city)
          values (${company!.id}, 'Bench Photos', '2026-01-05', '2026-12-20', 1, 2, 'Salina') returning id`,
    );
    const [user] = await sqlRows<{ id: number }>(
      database.db,
      sql`insert into users (company_id, role_id, first_name, last_name, email)
        values (1, ${ROLE_IDS.projectManager}, 'Bench', 'Pilot', 'bench-photos@example.com') returning id`,
    );
    const actor: UserActor = {
      kind: 'user',
      userId: user!.id,
      roleId: ROLE_IDS.projectManager,
      roleName: 'project_manager',
      companyId: 1,
      ip: '127.0.0.1',
      requestId: 'bench',
    };
    const photo = await twelveMegapixelPhoto();
    const ctx: Context = {
      database,
      deps,
      dir,
      actor,
      projectId: project!.id,
      photo,
      md5: md5Base64(photo),
      storedKeys: [],
      imageId: null,
      turn: 0,
    };
    return ctx;
  },
  async subject(ctx) {
    const stored = await upload(ctx);
    ctx.storedKeys = [
      stored.key,
      derivedKey(stored.key, 'THUMBNAIL_IMG'),
      derivedKey(stored.key, 'MEDIUM_IMG'),
    ];
    const answer = await completeImageUpload(ctx.deps, ctx.actor, stored.uuid, {
      projectId: ctx.projectId,
      imageUrl: stored.key,
      fileName: 'DJI_0001.JPG',
      md5Hash: ctx.md5,
      imgSizeBytes: ctx.photo.length,
    });
    if (answer.alreadyUploaded) throw new Error('photo was already in the project');
    if ((await runDueJobs(ctx.deps)) !== 1) throw new Error('the processing job did not run');
    ctx.imageId = answer.imageId;
  },
  async baseline(ctx) {
    // One decode of the original: the medium from it, the thumbnail from the medium (as the subject does,
    // without storage, database, md5, EXIF or threads).
    const fit = { fit: 'inside', withoutEnlargement: true } as const;
    const medium = await sharp(ctx.photo)
      .autoOrient()
      .resize(IMAGE_SIZE_PX.MEDIUM_IMG, IMAGE_SIZE_PX.MEDIUM_IMG, fit)
      .jpeg({ quality: 82 })
      .toBuffer();
    const thumbnail = await sharp(medium)
      .resize(IMAGE_SIZE_PX.THUMBNAIL_IMG, IMAGE_SIZE_PX.THUMBNAIL_IMG, fit)
      .jpeg({ quality: 82 })
      .toBuffer();
    const turn = ctx.turn++ % 2;
    await Promise.all(
      [thumbnail, medium].map((out, i) => writeFile(join(ctx.dir, `baseline-${turn}-${i}.jpg`), out)),
    );
  },
  async afterEach(ctx) {
    if (ctx.storedKeys.length === 0) return;
    // The bench's own check that the photo was processed, outside the timed operation (it is not ingest work).
    const [row] = await sqlRows<{ has_thumb: boolean }>(
      ctx.database.db,
      sql`select has_thumb from images where id = ${ctx.imageId}`,
    );
    if (!row?.has_thumb) throw new Error('the photo was not processed');
    // The files too, not only the rows: 6 MB originals left behind pile up as dirty page cache, and once the
    // kernel writes them back, a later 6 MB write waits 20–30 ms for it (seen on this machine's virtual
    // disk), charging the subject for the bench's own leftovers rather than for its own work.
    await Promise.all(ctx.storedKeys.map((key) => ctx.deps.storage.delete(key)));
    ctx.storedKeys = [];
    await ctx.database.db.execute(sql`delete from images where project_id = ${ctx.projectId}`);
    await ctx.database.db.execute(sql`delete from jobs`);
  },
  async teardown(ctx) {
    await ctx.database.close();
    rmSync(ctx.dir, { recursive: true, force: true });
  },
});
