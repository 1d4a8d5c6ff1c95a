import { ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { IdRow, queryRows } from '../platform/db/rows.ts';
import type { Deps } from '../platform/deps.types.ts';
import { type DronePhotoSpec, dronePhoto, exifLocalTime, metresToLat, metresToLon } from './dronePhotos.ts';
import { demoUploaderActor, uploadDemoPhoto } from './uploadDemoPhoto.ts';

/** The demo project whose crew is in the field now: its first structures get photos. */
export const DEMO_PHOTO_PROJECT = 'Smoky Hill Transmission Patrol';

const DemoStructure = z.object({
  id: z.number(),
  struct_num: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
type DemoStructure = z.infer<typeof DemoStructure>;

interface DemoPhoto {
  name: string;
  spec: DronePhotoSpec;
}

/** Oblique shots around a structure from 18–30 m, looking at it, then one from above; a minute apart. */
function shotsAround(s: DemoStructure, count: number, firstShot: number, start: Date): DemoPhoto[] {
  return Array.from({ length: count }, (_, k) => {
    const fromStructure = (360 / count) * k + 20;
    const rad = (fromStructure * Math.PI) / 180;
    // The last view looks straight down on the top of the structure, from (nearly) above it.
    const nadir = k === count - 1;
    const standoff = nadir ? 2 : 18 + (k % 3) * 6;
    const heading = (fromStructure + 180) % 360;
    const shot = firstShot + k;
    return {
      name: `DJI_${String(shot + 1).padStart(4, '0')}.JPG`,
      spec: {
        label: `Structure ${s.struct_num} · view ${k + 1}`,
        latitude: s.latitude + metresToLat(standoff * Math.cos(rad)),
        longitude: s.longitude + metresToLon(standoff * Math.sin(rad), s.latitude),
        altitude: 640 + k,
        relativeAltitude: 28,
        gimbalPitch: nadir ? -90 : -35,
        gimbalYaw: heading,
        flightYaw: heading,
        dateTimeOriginal: exifLocalTime(new Date(start.getTime() + shot * 60_000), '-06:00'),
        offsetTimeOriginal: '-06:00',
        width: 1024,
        height: 768,
      },
    };
  });
}

/**
 * Photos for the demo, sent through the real upload service as the demo field user would send them:
 * ten structures with all five views, two that are short (three views) so Capture completeness has
 * something to show, and photos a person must place — two without GPS and one taken between two
 * structures looking at neither. Thumbnails follow from the processing jobs once the worker runs.
 */
export async function loadDemoPhotos(deps: Deps, now = new Date()): Promise<number> {
  const db = deps.database.db;
  const [project] = await queryRows(
    db,
    sql`select id from projects where project_name = ${DEMO_PHOTO_PROJECT}`,
    IdRow,
  );
  const [uploader] = await queryRows(
    db,
    sql`select id, company_id from users where role_id = ${ROLE_IDS.user} and status = 1 order by id limit 1`,
    z.object({
      id: z.number(),
      company_id: z.number(),
    }),
  );
  if (!project || !uploader) return 0;
  const structures = await queryRows(
    db,
    sql`select id, struct_num, location[1] as latitude, location[0] as longitude
        from structures where project_id = ${project.id} order by id limit 12`,
    DemoStructure,
  );
  if (structures.length < 3) return 0;

  const start = new Date(now.getTime() - 26 * 3_600_000);
  const photos: DemoPhoto[] = [];
  structures.forEach((s, i) => {
    photos.push(...shotsAround(s, i < 10 ? 5 : 3, photos.length, start));
  });
  const [a, b] = structures as [DemoStructure, DemoStructure];
  const shot = (label: string, extra: Partial<DronePhotoSpec>): DemoPhoto => ({
    name: `DJI_${String(photos.length + 1).padStart(4, '0')}.JPG`,
    spec: {
      label,
      dateTimeOriginal: exifLocalTime(new Date(start.getTime() + photos.length * 60_000), '-06:00'),
      offsetTimeOriginal: '-06:00',
      width: 1024,
      height: 768,
      ...extra,
    },
  });
  photos.push(shot('Line view, no GPS fix', {}));
  photos.push(shot('Insulator close-up, no GPS fix', {}));
  // Between two structures, looking across the line at neither of them.
  const midLat = (a.latitude + b.latitude) / 2;
  const midLon = (a.longitude + b.longitude) / 2;
  photos.push(
    shot('Span between structures', {
      latitude: midLat,
      longitude: midLon,
      relativeAltitude: 30,
      gimbalPitch: -20,
      gimbalYaw: 90,
    }),
  );

  const actor = demoUploaderActor(uploader, 'demo-photos');
  let stored = 0;
  for (const photo of photos) {
    const bytes = await dronePhoto(photo.spec);
    if (
      await uploadDemoPhoto(deps, actor, {
        projectId: project.id,
        bytes,
        fileName: photo.name,
        structureId: null,
      })
    ) {
      stored++;
    }
  }
  return stored;
}
