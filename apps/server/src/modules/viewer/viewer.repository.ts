import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { execute, numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export const ReviewInspectionRef = z.object({
  id: z.number(),
  project_id: z.number(),
  structure_id: z.number(),
  component_id: z.number().nullable(),
  company_id: z.number(),
  project_name: z.string(),
  ptype_name: z.string().nullable(),
  inspection_type: z.string(),
  review_status: z.enum(['Complete', 'Reshoot Requested']).nullable(),
  date_reviewed: z.string().nullable(),
  reshoot_reason: z.string().nullable(),
  reshoot_requested_at: z.string().nullable(),
  escalated_at: z.string().nullable(),
  struct_num: z.string(),
  line_name: z.string(),
});
export type ReviewInspectionRef = z.infer<typeof ReviewInspectionRef>;

/**
 * An inspection with its project's company (for the policy) and the viewer's review fields. `lock` takes the
 * row lock so concurrent review actions on one inspection run one after the other.
 */
export async function findReviewInspection(
  db: Db,
  inspectionId: number,
  lock = false,
): Promise<ReviewInspectionRef | null> {
  const [row] = await queryRows(
    db,
    sql`select i.id, i.project_id, i.structure_id, i.component_id, p.company_id, p.project_name,
          pt.ptype_name, p.inspection_type, i.review_status,
          ${iso('i.date_reviewed')} as date_reviewed, i.reshoot_reason,
          ${iso('i.reshoot_requested_at')} as reshoot_requested_at, ${iso('i.escalated_at')} as escalated_at,
          s.struct_num, l.line_name
        from inspections i
        join projects p on p.id = i.project_id
        left join project_types pt on pt.ptype_id = p.ptype_id
        join structures s on s.id = i.structure_id
        join lines l on l.id = s.line_id
        where i.id = ${inspectionId} ${lock ? sql`for update of i` : sql``}`,
    ReviewInspectionRef,
  );
  return row ?? null;
}

/** Great-circle metres between two `point(lon, lat)` columns (haversine; no extension needed). */
const metersBetween = (a: string, b: string) =>
  sql.raw(`(2 * 6371008.8 * asin(sqrt(
    power(sin(radians(${b}[1] - ${a}[1]) / 2), 2) +
    cos(radians(${a}[1])) * cos(radians(${b}[1])) * power(sin(radians(${b}[0] - ${a}[0]) / 2), 2))))`);

/** The project's unassigned photos taken within `meters` of the structure (nearest first, at most 50). */
export function unassignedNearby(db: Db, inspection: ReviewInspectionRef, meters: number) {
  return queryRows(
    db,
    sql`select id, image_name, round(d::numeric, 1)::float8 as meters from (
          select im.id, im.image_name, ${metersBetween('s.location', 'im.location')} as d
          from structures s
          join images im on im.project_id = s.project_id and im.structure_id is null
            and im.reject_datetime is null and im.location is not null
          where s.id = ${inspection.structure_id}
        ) n
        where d <= ${meters}
        order by d, image_name
        limit 50`,
    z.object({
      id: z.number(),
      image_name: z.string(),
      meters: z.number(),
    }),
  );
}

export const InspectionImageRaw = z.object({
  id: z.number(),
  image_name: z.string(),
  reject_datetime: z.string().nullable(),
  reject_reason: z.string().nullable(),
  anno_count: z.number(),
  max_risk_level: z.number().nullable(),
  first_viewed: z.string().nullable(),
  has_thumb: z.boolean(),
  has_medium: z.boolean(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  note_text: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  bearing: z.number().nullable(),
  capture_date: z.string().nullable(),
  ett_photo_type_id: z.number().nullable(),
  arm_position_id: z.number().nullable(),
  ett_arm_id: z.number().nullable(),
  ab_id_types: z.array(z.number()),
  knuckle_flat_position_id: z.number().nullable(),
  stepclip_json: z.record(z.string(), z.number()).nullable(),
});
export type InspectionImageRaw = z.infer<typeof InspectionImageRaw>;

/** The photos of a structure by name, with annotation counts (AI markups left out) and notes. */
export function inspectionImages(db: Db, structureId: number, withNotes: boolean, acceptedOnly = false) {
  return queryRows(
    db,
    sql`select im.id, im.image_name, ${iso('im.reject_datetime')} as reject_datetime, im.reject_reason,
          coalesce(a.anno_count, 0)::int as anno_count, a.max_risk_level,
          ${iso('im.first_viewed')} as first_viewed, im.has_thumb, im.has_medium, im.width, im.height,
          ${withNotes ? sql`n.note_text` : sql`null::text`} as note_text,
          im.location[1] as latitude, im.location[0] as longitude, im.bearing,
          ${iso('im.capture_time')} as capture_date, im.ett_photo_type_id::int as ett_photo_type_id,
          im.arm_position_id, im.knuckle_flat_position_id, im.stepclip_json, im.ett_arm_id,
          array(select t.abb_id_type_id from image_abb_types t where t.image_id = im.id order by 1) as ab_id_types
        from images im
        left join image_notes n on n.image_id = im.id
        left join (
          select an.image_id, count(*)::int as anno_count, max(an.risk_level)::int as max_risk_level
          from annotations an join images ai on ai.id = an.image_id
          where ai.structure_id = ${structureId} and an.model_id is null
          group by an.image_id
        ) a on a.image_id = im.id
        where im.structure_id = ${structureId} ${acceptedOnly ? sql`and im.reject_datetime is null` : sql``}
        order by im.image_name, im.id`,
    InspectionImageRaw,
  );
}

/** Sets first_viewed (or first_zoomed) once; answers whether this call set it. */
export async function markFirst(db: Db, imageId: number, column: 'first_viewed' | 'first_zoomed') {
  const col = sql.raw(column);
  return (
    (await execute(db, sql`update images set ${col} = now() where id = ${imageId} and ${col} is null`)) > 0
  );
}

export async function requestReshoot(db: Db, inspectionId: number, reason: string, userId: number) {
  await db.execute(sql`
    update inspections set review_status = 'Reshoot Requested', reshoot_reason = ${reason},
      reshoot_requested_at = now(), reshoot_requested_by = ${userId}::int, updated_at = now()
    where id = ${inspectionId}`);
}

/** Takes a reshoot request back to pending; answers whether one was standing. */
export async function withdrawReshoot(db: Db, inspectionId: number): Promise<boolean> {
  return (
    (await execute(
      db,
      sql`update inspections set review_status = null, reshoot_reason = null, reshoot_requested_at = null,
            reshoot_requested_by = null, updated_at = now()
          where id = ${inspectionId} and review_status = 'Reshoot Requested'`,
    )) > 0
  );
}

/** Records the first escalation (time and who); answers whether this call was the first. */
export async function escalate(db: Db, inspectionId: number, userId: number): Promise<boolean> {
  return (
    (await execute(
      db,
      sql`update inspections set escalated_at = now(), escalated_by = ${userId}::int, updated_at = now()
          where id = ${inspectionId} and escalated_at is null`,
    )) > 0
  );
}

/** Active super admins and project managers: who hears of an escalation. */
export function escalationRecipients(db: Db) {
  return queryRows(
    db,
    sql`select u.email from users u join roles r on r.id = u.role_id
        where r.role_name in ('super_admin', 'project_manager') and u.status = 1
        order by u.id`,
    z.object({
      email: z.string(),
    }),
  );
}

export const HistoryRow = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  user_name: z.string().nullable(),
  image_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type HistoryRow = z.infer<typeof HistoryRow>;

/**
 * Review actions of an inspection from the audit log, newest first: those on the inspection itself, on its
 * structure's photos (notes, annotations, un-reject) and the batch rejections naming one of those photos.
 */
export function reviewHistory(db: Db, inspection: ReviewInspectionRef, limit = 200) {
  return queryRows(
    db,
    sql`with imgs as (select id, image_name from images where structure_id = ${inspection.structure_id})
        select a.id::int as id, ${iso('a.created_at')} as at, a.action,
          case when u.id is null then null else u.first_name || ' ' || u.last_name end as user_name,
          im.image_name, a.details
        from audit_log a
        left join users u on u.id = a.user_id
        left join imgs im on a.object_type = 'image' and im.id::text = a.object_id
        where (a.object_type = 'inspection' and a.object_id = ${String(inspection.id)})
          or (a.object_type = 'image' and a.object_id in (select id::text from imgs))
          or (a.object_type = 'project' and a.object_id = ${String(inspection.project_id)}
            and a.action = 'images.reject'
            and exists (select 1 from jsonb_array_elements_text(a.details->'imageIds') e
              where e in (select id::text from imgs)))
        order by a.created_at desc, a.id desc
        limit ${limit}`,
    HistoryRow,
  );
}

/** Names of photos by id (for history entries of batch rejections). */
export function imageNames(db: Db, ids: readonly number[]) {
  return queryRows(
    db,
    sql`select id, image_name from images where id = any(${numberArrayLiteral(ids)}::int[])`,
    z.object({
      id: z.number(),
      image_name: z.string(),
    }),
  );
}

export async function userName(db: Db, userId: number): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select first_name || ' ' || last_name as name from users where id = ${userId}`,
    z.object({
      name: z.string(),
    }),
  );
  return row?.name ?? null;
}

/**
 * Who is told of a reshoot: the active pilots of the structure's flight crew, or, when the structure is in no
 * crew, the pilots assigned to the project. Each once, by id.
 */
export function reshootRecipients(db: Db, projectId: number, structureId: number) {
  return queryRows(
    db,
    sql`with crew as (
          select cm.user_id from structures s join crew_members cm on cm.crew_group_id = s.crew_group_id
          where s.id = ${structureId}
        ), fallback as (
          select pp.user_id from project_pilots pp
          where pp.project_id = ${projectId} and pp.assigned and not exists (select 1 from crew)
        )
        select u.id, u.email, u.phone, u.first_name from users u
        where u.status = 1 and u.id in (select user_id from crew union select user_id from fallback)
        order by u.id`,
    z.object({
      id: z.number(),
      email: z.string(),
      phone: z.string().nullable(),
      first_name: z.string(),
    }),
  );
}
