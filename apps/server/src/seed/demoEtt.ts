import { ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { IdRow, queryRows } from '../platform/db/rows.ts';
import type { Deps } from '../platform/deps.types.ts';
import type { DemoProject } from './demoProjects.ts';
import { dronePhoto, exifLocalTime, metresToLat, metresToLon } from './dronePhotos.ts';
import { markReviewsWithoutPhotos } from './reviewsWithoutPhotos.ts';
import { demoUploaderActor, uploadDemoPhoto } from './uploadDemoPhoto.ts';

/** The ETT project of the demo (arms), one of DEMO_PROJECTS. */
export const DEMO_ETT_PROJECT = 'Yakima Canyon Arm Survey';

/** The ABB project of the demo (flanges and RFID), loaded after the six projects of the project list. */
export const DEMO_ABB_PROJECT: DemoProject = {
  projectName: 'Kittitas Flange Survey',
  customer: 'cascadeValley',
  ptypeId: 4,
  ptierId: 3,
  phase: 'in_progress',
  closestCity: 'Ellensburg',
  numPilots: 1,
  photoLimit: -1,
  useNewRiskRating: true,
  crews: 1,
  lines: [
    {
      lineName: 'Kittitas 115kV',
      lineNum: '115 31',
      start: { lon: -120.45, lat: 46.98 },
      bearing: 95,
      count: 12,
      style: 'tower',
      spacing: [200, 250],
    },
  ],
};

const PHOTOS_PER_STRUCTURE = 5;
const STRUCTURES_WITH_PHOTOS = 3;

const Structure = z.object({
  id: z.number(),
  struct_num: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/**
 * Photos, arms (flanges) and photo types for the demo's ETT and ABB projects, so a newcomer can try the
 * Arms and Flange panels: three structures each get five photos (sent through the real upload service,
 * assigned to their structure); on the first, two arms are filled in with a note and three photos are
 * typed (ID, Arm or Flange, Knuckle/Flat), the other two left for the visitor to classify.
 */
export async function loadDemoEtt(deps: Deps, now = new Date()): Promise<number> {
  const db = deps.database.db;
  const [uploader] = await queryRows(
    db,
    sql`select id, company_id from users where role_id = ${ROLE_IDS.user} and status = 1 order by id limit 1`,
    z.object({
      id: z.number(),
      company_id: z.number(),
    }),
  );
  const [inspector] = await queryRows(
    db,
    sql`select id from users where role_id = ${ROLE_IDS.inspector} and status = 1 order by id limit 1`,
    IdRow,
  );
  if (!uploader) return 0;
  const actor = demoUploaderActor(uploader, 'demo-ett');
  let stored = 0;
  for (const [name, abb] of [
    [DEMO_ETT_PROJECT, false],
    [DEMO_ABB_PROJECT.projectName, true],
  ] as const) {
    const [project] = await queryRows(db, sql`select id from projects where project_name = ${name}`, IdRow);
    if (!project) continue;
    const structures = await queryRows(
      db,
      sql`select id, struct_num, location[1] as latitude, location[0] as longitude
          from structures where project_id = ${project.id} order by id limit ${STRUCTURES_WITH_PHOTOS}`,
      Structure,
    );
    const start = new Date(now.getTime() - 6 * 3_600_000);
    const imageIds: number[][] = [];
    for (const [si, s] of structures.entries()) {
      const ids: number[] = [];
      for (let k = 0; k < PHOTOS_PER_STRUCTURE; k++) {
        const shot = si * PHOTOS_PER_STRUCTURE + k;
        const rad = ((72 * k + 30) * Math.PI) / 180;
        const bytes = await dronePhoto({
          label: `${abb ? 'Flange' : 'Arm'} survey · ${s.struct_num} · view ${k + 1}`,
          latitude: s.latitude + metresToLat(12 * Math.cos(rad)),
          longitude: s.longitude + metresToLon(12 * Math.sin(rad), s.latitude),
          altitude: 520,
          relativeAltitude: 24,
          gimbalPitch: -20,
          gimbalYaw: (72 * k + 210) % 360,
          flightYaw: (72 * k + 210) % 360,
          dateTimeOriginal: exifLocalTime(new Date(start.getTime() + shot * 60_000), '-08:00'),
          offsetTimeOriginal: '-08:00',
          width: 1024,
          height: 768,
        });
        const fileName = `${abb ? 'FLG' : 'ARM'}_${String(shot + 1).padStart(4, '0')}.JPG`;
        if (
          await uploadDemoPhoto(deps, actor, { projectId: project.id, bytes, fileName, structureId: s.id })
        ) {
          stored++;
        }
      }
      const rows = await queryRows(
        db,
        sql`select id from images where structure_id = ${s.id} order by image_name, id`,
        IdRow,
      );
      ids.push(...rows.map((r) => r.id));
      imageIds.push(ids);
    }
    const first = structures[0];
    const photos = imageIds[0];
    if (first && photos && photos.length >= 3) {
      await classifyFirstStructure(db, first.id, photos, abb, inspector?.id ?? null);
    }
  }
  await markReviewsWithoutPhotos(db);
  return stored;
}

async function classifyFirstStructure(
  db: Db,
  structureId: number,
  photos: number[],
  abb: boolean,
  noteBy: number | null,
) {
  await db.transaction(async (tx) => {
    const [inspection] = await queryRows(
      tx,
      sql`select id from inspections where structure_id = ${structureId} order by id limit 1`,
      IdRow,
    );
    if (!inspection) return;
    const arms = await queryRows(
      tx,
      sql`insert into ett_arms (inspection_id, arm_position_id, classification, manufacturer, part, serial_num, release_num)
          values
            (${inspection.id}, 3, 'Original', 'H', ${abb ? 'E2003412B9' : 'HA-2210'}, 'SN-48213', 'R2'),
            (${inspection.id}, 4, 'Remanufactured', 'T', ${abb ? 'E2003412C4' : 'TA-1187'}, 'SN-51907', 'R1')
          on conflict (inspection_id, arm_position_id) do nothing
          returning id`,
      IdRow,
    );
    const [topLeft] = arms;
    if (!topLeft) return;
    await tx.execute(
      sql`insert into ett_arm_notes (ett_arm_id, note_text, created_by)
          values (${topLeft.id}, ${abb ? 'Flange bolts complete, light surface rust' : 'Knuckle coating worn on the east face'}, ${noteBy})`,
    );
    await tx.execute(sql`update images set ett_photo_type_id = 1 where id = ${photos[0]!}`);
    await tx.execute(
      sql`update images set ett_photo_type_id = 2, ett_arm_id = ${topLeft.id}, arm_position_id = 3 where id = ${photos[1]!}`,
    );
    await tx.execute(
      sql`update images set ett_photo_type_id = 3, knuckle_flat_position_id = 1 where id = ${photos[2]!}`,
    );
    if (abb) {
      await tx.execute(
        sql`insert into image_abb_types (image_id, abb_id_type_id) values (${photos[0]!}, 1), (${photos[0]!}, 2)
            on conflict do nothing`,
      );
    }
  });
}
