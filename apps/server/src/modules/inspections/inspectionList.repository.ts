import type {
  InspectionFilterQuery,
  InspectionListQuery,
  InspectionSortColumn,
  InspectionStatusFilter,
} from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { notAmong, numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';
import { INSPECTION_JOINS, projectImageCounts } from './inspectionJoins.ts';
import { InspectionCountsRow, type InspectionRowRaw } from './inspections.repository.ts';

/**
 * The Inspect tab's list, windowed: filters, sorting and paging happen in SQL, so a page of a project with
 * 50,000 inspections costs one sorted pass over ids and the details of only the rows sent. The list's
 * columns mirror what the web shows (its risk label, 'Pending' status), so search and sort agree with it.
 */

/** The same counts for one row at a time (index lookups): cheaper than the grouped pass for a page. */
const rowImageCounts = sql`
  left join lateral (
    select count(*)::int as image_count,
      count(*) filter (where reject_datetime is not null)::int as reject_count
    from images where structure_id = i.structure_id
  ) im on true
  left join lateral (
    select count(*)::int as ai_open
    from images x join ai_markups a on a.image_id = x.id and a.status = 'open'
    where x.structure_id = i.structure_id and x.reject_datetime is null
  ) am on true`;

const imageCount = sql`coalesce(im.image_count, 0)`;
const rejectCount = sql`coalesce(im.reject_count, 0)`;
const aiMarkups = sql`coalesce(am.ai_open, 0)`;

/**
 * The Risk column as a rank (spec 1 §2, §4; the web's `rowRisk`): Not Acquired -3, Not Inspected -2, else the
 * shown level of a completed review, through the new risk rating when the project uses it.
 */
const riskRank = sql`(case
  when i.review_status = 'Complete' then
    case when p.use_new_risk_rating then
      case when coalesce(i.max_risk_level, 0) > 3 then 4 when coalesce(i.max_risk_level, 0) > 1 then 3
        when coalesce(i.max_risk_level, 0) = 1 then 2 else 1 end
    else greatest(coalesce(i.max_risk_level, 0), 1) end
  when ${imageCount} - ${rejectCount} > 0 then -2
  else -3 end)`;

const riskLabel = sql`(case ${riskRank} when -3 then 'not acquired' when -2 then 'not inspected'
  when 1 then 'satisfactory' when 2 then 'minor' when 3 then 'significant' when 4 then 'urgent'
  when 5 then 'major' else 'unknown risk' end)`;

const reviewer = sql`(u.first_name || ' ' || u.last_name)`;

/**
 * Text that sorts numbers inside it as numbers ('T-9' before 'T-10', '12/5' before '12/10'), like the web's
 * sort, for the usual names: the text before the first number, the first and second runs of digits as
 * numbers, then the whole text, in lower case. A row of plain functions per value, no subquery: sorting
 * 50,000 structures by it stays a single pass.
 */
const naturalKey = (text: SQL) => sql`(case when ${text} is null then null else row(
    lower(substring(${text} from '^[^0-9]*')),
    substring(${text} from '[0-9]+')::numeric,
    substring(${text} from '^[^0-9]*[0-9]+[^0-9]+([0-9]+)')::numeric,
    lower(${text})) end)`;

/** Sort keys; empty text is null so it goes last. */
const SORT_KEYS: Record<InspectionSortColumn, SQL> = {
  lineName: naturalKey(sql`l.line_name`),
  lineNumber: naturalKey(sql`nullif(l.line_num, '')`),
  structure: naturalKey(sql`s.struct_num`),
  component: naturalKey(sql`nullif(c.display_text, '')`),
  reviewedBy: sql`lower(${reviewer})`,
  dateReviewed: sql`i.date_reviewed`,
  reviewStatus: sql`lower(coalesce(i.review_status, 'Pending'))`,
  risk: riskRank,
  notes: sql`lower(nullif(i.comments, ''))`,
  count: imageCount,
  rejectCount: rejectCount,
  aiMarkups: aiMarkups,
};

/** The list's own order, also every sort's tie-break: line name, line, structure creation, component. */
const DEFAULT_ORDER = sql`lower(l.line_name), l.id, s.id, i.component_id nulls first, i.id`;

/** A LIKE pattern matching `text` anywhere, with its wildcards taken literally. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const needsImageCounts = (filters: InspectionFilterQuery, sort?: InspectionSortColumn) =>
  (filters.search ?? '').trim() !== '' ||
  sort === 'risk' ||
  sort === 'count' ||
  sort === 'rejectCount' ||
  sort === 'aiMarkups';

/** The WHERE conditions of the filters (not the status button). */
function filterConditions(filters: InspectionFilterQuery): SQL[] {
  const conditions: SQL[] = [];
  if (filters.lineIds && filters.lineIds.length > 0) {
    conditions.push(sql`l.id = any(${numberArrayLiteral(filters.lineIds)}::int[])`);
  }
  const q = (filters.q ?? '').trim();
  if (q) {
    conditions.push(
      sql`(lower(s.struct_num) like ${contains(q)} escape '\\' or lower(l.line_name) like ${contains(q)} escape '\\')`,
    );
  }
  if (filters.aiMarkups === 'open') {
    conditions.push(sql`exists (select 1 from images x join ai_markups a on a.image_id = x.id and a.status = 'open'
      where x.structure_id = i.structure_id and x.reject_datetime is null)`);
  }
  const structure = (filters.structure ?? '').trim();
  if (structure) conditions.push(sql`lower(s.struct_num) like ${contains(structure)} escape '\\'`);
  const words = (filters.search ?? '').trim().split(/\s+/).filter(Boolean);
  for (const word of words) {
    const w = contains(word);
    conditions.push(sql`(lower(l.line_name) like ${w} escape '\\'
      or lower(coalesce(l.line_num, '')) like ${w} escape '\\'
      or lower(s.struct_num) like ${w} escape '\\'
      or lower(coalesce(c.display_text, '')) like ${w} escape '\\'
      or lower(coalesce(${reviewer}, '')) like ${w} escape '\\'
      or lower(coalesce(i.review_status, 'Pending')) like ${w} escape '\\'
      or ${riskLabel} like ${w} escape '\\'
      or lower(coalesce(i.comments, '')) like ${w} escape '\\')`);
  }
  return conditions;
}

/** Rejected: the structure has a rejected photo (as the counts split them). */
const hasRejectedImage = sql`exists (select 1 from images x
  where x.structure_id = i.structure_id and x.project_id = i.project_id and x.reject_datetime is not null)`;

const STATUS_CONDITIONS: Record<InspectionStatusFilter, SQL | null> = {
  all: null,
  pending: sql`i.date_reviewed is null`,
  complete: sql`i.date_reviewed is not null`,
  rejected: hasRejectedImage,
};

const and = (conditions: readonly SQL[]) =>
  conditions.length === 0
    ? sql`true`
    : sql.join(
        conditions.map((c) => sql`(${c})`),
        sql` and `,
      );

/** FROM … WHERE of a project's inspections with everything the filters and sort keys read. */
function filteredFrom(
  projectId: number,
  conditions: readonly SQL[],
  withImageCounts: boolean,
  extraJoin: SQL = sql``,
): SQL {
  return sql`
    from inspections i ${INSPECTION_JOINS}
    ${withImageCounts ? projectImageCounts(projectId) : sql``}
    ${extraJoin}
    where i.project_id = ${projectId} and ${and(conditions)}`;
}

/**
 * CTEs ending in `page(id, ord)`: one window in the list's own order without touching every row. The
 * project's lines come from a loose index scan of structures (project_id, line_id, id); each line, in name
 * order, then gives at most offset + limit of its inspections in structure order through that index, and only
 * those few are sorted. The first page of 50,000 inspections over 50 lines reads about 5,000 index entries.
 */
function lineByLinePage(
  projectId: number,
  conditions: readonly SQL[],
  withImageCounts: boolean,
  offset: number,
  limit: number,
): SQL {
  const perLine = offset + limit;
  return sql`project_lines_seen(line_id) as (
      (select s.line_id from structures s where s.project_id = ${projectId} order by s.line_id limit 1)
      union all
      select (select s.line_id from structures s
              where s.project_id = ${projectId} and s.line_id > seen.line_id order by s.line_id limit 1)
      from project_lines_seen seen where seen.line_id is not null
    ),
    line_order as (
      select l.id, row_number() over (order by lower(l.line_name), l.id) as lord
      from lines l join project_lines_seen seen on seen.line_id = l.id
    ),
    page as (
      select x.id, row_number() over (order by lo.lord, x.sid, x.component_id nulls first, x.id) as ord
      from line_order lo
      cross join lateral (
        select i.id, s.id as sid, i.component_id
        from structures s
        -- A fenced lateral (offset 0): each structure looks up its own inspections by index, in
        -- structure order, so the walk stops after the page; a merge join would read every inspection.
        cross join lateral (select * from inspections i0 where i0.structure_id = s.id offset 0) i
        join projects p on p.id = i.project_id
        join lines l on l.id = s.line_id
        left join components c on c.id = i.component_id
        left join users u on u.id = i.reviewed_by
        ${withImageCounts ? rowImageCounts : sql``}
        where s.project_id = ${projectId} and s.line_id = lo.id and i.project_id = ${projectId}
          and ${and(conditions)}
        order by s.id, i.component_id nulls first, i.id
        limit ${perLine}
      ) x
      order by ord
      limit ${limit} offset ${offset}
    )`;
}

/** The list's row columns over `i` (and p, s, l, c, u, im), as the web's InspectionRow. */
const ROW_COLUMNS = sql`i.id, l.id as line_id, l.line_name, l.line_num as line,
  s.struct_num as structure, s.id as structure_id,
  c.display_text as component, i.component_id,
  case when u.id is null then null else ${reviewer} end as reviewed_by,
  i.reviewed_by as reviewed_by_id,
  to_char(i.date_reviewed at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date_reviewed,
  i.review_status, i.max_risk_level::int as risk, i.max_risk_level::int as max_risk_level,
  p.use_new_risk_rating, i.comments as notes,
  ${imageCount} as count, ${rejectCount} as reject_count,
  ${imageCount} - ${rejectCount} as uploaded_image_count, ${aiMarkups} as ai_markups,
  s.location[1] as latitude, s.location[0] as longitude,
  i.str_type, i.arm_type, i.arm_qty::int as arm_qty, i.anchor_qty::int as anchor_qty,
  i.guy_qty::int as guy_qty, i.insulator_type, i.insulator_qty::int as insulator_qty,
  i.cond_sleeve_qty::int as cond_sleeve_qty, i.inspector, i.comments,
  coalesce(fv.field_values, '[]'::json) as field_values, i.sem_conditions,
  i.completed_without_photos`;

export interface ListWindow {
  offset: number;
  /** null: every matching row. */
  limit: number | null;
  /** Count sorts by the accepted images (a customer's Count), not every image. */
  acceptedOnly?: boolean;
}

type WindowQuery = InspectionListQuery & { ids?: readonly number[]; exclude?: readonly number[] };

/**
 * `with recursive … page(id, ord)`: the ids of one window of a project's inspections under the filters,
 * status and sort of `query`, numbered in order (the only pass over every matching row).
 */
function pageCte(projectId: number, query: WindowQuery, window: ListWindow): SQL {
  const conditions = filterConditions(query);
  const status = STATUS_CONDITIONS[query.status ?? 'all'];
  if (status) conditions.push(status);
  if (query.ids) conditions.push(sql`i.id = any(${numberArrayLiteral(query.ids)}::int[])`);
  if (query.exclude && query.exclude.length > 0) conditions.push(notAmong(sql`i.id`, query.exclude));
  const sortKey = query.sort
    ? query.sort === 'count' && window.acceptedOnly
      ? sql`${imageCount} - ${rejectCount}`
      : SORT_KEYS[query.sort]
    : null;
  const direction = query.direction === 'desc' ? sql`desc` : sql`asc`;
  const order = sortKey
    ? sql`(${sortKey}) is null, ${sortKey} ${direction}, ${DEFAULT_ORDER}`
    : DEFAULT_ORDER;
  const withCounts = needsImageCounts(query, query.sort);
  // A page in the list's own order is read line by line, never sorting (or joining) the whole project.
  // Not for Rejected: its rows are rare, and the walk would probe every structure for a rejected photo.
  const lazy =
    sortKey === null && window.limit !== null && query.ids === undefined && query.status !== 'rejected';
  const paging = sql`${window.limit === null ? sql`` : sql`limit ${window.limit}`} offset ${window.offset}`;
  return sql`with recursive ${
    lazy
      ? lineByLinePage(projectId, conditions, withCounts, window.offset, window.limit!)
      : sql`page as (
      select i.id, row_number() over (order by ${order}) as ord
      ${filteredFrom(projectId, conditions, withCounts)}
      order by ord ${paging}
    )`
  }`;
}

/**
 * The rows of `page(id, ord)` as one json text in `ord` order: PGlite decodes every result cell in
 * JavaScript, slower than JSON.parse of one aggregate. perRow: each row looks up its own image counts and
 * field values (a page, a chunk); else one grouped pass over the project (a whole list).
 */
async function pageRows(db: Db, projectId: number, cte: SQL, perRow: boolean): Promise<InspectionRowRaw[]> {
  const detailCounts = perRow ? rowImageCounts : projectImageCounts(projectId);
  const fieldValues = !perRow
    ? sql`left join (
          select v.inspection_id,
            json_agg(json_build_object('field_id', v.field_id, 'value_id', v.value_id) order by v.field_id) as field_values
          from inspection_field_values v join inspections vi on vi.id = v.inspection_id
          where vi.project_id = ${projectId}
          group by v.inspection_id
        ) fv on fv.inspection_id = i.id`
    : sql`left join lateral (
          select json_agg(json_build_object('field_id', v.field_id, 'value_id', v.value_id) order by v.field_id)
            as field_values
          from inspection_field_values v where v.inspection_id = i.id
        ) fv on true`;
  const [row] = await queryRows(
    db,
    sql`
    ${cte}
    select coalesce(json_agg(t order by t.ord), '[]')::text as j
    from (
      select page.ord, ${ROW_COLUMNS}
      from page
      join inspections i on i.id = page.id
      join projects p on p.id = i.project_id
      join structures s on s.id = i.structure_id
      join lines l on l.id = s.line_id
      left join components c on c.id = i.component_id
      left join users u on u.id = i.reviewed_by
      ${detailCounts}
      ${fieldValues}
      where i.project_id = ${projectId}
    ) t`,
    z.object({
      j: z.string(),
    }),
  );
  const rows = JSON.parse(row!.j) as Array<InspectionRowRaw & { ord?: number }>;
  for (const r of rows) delete r.ord;
  return rows;
}

/**
 * One window of a project's inspections under the filters, status and sort of `query`. Step one orders the
 * matching ids; step two reads the full rows of that window alone.
 */
export async function inspectionWindow(
  db: Db,
  projectId: number,
  query: WindowQuery,
  window: ListWindow,
): Promise<InspectionRowRaw[]> {
  // A whole list reads the image counts in one grouped pass; a page looks up its own rows' images.
  const perRow = window.limit !== null || query.ids !== undefined;
  return pageRows(db, projectId, pageCte(projectId, query, window), perRow);
}

/**
 * The ids of every inspection `query` lets through, in its order (from `offset`): what a whole list is
 * streamed by, reading the rows a chunk at a time (`inspectionRowsInOrder`). 4 bytes an inspection.
 */
export async function inspectionOrder(
  db: Db,
  projectId: number,
  query: WindowQuery,
  window: Pick<ListWindow, 'offset' | 'acceptedOnly'>,
): Promise<Int32Array> {
  const [row] = await queryRows(
    db,
    sql`${pageCte(projectId, query, { ...window, limit: null })}
    select coalesce(json_agg(id order by ord), '[]')::text as j from page`,
    z.object({
      j: z.string(),
    }),
  );
  return Int32Array.from(JSON.parse(row!.j) as number[]);
}

/**
 * The rows of the inspections `ids` of the project, in that order (one chunk of a streamed list); an id
 * deleted since it was ordered is left out.
 */
export function inspectionRowsInOrder(
  db: Db,
  projectId: number,
  ids: ArrayLike<number>,
): Promise<InspectionRowRaw[]> {
  const cte = sql`with page(id, ord) as (
      select u.id, u.ord from unnest(${numberArrayLiteral(Array.from(ids))}::int[]) with ordinality as u(id, ord)
    )`;
  return pageRows(db, projectId, cte, true);
}

/**
 * The filter buttons' counts of the inspections that pass `filters` (every status); one statement. A
 * structure is rejected when it has a rejected image.
 */
export async function filteredCounts(
  db: Db,
  projectId: number,
  filters: InspectionFilterQuery,
): Promise<InspectionCountsRow> {
  const rejectedStructures = sql`left join (
      select distinct structure_id from images
      where project_id = ${projectId} and structure_id is not null and reject_datetime is not null
    ) r on r.structure_id = i.structure_id`;
  const [row] = await queryRows(
    db,
    sql`
    select count(*)::int as all_count,
      count(*) filter (where i.date_reviewed is null)::int as pending,
      count(*) filter (where i.date_reviewed is not null)::int as completed,
      count(r.structure_id)::int as rejected
    ${filteredFrom(projectId, filterConditions(filters), needsImageCounts(filters), rejectedStructures)}`,
    InspectionCountsRow,
  );
  return row!;
}
