import { type UploadImage, UploadStats, type UploadStructure } from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';

/** A time column as epoch milliseconds (null stays null): far cheaper than to_char in PGlite. */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * One photo as the Upload page shows it: a json array (positions in `toImage`) of the `images i` row, its
 * uploader `u` and its annotation aggregate `a`. Built in the database and parsed once: PGlite decodes
 * every result cell in JavaScript, and one json text of arrays per answer is far cheaper (no repeated keys).
 * Times travel as epoch milliseconds and become ISO strings in `toImage` (to_char cost ~40 % of the query
 * in PGlite).
 */
const imageTuple = sql`json_build_array(
  i.id, i.image_name, i.has_thumb, i.has_medium, i.meters_from_struct, i.assignment_confidence,
  case when u.id is null then null else u.first_name || ' ' || u.last_name end,
  ${epochMs(sql`i.uploaded_at`)}, ${epochMs(sql`i.capture_time`)}, ${epochMs(sql`i.assigned_at`)},
  i.camera_make, i.camera_model, i.location[1], i.location[0], i.bearing, i.structure_id,
  coalesce(a.anno_count, 0), a.max_risk, ${epochMs(sql`i.first_viewed`)},
  i.reject_datetime is not null, i.archived_date is not null, i.capture_offset)`;

type ImageTuple = [
  number,
  string,
  boolean,
  boolean,
  number | null,
  number | null,
  string | null,
  number,
  number | null,
  number | null,
  string | null,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number,
  number | null,
  number | null,
  boolean,
  boolean,
  string | null,
];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const toImage = (t: ImageTuple): UploadImage => ({
  image_id: t[0],
  image_name: t[1],
  has_thumb: t[2],
  has_medium: t[3],
  meters_from_struct: t[4],
  assignment_confidence: t[5],
  uploaded_by_name: t[6],
  upload_date: new Date(t[7]).toISOString(),
  capture_date: iso(t[8]),
  assigned_date: iso(t[9]),
  camera_make: t[10],
  camera_model: t[11],
  latitude: t[12],
  longitude: t[13],
  bearing: t[14],
  structure_id: t[15],
  anno_count: t[16],
  max_risk_level: t[17],
  first_viewed: iso(t[18]),
  rejected: t[19],
  archived: t[20],
  capture_offset: t[21],
});

const parse = <T>(rows: Array<{ j: string | null }>): T[] => JSON.parse(rows[0]?.j ?? '[]') as T[];

/**
 * The photos `w` (a CTE over `images`, in the order `order`) as json: the uploader, and the photos'
 * annotations aggregated once for the whole answer (AI markups, which carry a model_id, are not a person's
 * annotations and are not counted).
 */
const imagesOf = (order: SQL, extra = sql``) => sql`
  a as (
    select image_id, count(*)::int as anno_count, max(risk_level)::int as max_risk from annotations
    where image_id in (select id from w) and model_id is null group by image_id)
  select json_agg(${imageTuple} order by ${order})::text as j ${extra}
  from w i left join users u on u.id = i.uploaded_by left join a on a.image_id = i.id`;

/** Photos of a project matching `where` (over `images i`), in `order`, at most `limit`. */
async function imagesWhere(db: Db, where: SQL, order: SQL, limit?: number): Promise<UploadImage[]> {
  const rows = await queryRows(
    db,
    sql`
    with w as materialized (
      select * from images i where ${where} order by ${order} ${limit === undefined ? sql`` : sql`limit ${limit}`}),
    ${imagesOf(order)}`,
    z.object({
      j: z.string().nullable(),
    }),
  );
  return parse<ImageTuple>(rows).map(toImage);
}

/** The photos assigned to a structure, rejected ones excluded, by name. */
export function structureImages(db: Db, projectId: number, structureId: number): Promise<UploadImage[]> {
  return imagesWhere(
    db,
    sql`i.project_id = ${projectId} and i.structure_id = ${structureId} and i.reject_datetime is null`,
    sql`i.image_name, i.id`,
  );
}

/**
 * The project's photos without a structure, rejected ones excluded, by name (the partial index serves it):
 * `limit` of them after the photo `after` (its name and id) in that order, so the list is read in chunks.
 */
export function unassignedImages(
  db: Db,
  projectId: number,
  after: { name: string; id: number } | null = null,
  limit?: number,
): Promise<UploadImage[]> {
  const past = after ? sql`and (i.image_name, i.id) > (${after.name}, ${after.id})` : sql``;
  return imagesWhere(
    db,
    sql`i.project_id = ${projectId} and i.structure_id is null and i.reject_datetime is null ${past}`,
    sql`i.image_name, i.id`,
    limit,
  );
}

/** A box (west, south, east, north) in degrees with west ≤ east, as the `<@ box` operand. */
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** `column <@ box` for one or two boxes (a view across the antimeridian is two): the GiST index serves each. */
function inBoxes(column: SQL, boxes: readonly Box[]): SQL {
  const one = (b: Box) =>
    sql`${column} <@ box(point(${b.west}::float8, ${b.south}::float8), point(${b.east}::float8, ${b.north}::float8))`;
  if (boxes.length === 1) return one(boxes[0]!);
  return sql`(${sql.join(boxes.map(one), sql` or `)})`;
}

/** One structure as the Upload page shows it (`structures s` joined with `lines l` and the counts `c`, `ins`). */
const structureTuple = sql`json_build_array(s.id, s.struct_num, s.line_id, l.line_name, s.location[1],
  s.location[0], s.structure_source_type_id, coalesce(c.image_count, 0), coalesce(c.archived_count, 0),
  coalesce(ins.inspected, false))`;

type StructureTuple = [number, string, number, string, number, number, number, number, number, boolean];

const toStructure = (t: StructureTuple): UploadStructure => ({
  structure_id: t[0],
  struct_num: t[1],
  line_id: t[2],
  line_name: t[3],
  latitude: t[4],
  longitude: t[5],
  structure_source_type_id: t[6],
  image_count: t[7],
  archived_count: t[8],
  inspected: t[9],
});

/** Photo counts of structure `s`: rejected photos are not counted; archived = delivered (archived_date). */
const countColumns = sql`count(*) filter (where reject_datetime is null)::int as image_count,
  count(*) filter (where reject_datetime is null and archived_date is not null)::int as archived_count`;

/**
 * Every structure of a project, in creation order, in one statement: the photo counts and the inspected
 * flag are each aggregated once over the project (grouped subqueries), never per structure. The route
 * streams the list with `projectStructuresAfter` instead; this whole answer is the reference its tests
 * compare with.
 */
export async function projectStructures(db: Db, projectId: number): Promise<UploadStructure[]> {
  const rows = await queryRows(
    db,
    sql`
    select json_agg(${structureTuple} order by s.id)::text as j
    from structures s
    join lines l on l.id = s.line_id
    left join (
      select structure_id, ${countColumns}
      from images where project_id = ${projectId} and structure_id is not null group by structure_id
    ) c on c.structure_id = s.id
    left join (
      select structure_id, bool_and(date_reviewed is not null) as inspected
      from inspections where project_id = ${projectId} group by structure_id
    ) ins on ins.structure_id = s.id
    where s.project_id = ${projectId}`,
    z.object({
      j: z.string().nullable(),
    }),
  );
  return parse<StructureTuple>(rows).map(toStructure);
}

/**
 * Structures of a project matching `where` (a structure, a map window): counts per structure through its
 * indexes (images by structure_id, inspections by (structure_id, component_id)), for a few thousand rows.
 */
const structuresSelect = (where: SQL) => sql`
  select json_agg(${structureTuple} order by s.id)::text
  from structures s
  join lines l on l.id = s.line_id
  cross join lateral (select ${countColumns} from images where structure_id = s.id) c
  cross join lateral (
    select bool_and(date_reviewed is not null) as inspected from inspections where structure_id = s.id
  ) ins
  where ${where}`;

async function structuresWhere(db: Db, where: SQL): Promise<UploadStructure[]> {
  const rows = await queryRows(
    db,
    sql`select (${structuresSelect(where)}) as j`,
    z.object({
      j: z.string().nullable(),
    }),
  );
  return parse<StructureTuple>(rows).map(toStructure);
}

/** `limit` structures of a project after the structure id `afterId` (0: from the first), in creation order. */
export function projectStructuresAfter(
  db: Db,
  projectId: number,
  afterId: number,
  limit: number,
): Promise<UploadStructure[]> {
  return structuresWhere(
    db,
    sql`s.id in (select id from structures where project_id = ${projectId} and id > ${afterId}
      order by id limit ${limit})`,
  );
}

export async function findStructure(
  db: Db,
  projectId: number,
  structureId: number,
): Promise<UploadStructure | null> {
  const [row] = await structuresWhere(db, sql`s.id = ${structureId} and s.project_id = ${projectId}`);
  return row ?? null;
}

/**
 * The structures and the photos (not rejected; at most `imageLimit`, by id, so a truncated answer is stable)
 * inside the boxes, in ONE statement: one round trip per map move.
 */
export async function windowContents(
  db: Db,
  projectId: number,
  boxes: readonly Box[],
  imageLimit: number,
  assignedOnly = false,
): Promise<{ structures: UploadStructure[]; images: UploadImage[] }> {
  const structureWhere = sql`s.project_id = ${projectId} and ${inBoxes(sql`s.location`, boxes)}`;
  const assigned = assignedOnly ? sql`and i.structure_id is not null` : sql``;
  const [row] = await queryRows(
    db,
    sql`
    with w as materialized (
      select * from images i
      where i.project_id = ${projectId} and ${inBoxes(sql`i.location`, boxes)} and i.reject_datetime is null ${assigned}
      order by i.id limit ${imageLimit}),
    ${imagesOf(sql`i.id`, sql`, (${structuresSelect(structureWhere)}) as sj`)}`,
    z.object({
      j: z.string().nullable(),
      sj: z.string().nullable(),
    }),
  );
  return {
    structures: (JSON.parse(row?.sj ?? '[]') as StructureTuple[]).map(toStructure),
    images: (JSON.parse(row?.j ?? '[]') as ImageTuple[]).map(toImage),
  };
}

/**
 * The header's five tiles in one statement. Rejected photos are out of the Upload page, so neither image
 * count includes them (the unassigned count equals the length of the unassigned list). `assignedOnly`
 * (a customer's header) counts the photos on structures alone.
 */
export async function uploadStats(db: Db, projectId: number, assignedOnly = false): Promise<UploadStats> {
  const assigned = assignedOnly ? sql`and structure_id is not null` : sql``;
  const [row] = await queryRows(
    db,
    sql`
    select m.*, s.* from
    (select count(*)::int as img_count, count(*) filter (where structure_id is null)::int as unassigned_img_count
      from images where project_id = ${projectId} and reject_datetime is null ${assigned}) m,
    (select count(*) filter (where structure_source_type_id = 2)::int as kmz_struct_count,
        count(*) filter (where structure_source_type_id = 3)::int as nadir_struct_count,
        count(*) filter (where structure_source_type_id = 1)::int as manual_struct_count
      from structures where project_id = ${projectId}) s`,
    UploadStats,
  );
  return row!;
}

export interface ImageListFilter {
  projectId: number;
  /** A customer's list: the accepted photos on structures only (no rejected, no unassigned ones). */
  acceptedOnly?: boolean;
  uploadedBy?: number | undefined;
  lineId?: number | undefined;
  limit: number;
  offset: number;
  orderBy: 'image_name' | 'upload_date' | 'capture_date' | 'assigned_date' | 'meters_from_struct';
  order: 'ASC' | 'DESC';
}

const ORDER_COLUMNS: Record<ImageListFilter['orderBy'], SQL> = {
  image_name: sql`i.image_name`,
  upload_date: sql`i.uploaded_at`,
  capture_date: sql`i.capture_time`,
  assigned_date: sql`i.assigned_at`,
  meters_from_struct: sql`i.meters_from_struct`,
};

/**
 * A page of the project's photos (rejected ones included, flagged) and how many match, in one statement.
 * Empty values sort last in either direction; the id breaks ties so pages never overlap.
 */
export async function imagePage(db: Db, f: ImageListFilter): Promise<{ rows: UploadImage[]; total: number }> {
  const dir = f.order === 'DESC' ? sql`desc` : sql`asc`;
  const order = sql`${ORDER_COLUMNS[f.orderBy]} ${dir} nulls last, i.id ${dir}`;
  const conditions = [sql`i.project_id = ${f.projectId}`];
  if (f.acceptedOnly) conditions.push(sql`i.reject_datetime is null and i.structure_id is not null`);
  if (f.uploadedBy !== undefined) conditions.push(sql`i.uploaded_by = ${f.uploadedBy}`);
  if (f.lineId !== undefined) {
    conditions.push(sql`i.structure_id in (select id from structures
      where project_id = ${f.projectId} and line_id = ${f.lineId})`);
  }
  const where = sql.join(conditions, sql` and `);
  const [row] = await queryRows(
    db,
    sql`
    with w as materialized (
      select * from images i where ${where} order by ${order} limit ${f.limit} offset ${f.offset}),
    ${imagesOf(order, sql`, (select count(*)::int from images i where ${where}) as total`)}`,
    z.object({
      j: z.string().nullable(),
      total: z.number(),
    }),
  );
  return { rows: (JSON.parse(row?.j ?? '[]') as ImageTuple[]).map(toImage), total: row?.total ?? 0 };
}
