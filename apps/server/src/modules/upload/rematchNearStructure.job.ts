import { ASSIGNMENT_SEARCH_RADIUS_M, chooseStructure } from '@linewalker/domain';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';
import { images } from '../../platform/db/schema/index.ts';
import { defineJob } from '../../platform/jobs/define.ts';
import { structuresNear } from './photoIngest.repository.ts';

const RematchPayload = z.object({
  projectId: z.number().int().positive(),
  structureId: z.number().int().positive(),
});

/** Photos looked at per run: a structure added among many unassigned photos is matched in one pass. */
const BATCH = 5000;

/**
 * After a structure is added or moved on the Upload tab, the project's unassigned photos near it are matched
 * again by the rule used on upload (`chooseStructure` over the structures within the search radius). A
 * photo assigned meanwhile (by hand or another match) is left as it is; a rejected photo is never assigned.
 * Idempotent: a second run finds nothing left to match. A job because a structure may stand among thousands
 * of unassigned photos.
 */
export const rematchNearStructureJob = defineJob({
  name: 'upload.rematch-near-structure',
  payload: RematchPayload,
  maxAttempts: 5,
  leaseMs: 120_000,
  async run(ctx, { projectId, structureId }) {
    const db = ctx.deps.database.db;
    const [position] = await structurePosition(db, projectId, structureId);
    if (!position) return { skipped: true };
    const structure = { lat: Number(position.lat), lon: Number(position.lon) };
    const dLat = ASSIGNMENT_SEARCH_RADIUS_M / 111_320;
    const dLon =
      ASSIGNMENT_SEARCH_RADIUS_M / (111_320 * Math.max(0.01, Math.cos((structure.lat * Math.PI) / 180)));
    const photos = await db
      .select({
        id: images.id,
        location: images.location,
        bearing: images.bearing,
        gimbalPitch: images.gimbalPitch,
        relativeAltitude: images.relativeAltitude,
      })
      .from(images)
      .where(
        and(
          eq(images.projectId, projectId),
          isNull(images.structureId),
          isNull(images.rejectDatetime),
          isNotNull(images.location),
          sql`${images.location} <@ box(point(${structure.lon - dLon}, ${structure.lat - dLat}), point(${structure.lon + dLon}, ${structure.lat + dLat}))`,
        ),
      )
      .limit(BATCH);
    let assigned = 0;
    for (const photo of photos) {
      const { x: longitude, y: latitude } = photo.location!;
      const candidates = await structuresNear(db, projectId, latitude, longitude, ASSIGNMENT_SEARCH_RADIUS_M);
      const choice = chooseStructure(
        {
          latitude,
          longitude,
          bearing: photo.bearing,
          gimbalPitch: photo.gimbalPitch,
          relativeAltitude: photo.relativeAltitude,
        },
        candidates,
      );
      if (choice.structureId === null) continue;
      const updated = await db
        .update(images)
        .set({
          structureId: choice.structureId,
          metersFromStruct: choice.metersFromStruct,
          assignmentConfidence: choice.confidence,
          assignedAt: new Date(),
        })
        .where(and(eq(images.id, photo.id), isNull(images.structureId), isNull(images.rejectDatetime)))
        .returning({ id: images.id });
      assigned += updated.length;
    }
    return { looked: photos.length, assigned };
  },
});

/** The structure's position, when it still belongs to the project. */
const structurePosition = (db: Db, projectId: number, structureId: number) =>
  queryRows(
    db,
    sql`select location[1] as lat, location[0] as lon from structures
        where id = ${structureId} and project_id = ${projectId} and location is not null`,
    z.object({
      lat: z.number(),
      lon: z.number(),
    }),
  );
