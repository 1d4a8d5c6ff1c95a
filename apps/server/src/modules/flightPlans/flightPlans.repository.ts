import type { Waypoint } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const WaypointRow = z.object({
  lat: z.number(),
  lon: z.number(),
  alt: z.number().nullable(),
}) satisfies z.ZodType<Waypoint>;

import type { Db } from '../../platform/db/client.ts';
import { isoUtc } from '../../platform/db/geo.ts';
import { IdRow, queryRows } from '../../platform/db/rows.ts';

export const FlightPlanRow = z.object({
  flight_plan_id: z.number(),
  project_id: z.number(),
  company_id: z.number(),
  box_id: z.string(),
  filename: z.string(),
  created_date: z.string(),
  flight_started_date: z.string().nullable(),
  format: z.enum(['qgc', 'json']),
  waypoint_count: z.number(),
  uploaded_by_name: z.string().nullable(),
});
export type FlightPlanRow = z.infer<typeof FlightPlanRow>;

const summaryColumns = sql`f.id as flight_plan_id, f.project_id, p.company_id, f.box_id, f.filename,
  ${isoUtc(sql`f.created_date`)} as created_date, ${isoUtc(sql`f.flight_started_date`)} as flight_started_date,
  f.format, f.waypoint_count, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as uploaded_by_name`;

/** The project's plans, newest first. */
export async function projectPlans(db: Db, projectId: number): Promise<FlightPlanRow[]> {
  return queryRows(
    db,
    sql`select ${summaryColumns} from flight_plans f join projects p on p.id = f.project_id
      left join users u on u.id = f.uploaded_by
      where f.project_id = ${projectId} order by f.created_date desc, f.id desc`,
    FlightPlanRow,
  );
}

/** One plan with its path; null when there is none (the caller checks the project's company). */
export async function planById(
  db: Db,
  id: number,
): Promise<(FlightPlanRow & { waypoints: Waypoint[] }) | null> {
  const [row] = await queryRows(
    db,
    sql`select ${summaryColumns}, f.waypoints from flight_plans f join projects p on p.id = f.project_id
      left join users u on u.id = f.uploaded_by where f.id = ${id}`,
    FlightPlanRow.extend({
      waypoints: z.array(WaypointRow),
    }),
  );
  return row ?? null;
}

export async function planIdByKey(db: Db, storageKey: string): Promise<number | null> {
  const [row] = await queryRows(
    db,
    sql`select id from flight_plans where storage_key = ${storageKey}`,
    IdRow,
  );
  return row?.id ?? null;
}

/** Inserts the plan once per stored file: null when that file is already a plan (a repeat or a race). */
export async function insertPlan(
  db: Db,
  plan: {
    projectId: number;
    boxId: string;
    storageKey: string;
    filename: string;
    uploadedBy: number;
    format: 'qgc' | 'json';
    waypoints: Waypoint[];
  },
): Promise<number | null> {
  const [row] = await queryRows(
    db,
    // Its flight started with the project's first photo taken since (see noteFlightStarted): none yet, unless
    // a camera's clock runs ahead of the server's.
    sql`insert into flight_plans (project_id, box_id, storage_key, filename, uploaded_by, format, waypoints, waypoint_count, flight_started_date)
      values (${plan.projectId}, ${plan.boxId}, ${plan.storageKey}, ${plan.filename}, ${plan.uploadedBy},
        ${plan.format}, ${JSON.stringify(plan.waypoints)}::jsonb, ${plan.waypoints.length},
        (select min(capture_time) from images where project_id = ${plan.projectId} and capture_time >= now()))
      on conflict (storage_key) do nothing returning id`,
    IdRow,
  );
  return row?.id ?? null;
}

export const StructurePoint = z.object({
  structure_id: z.number(),
  struct_num: z.string(),
  line_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type StructurePoint = z.infer<typeof StructurePoint>;

/** Every structure of the project with its position, in natural-enough order (line, then name). */
export async function projectStructurePoints(db: Db, projectId: number): Promise<StructurePoint[]> {
  const rows = await queryRows(
    db,
    sql`select s.id as structure_id, s.struct_num, l.line_name,
        (s.location)[1]::float8 as latitude, (s.location)[0]::float8 as longitude
      from structures s join lines l on l.id = s.line_id
      where s.project_id = ${projectId} order by lower(l.line_name), s.id`,
    StructurePoint,
  );
  return rows.map((r) => ({ ...r, latitude: Number(r.latitude), longitude: Number(r.longitude) }));
}
