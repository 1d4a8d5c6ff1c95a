import { sql } from 'drizzle-orm';
import type { AnnotationGeometryRow } from '../../platform/db/annotationGeometry.ts';
import type { Db } from '../../platform/db/client.ts';
import { execute, IdRow, queryRows } from '../../platform/db/rows.ts';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface ReportInspectionRow {
  id: number;
  project_id: number;
  company_id: number;
  project_name: string;
  structure_id: number;
  component_id: number | null;
  component: string | null;
  struct_num: string;
  line_name: string;
  line_num: string | null;
  latitude: number;
  longitude: number;
  review_status: string | null;
  date_reviewed: string | null;
  reviewer: string | null;
  max_risk_level: number | null;
  standing_images: number;
  str_type: string | null;
  arm_type: string | null;
  arm_qty: number | null;
  anchor_qty: number | null;
  guy_qty: number | null;
  insulator_type: string | null;
  insulator_qty: number | null;
  cond_sleeve_qty: number | null;
  inspector: string | null;
  comments: string | null;
}

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
  const [row] = await queryRows<ReportInspectionRow>(
    db,
    sql`${selectInspection} where i.id = ${inspectionId}`,
  );
  return row ?? null;
}

/**
 * The project's completed inspections whose highest annotation risk is at least `minRisk`, riskiest first,
 * then by line and structure name.
 */
export function riskyInspections(db: Db, projectId: number, minRisk: number) {
  return queryRows<ReportInspectionRow>(
    db,
    sql`${selectInspection}
        where i.project_id = ${projectId} and i.review_status = 'Complete' and i.max_risk_level >= ${minRisk}
        order by i.max_risk_level desc, l.line_name, s.struct_num, i.id`,
  );
}

export interface ReportAnnotationRow extends AnnotationGeometryRow {
  image_name: string;
  storage_key: string;
  has_medium: boolean;
  component: string | null;
  deficiency: string | null;
  risk_level: number;
  note: string | null;
}

/**
 * The annotations on the structure's standing photos (AI markups and rejected photos left out), by photo
 * name and annotation number. For a component-level inspection only those of its component.
 */
export function reportAnnotations(db: Db, structureId: number, componentId: number | null) {
  return queryRows<ReportAnnotationRow>(
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
  );
}

export interface ProjectReportRow {
  id: number;
  project_id: number;
  company_id: number;
  project_name: string;
  status: 'queued' | 'building' | 'ready' | 'failed';
  structure_count: number | null;
  structures_done: number;
  storage_key: string;
  size_bytes: number | null;
  error: string | null;
  created_at: string;
  completed_at: string | null;
}

const selectReport = sql`
  select r.id, r.project_id, p.company_id, p.project_name, r.status, r.structure_count, r.structures_done,
    r.storage_key, r.size_bytes::float8 as size_bytes, r.error, ${iso('r.created_at')} as created_at,
    ${iso('r.completed_at')} as completed_at
  from project_reports r join projects p on p.id = r.project_id`;

export async function findReport(db: Db, id: number): Promise<ProjectReportRow | null> {
  const [row] = await queryRows<ProjectReportRow>(db, sql`${selectReport} where r.id = ${id}`);
  return row ?? null;
}

/** The project's reports, newest first (the last 20). */
export function reportList(db: Db, projectId: number) {
  return queryRows<ProjectReportRow>(
    db,
    sql`${selectReport} where r.project_id = ${projectId} order by r.id desc limit 20`,
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
