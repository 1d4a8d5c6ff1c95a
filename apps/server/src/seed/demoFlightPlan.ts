import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { queryRows } from '../platform/db/rows.ts';
import { flightPlans } from '../platform/db/schema/index.ts';

/**
 * A dock box's flight plan on the project being patrolled: it flies the first 30 structures of the first line
 * and turns back, so the overview shows a drawn path and the structures it leaves out. Sent to the box the day
 * before the patrol's photos (taken from 26 hours before `now`), so its flight starts with the first of them.
 */
export async function insertDemoFlightPlan(
  db: Db,
  projectId: number,
  uploadedBy: number | null,
  now: Date,
): Promise<void> {
  const points = await queryRows(
    db,
    sql`select (s.location)[1]::float8 as lat, (s.location)[0]::float8 as lon
      from structures s where s.project_id = ${projectId}
        and s.line_id = (select min(line_id) from structures where project_id = ${projectId})
      order by s.id limit 30`,
    z.object({
      lat: z.number(),
      lon: z.number(),
    }),
  );
  if (points.length === 0) return;
  // 15 m north-east of each structure, at 40 m: where a crew flies past a pole.
  const waypoints = points.map((p) => ({
    lat: Number(p.lat) + 0.0001,
    lon: Number(p.lon) + 0.0001,
    alt: 40,
  }));
  await db.insert(flightPlans).values({
    projectId,
    boxId: 'WB-0042',
    storageKey: `flight-plans/${projectId}/demo-smoky-hill-north.plan`,
    filename: 'smoky-hill-north.plan',
    uploadedBy,
    format: 'qgc',
    waypoints,
    waypointCount: waypoints.length,
    createdDate: new Date(now.getTime() - 30 * 3_600_000),
  });
}
