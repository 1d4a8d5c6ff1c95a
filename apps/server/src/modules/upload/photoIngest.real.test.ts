import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsvText } from '@linewalker/domain';
import { zoneAtPosition } from '@linewalker/domain/projects/zoneAt';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import { images } from '../../platform/db/schema/index.ts';
import type { App } from '../../platform/http/app.types.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { md5Base64, uploadPhoto } from '../../testing/photoUploads.ts';
import { createProject } from '../../testing/projectFactories.ts';
import { openRealDataApp, REAL_DATA, type RealDataApp } from '../../testing/realDataApp.ts';

/**
 * Every real drone photo of ../shared/data/real/images through the real upload routes (token → PUT →
 * imageUploadedV2 → processing job), on an embedded database of its own. What the server reads from each
 * stored file is compared with EXIF_INDEX.csv (exiftool's reading): an empty column must come out null.
 */
const ROOT = path.join(REAL_DATA, 'images');

let app: App;
let database: Database;
let real: RealDataApp | undefined;
let pm: Record<string, string>;
let projectId: number;

type Row = Record<string, string>;
let rows: Row[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, 'EXIF_INDEX.csv'))) throw new Error(`Real photos not found: ${ROOT}`);
  const { records } = parseCsvText(readFileSync(path.join(ROOT, 'EXIF_INDEX.csv'), 'utf8'));
  const [header, ...data] = records;
  rows = data
    .filter((r) => r.some((c) => c.trim() !== ''))
    .map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
  real = await openRealDataApp('lw-real-photos-');
  ({ app, database } = real);
  const companyId = await createCompany(database.db, 'Real Photo Utility');
  // A project far from every photo: a capture time is read in the zone where the photo was taken.
  projectId = await createProject(database.db, companyId, { timeZone: 'Pacific/Auckland' });
  pm = bearer(await loginToken(app, await createUser(database.db, 'project_manager')));
});
afterAll(async () => {
  await real?.close();
});

/** A number column, or null when empty ('+94.990' as exiftool writes DJI values). */
const num = (value: string | undefined): number | null =>
  value === undefined || value.trim() === '' ? null : Number(value);
const first = (row: Row, ...columns: string[]): number | null => {
  for (const c of columns) {
    const n = num(row[c]);
    if (n !== null) return n;
  }
  return null;
};

/** exiftool's 'YYYY:MM:DD HH:mm:ss' (the camera's wall clock, no zone), or null. */
const wallClock = (value: string): string | null =>
  /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(value.trim())?.[0] ?? null;

/** An instant as the wall clock of a zone showed it, in exiftool's form. */
function wallClockIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}:${get('month')}:${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

const wholeSeconds = (d: Date | null) =>
  d ? new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString() : null;
const close = (actual: number | null, expected: number | null, digits: number, what: string) => {
  if (expected === null) expect(actual, what).toBeNull();
  else expect(actual, what).toBeCloseTo(expected, digits);
};

describe('real drone photos through the upload routes', () => {
  it('the index lists every photo in the folder, and only those', () => {
    const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(jpe?g|png)$/i.test(f))
      .map((f) => `images/${f.split(path.sep).join('/')}`)
      .sort();
    expect(rows.map((r) => r.SourceFile).sort()).toEqual(files);
  });

  it('reads GPS, capture time, camera pose, make and model of each as exiftool does', async () => {
    for (const row of rows) {
      const name = row.FileName!;
      const bytes = readFileSync(path.join(ROOT, '..', row.SourceFile!));
      const { res } = await uploadPhoto(app, pm, projectId, bytes, { fileName: name });
      expect(res?.statusCode, `${name}: ${res?.body}`).toBe(200);
      const [image] = await database.db.select().from(images).where(eq(images.id, res!.json().imageId));
      const at = (what: string) => `${name} ${what}`;
      expect(image!.md5, at('md5')).toBe(md5Base64(bytes));
      expect(image!.sizeBytes, at('size')).toBe(Number(row.FileSize));
      close(image!.location?.y ?? null, num(row.GPSLatitude), 6, at('latitude'));
      close(image!.location?.x ?? null, num(row.GPSLongitude), 6, at('longitude'));
      close(image!.altitude, num(row.GPSAltitude), 3, at('altitude'));
      close(image!.relativeAltitude, num(row.RelativeAltitude), 3, at('relative altitude'));
      const yaw = first(row, 'GimbalYawDegree', 'FlightYawDegree', 'CameraOrientationNEDYaw', 'Yaw');
      close(image!.bearing, yaw === null ? null : ((yaw % 360) + 360) % 360, 3, at('bearing'));
      close(
        image!.gimbalPitch,
        first(row, 'GimbalPitchDegree', 'CameraOrientationNEDPitch', 'Pitch'),
        3,
        at('pitch'),
      );
      // No photo here carries an offset or GPS time stamps: the camera's time is read in the zone of the
      // photo's own position, so that zone's clock shows it again.
      const wall = wallClock(row.DateTimeOriginal ?? '');
      const zone = zoneAtPosition(num(row.GPSLatitude), num(row.GPSLongitude));
      if (wall === null) expect(image!.captureTime, at('capture time')).toBeNull();
      else {
        expect(zone, at('zone')).not.toBeNull();
        expect(wallClockIn(image!.captureTime!, zone!), at('capture time')).toBe(wall);
        expect(image!.captureOffset, at('offset')).toMatch(/^[+-]\d{2}:\d{2}$/);
      }
      // The Leipzig thermal photo taken at 14:35 CEST: 12:35 UTC.
      if (name === 'DJI_20220602143534_0192_T.JPG') {
        expect(wholeSeconds(image!.captureTime)).toBe('2022-06-02T12:35:34.000Z');
        expect(image!.captureOffset).toBe('+02:00');
      }
      expect([image!.cameraMake, image!.cameraModel], at('make/model')).toEqual([
        row.Make || null,
        row.Model || null,
      ]);
      expect([image!.width, image!.height], at('pixel size')).toEqual([
        num(row.ImageWidth),
        num(row.ImageHeight),
      ]);
    }
  });

  it('makes a thumbnail and a medium of every photo', async () => {
    await runDueJobs(app.deps);
    const all = await database.db
      .select({ name: images.imageName, thumb: images.hasThumb, medium: images.hasMedium })
      .from(images)
      .where(eq(images.projectId, projectId));
    expect(all).toHaveLength(rows.length);
    for (const image of all)
      expect([image.name, image.thumb, image.medium]).toEqual([image.name, true, true]);
  }, 300_000);
});
