import {
  type ArchivedImage,
  DeliveryCounts,
  type DeliveryFilter,
  type DeliveryStructure,
  type DeliveryStructurePage,
} from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { IdRow, numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';

export interface StructureFilter {
  lineIds: readonly number[];
  q: string | undefined;
}

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The header's filters on `structures s join lines l` (the table's, and a select-all's). */
export function filterSql(f: StructureFilter): SQL {
  const parts: SQL[] = [];
  if (f.lineIds.length) parts.push(sql`s.line_id = any(${numberArrayLiteral(f.lineIds)}::int[])`);
  if (f.q) {
    const pattern = likePattern(f.q);
    parts.push(sql`(s.struct_num ilike ${pattern} or l.line_name ilike ${pattern})`);
  }
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * Photos per structure of the project: every one, the deliverable ones (not rejected) and of those the
 * delivered ones. One pass over the project's photos (index images_project_structure_idx).
 */
const countsCte = (projectId: number) => sql`
  counts as materialized (
    select structure_id,
      count(*)::int as uploaded_image_count,
      (count(*) filter (where reject_datetime is null))::int as image_count,
      (count(*) filter (where reject_datetime is null and archived_date is not null))::int as archived_count
    from images where project_id = ${projectId} and structure_id is not null
    group by structure_id)`;

/** The project's structures that pass the filters, with their photo counts. */
const matchedCte = (projectId: number, f: StructureFilter) => sql`
  matched as materialized (
    select s.id, s.struct_num, s.line_id, l.line_name, l.line_num,
      -- Natural order keys: the name without its numbers, then its numbers by value (T-2 before T-10,
      -- 7/5 before 7/50), byte order so both databases agree.
      lower(regexp_replace(s.struct_num, '[0-9]+', '#', 'g')) collate "C" as name_letters,
      (select array_agg(m[1]::numeric) from regexp_matches(s.struct_num, '[0-9]+', 'g') m) as name_numbers,
      coalesce(c.image_count, 0) as image_count,
      coalesce(c.archived_count, 0) as archived_count,
      coalesce(c.uploaded_image_count, 0) as uploaded_image_count
    from structures s
    join lines l on l.id = s.line_id
    left join counts c on c.structure_id = s.id
    where s.project_id = ${projectId} ${filterSql(f)})`;

/** Delivered: it has photos and every one is delivered (spec 2 §4: archived_count equals image_count). */
const DELIVERED = sql`(image_count > 0 and archived_count = image_count)`;
const DELIVERY_CONDITION: Record<DeliveryFilter, SQL> = {
  all: sql`true`,
  delivered: DELIVERED,
  undelivered: sql`not ${DELIVERED}`,
};

/** Structure names in natural order (the keys are computed in `matched`). */
const NATURAL_NAME = [sql`name_letters`, sql`name_numbers`, sql`struct_num collate "C"`];

export type StructureOrder = 'struct_num' | 'line_name' | 'image_count' | 'archived_count';
const ORDER_KEYS: Record<Exclude<StructureOrder, 'struct_num'>, SQL> = {
  line_name: sql`lower(line_name) collate "C"`,
  image_count: sql`image_count`,
  archived_count: sql`archived_count`,
};

function orderSql(orderBy: StructureOrder, order: 'ASC' | 'DESC'): SQL {
  const dir = order === 'DESC' ? sql`desc` : sql`asc`;
  const keys =
    orderBy === 'struct_num'
      ? NATURAL_NAME.map((k) => sql`${k} ${dir} nulls first`)
      : [sql`${ORDER_KEYS[orderBy]} ${dir}`, ...NATURAL_NAME.map((k) => sql`${k} asc nulls first`)];
  // The id last: pages never overlap or skip a row, whatever ties the keys leave.
  return sql.join([...keys, sql`id ${dir}`], sql`, `);
}

export interface StructurePageQuery extends StructureFilter {
  delivery: DeliveryFilter;
  orderBy: StructureOrder;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

/**
 * A page of the archive table and how many structures match, in one statement: filtered and sorted in
 * SQL over counts only, the photo id lists built for the page's rows alone.
 */
export async function structurePage(
  db: Db,
  project: { id: number; company_id: number },
  f: StructurePageQuery,
): Promise<DeliveryStructurePage> {
  const order = orderSql(f.orderBy, f.order);
  const [row] = await queryRows(
    db,
    sql`
    with ${countsCte(project.id)}, ${matchedCte(project.id, f)},
    chosen as materialized (select * from matched where ${DELIVERY_CONDITION[f.delivery]}),
    page as (select * from chosen order by ${order} limit ${f.limit} offset ${f.offset})
    select (select count(*)::int from chosen) as total,
      (select coalesce(sum(image_count - archived_count), 0)::int from chosen) as images,
      (select count(*)::int from chosen where image_count > archived_count) as structures,
      (select coalesce(json_agg(json_build_object(
          'structure_id', id, 'struct_num', struct_num, 'line_id', line_id, 'line_name', line_name,
          'line_num', line_num, 'company_id', ${project.company_id}::int, 'image_count', image_count,
          'archived_count', archived_count, 'uploaded_image_count', uploaded_image_count,
          'image_ids', ids.image_ids, 'undelivered_image_ids', ids.undelivered_image_ids) order by ${order}), '[]')::text
        from page
        cross join lateral (
          select coalesce(json_agg(i.id order by i.id), '[]') as image_ids,
            coalesce(json_agg(i.id order by i.id) filter (where i.archived_date is null), '[]') as undelivered_image_ids
          from images i where i.structure_id = page.id and i.reject_datetime is null) ids) as j`,
    z.object({
      j: z.string(),
      total: z.number(),
      images: z.number(),
      structures: z.number(),
    }),
  );
  return {
    rows: JSON.parse(row!.j) as DeliveryStructure[],
    total: row!.total,
    selectable: { images: row!.images, structures: row!.structures },
  };
}

/** All / Delivered / Undelivered counts of the structures that pass the filters. */
export async function deliveryCounts(db: Db, projectId: number, f: StructureFilter): Promise<DeliveryCounts> {
  const [row] = await queryRows(
    db,
    sql`
    with ${countsCte(projectId)}, ${matchedCte(projectId, f)}
    select count(*)::int as all_count,
      (count(*) filter (where ${DELIVERED}))::int as delivered,
      (count(*) filter (where not ${DELIVERED}))::int as undelivered
    from matched`,
    DeliveryCounts,
  );
  return row!;
}

export async function structureInProject(db: Db, projectId: number, structureId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select id from structures where id = ${structureId} and project_id = ${projectId}`,
    IdRow,
  );
  return rows.length > 0;
}

export type ArchivedImageOrder = 'image_name' | 'capture_date' | 'upload_date' | 'archived_date';
const IMAGE_ORDER: Record<ArchivedImageOrder, SQL> = {
  image_name: sql`i.image_name collate "C"`,
  capture_date: sql`i.capture_time`,
  upload_date: sql`i.uploaded_at`,
  archived_date: sql`i.archived_date`,
};

export const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const userName = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else ${alias}.first_name || ' ' || ${alias}.last_name end`,
  );

/**
 * The deliverable photos of a structure (not rejected), sorted; with `componentId`, only those with an
 * annotation of that component. Who inspected is whoever completed the structure's inspection (of that
 * component on component projects).
 */
export async function archivedImages(
  db: Db,
  structureId: number,
  componentId: number | null,
  orderBy: ArchivedImageOrder,
  order: 'ASC' | 'DESC',
): Promise<ArchivedImage[]> {
  const dir = order === 'DESC' ? sql`desc` : sql`asc`;
  const component =
    componentId === null
      ? sql``
      : sql`and exists (select 1 from annotations a where a.image_id = i.id and a.category_id = ${componentId})`;
  const [row] = await queryRows(
    db,
    sql`
    select coalesce(json_agg(json_build_object(
        'id', i.id, 'structure_id', i.structure_id, 'archive_name', i.archive_name, 'image_name', i.image_name,
        'archived_date', ${isoTime(sql`i.archived_date`)}, 'upload_date', ${isoTime(sql`i.uploaded_at`)},
        'uploaded_by_name', ${userName('u')}, 'inspected_by_name', insp.name,
        'capture_date', ${isoTime(sql`i.capture_time`)}, 'has_thumb', i.has_thumb,
        'delivery_package_id', i.delivery_package_id)
      order by ${IMAGE_ORDER[orderBy]} ${dir} nulls last, i.id ${dir}), '[]')::text as j
    from images i
    left join users u on u.id = i.uploaded_by
    left join lateral (
      select ${userName('r')} as name from inspections n join users r on r.id = n.reviewed_by
      where n.structure_id = i.structure_id
        and ${componentId === null ? sql`true` : sql`n.component_id = ${componentId}`}
      order by n.date_reviewed desc nulls last limit 1) insp on true
    where i.structure_id = ${structureId} and i.reject_datetime is null ${component}`,
    z.object({
      j: z.string(),
    }),
  );
  return JSON.parse(row!.j) as ArchivedImage[];
}
