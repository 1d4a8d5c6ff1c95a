import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AnnotationGeometryRow } from '../../platform/db/annotationGeometry.ts';
import type { Db } from '../../platform/db/client.ts';
import { execute, IdRow, queryRows } from '../../platform/db/rows.ts';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export const ReportInspectionRow = z.object({
  id: z.number(),
  project_id: z.number(),
  company_id: z.number(),
  project_name: z.string(),
  structure_id: z.number(),
  component_id: z.number().nullable(),
  component: z.string().nullable(),
  struct_num: z.string(),
  line_name: z.string(),
  line_num: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  review_status: z.string().nullable(),
  date_reviewed: z.string().nullable(),
  reviewer: z.string().nullable(),
  max_risk_level: z.number().nullable(),
  standing_images: z.number(),
  str_type: z.string().nullable(),
  arm_type: z.string().nullable(),
  arm_qty: z.number().nullable(),
  anchor_qty: z.number().nullable(),
  guy_qty: z.number().nullable(),
  insulator_type: z.string().nullable(),
  insulator_qty: z.number().nullable(),
  cond_sleeve_qty: z.number().nullable(),
  inspector: z.string().nullable(),
  comments: z.string().nullable(),
});
export type ReportInspectionRow = z.infer<typeof ReportInspectionRow>;

const selectInspection = sql`
  select i.id, i.project_id, p.company_id, p.project_name, i.structure_id, i.component_id,
    c.display_text as component, s.struct_num, l.line_name, l.line_num,
    s.location[1]::float8 as latitude, s.location[0]::float8 as longitude,
    i.review_status, ${iso('i.date_reviewed')} as date_reviewed,
    case when u.id is null then null else u.first_name || ' ' || u.last_name end as reviewer,
    i.max_risk_level::int as max_risk_level,
    (select count(*)::int from images im where im.structure_id = i.structure_id and im.reject_datetime is null)
      as standing_images,
    i.str_type, i.arm_type, i.arm_qty::int as arm_qty, i.anchor_qty::int as anchor_qty, i.guy_qty::int as guy_qty,
    i.insulator_type, i.insulator_qty::int as insulator_qty, i.cond_sleeve_qty::int as cond_sleeve_qty,
    i.inspector, i.comments
  from inspections i
  join projects p on p.id = i.project_id
  join structures s on s.id = i.structure_id
  join lines l on l.id = s.line_id
  left join components c on c.id = i.component_id
  left join users u on u.id = i.reviewed_by`;

export async function findReportInspection(
  db: Db,
  inspectionId: number,
): Promise<ReportInspectionRow | null> {
  const [row] = await queryRows(
    db,
    sql`${selectInspection} where i.id = ${inspectionId}`,
    ReportInspectionRow,
  );
  return row ?? null;
}

/**
 * The project's completed inspections whose highest annotation risk is at least `minRisk`, riskiest first,
 * then by line and structure name.
 */
export function riskyInspections(db: Db, projectId: number, minRisk: number) {
  return queryRows(
    db,
    sql`${selectInspection}
        where i.project_id = ${projectId} and i.review_status = 'Complete' and i.max_risk_level >= ${minRisk}
        order by i.max_risk_level desc, l.line_name, s.struct_num, i.id`,
    ReportInspectionRow,
  );
}

export const ReportAnnotationRow = AnnotationGeometryRow.extend({
  image_name: z.string(),
  storage_key: z.string(),
  has_medium: z.boolean(),
  component: z.string().nullable(),
  deficiency: z.string().nullable(),
  risk_level: z.number(),
  note: z.string().nullable(),
});
export type ReportAnnotationRow = z.infer<typeof ReportAnnotationRow>;

/**
 * The annotations on the structure's standing photos (AI markups and rejected photos left out), by photo
 * name and annotation number. For a component-level inspection only those of its component.
 */
export function reportAnnotations(db: Db, structureId: number, componentId: number | null) {
  return queryRows(
    db,
    sql`select a.id, a.annotation_number, a.image_id, im.image_name, im.storage_key, im.has_medium, a.shape,
          a.rect_top_left_x, a.rect_top_left_y, a.rect_width, a.rect_height, a.polygon,
          coalesce(a.image_width, im.width) as image_width, coalesce(a.image_height, im.height) as image_height,
          c.display_text as component, d.sub_category_text as deficiency, a.risk_level::int as risk_level, a.note
        from annotations a
        join images im on im.id = a.image_id
        left join components c on c.id = a.category_id
        left join deficiencies d on d.id = a.sub_category_id
        where im.structure_id = ${structureId} and im.reject_datetime is null and a.model_id is null
          ${componentId === null ? sql`` : sql`and a.category_id = ${componentId}`}
        order by im.image_name, im.id, a.annotation_number`,
    ReportAnnotationRow,
  );
}

export const ProjectReportRow = z.object({
  id: z.number(),
  project_id: z.number(),
  company_id: z.number(),
  project_name: z.string(),
  status: z.enum(['queued', 'building', 'ready', 'failed']),
  structure_count: z.number().nullable(),
  structures_done: z.number(),
  storage_key: z.string(),
  size_bytes: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type ProjectReportRow = z.infer<typeof ProjectReportRow>;

const selectReport = sql`
  select r.id, r.project_id, p.company_id, p.project_name, r.status, r.structure_count, r.structures_done,
    r.storage_key, r.size_bytes::float8 as size_bytes, r.error, ${iso('r.created_at')} as created_at,
    ${iso('r.completed_at')} as completed_at
  from project_reports r join projects p on p.id = r.project_id`;

export async function findReport(db: Db, id: number): Promise<ProjectReportRow | null> {
  const [row] = await queryRows(db, sql`${selectReport} where r.id = ${id}`, ProjectReportRow);
  return row ?? null;
}

/** The project's reports, newest first (the last 20). */
export function reportList(db: Db, projectId: number) {
  return queryRows(
    db,
    sql`${selectReport} where r.project_id = ${projectId} order by r.id desc limit 20`,
    ProjectReportRow,
  );
}

/** Inserts a queued report; its storage key names it by id, so it is set in the same statement. */
export async function insertReport(db: Db, projectId: number, keyPrefix: string, createdBy: number | null) {
  const [row] = await queryRows(
    db,
    sql`insert into project_reports (id, project_id, storage_key, created_by)
        select n.id, ${projectId}::int, ${keyPrefix} || n.id || '.pdf', ${createdBy}::int
        from (select nextval(pg_get_serial_sequence('project_reports', 'id'))::int as id) n
        returning id`,
    IdRow,
  );
  return row!.id;
}

export const setReportJob = (db: Db, id: number, jobId: number) =>
  execute(db, sql`update project_reports set job_id = ${jobId} where id = ${id}`);

export const markBuilding = (db: Db, id: number, structureCount: number) =>
  execute(
    db,
    sql`update project_reports set status = 'building', structure_count = ${structureCount}, structures_done = 0,
          updated_at = now() where id = ${id}`,
  );

export const reportStructuresDone = (db: Db, id: number, done: number) =>
  execute(
    db,
    sql`update project_reports set structures_done = ${done}, updated_at = now()
        where id = ${id} and status = 'building'`,
  );

export const markReady = (db: Db, id: number, sizeBytes: number) =>
  execute(
    db,
    sql`update project_reports set status = 'ready', size_bytes = ${sizeBytes}, error = null,
          structures_done = coalesce(structure_count, 0), completed_at = now(), updated_at = now()
        where id = ${id}`,
  );

export const markAttemptFailed = (db: Db, id: number, message: string, final: boolean) =>
  execute(
    db,
    sql`update project_reports set error = ${message.slice(0, 500)},
          status = ${final ? 'failed' : 'queued'}, updated_at = now() where id = ${id}`,
  );
