import type {
  ArchivedImage,
  DeliveryCounts,
  DeliveryFilter,
  DeliveryPackage,
  DeliveryStructure,
  DeliveryStructurePage,
} from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { execute, notAmong, numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';

export interface ProjectRef {
  id: number;
  company_id: number;
  project_name: string;
  time_zone: string;
}

/** The project with its company (for the policy), or null. `lock` holds it until the transaction ends. */
export async function findProjectRef(db: Db, projectId: number, lock = false): Promise<ProjectRef | null> {
  const [row] = await queryRows<ProjectRef>(
    db,
    sql`select id, company_id, project_name, time_zone from projects where id = ${projectId}
      ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

export interface StructureFilter {
  lineIds: readonly number[];
  q: string | undefined;
}

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The header's filters on `structures s join lines l`. */
function filterSql(f: StructureFilter): SQL {
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
  project: ProjectRef,
  f: StructurePageQuery,
): Promise<DeliveryStructurePage> {
  const order = orderSql(f.orderBy, f.order);
  const [row] = await queryRows<{ j: string; total: number; images: number; structures: number }>(
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
  );
  return {
    rows: JSON.parse(row!.j) as DeliveryStructure[],
    total: row!.total,
    selectable: { images: row!.images, structures: row!.structures },
  };
}

/** All / Delivered / Undelivered counts of the structures that pass the filters. */
export async function deliveryCounts(db: Db, projectId: number, f: StructureFilter): Promise<DeliveryCounts> {
  const [row] = await queryRows<DeliveryCounts>(
    db,
    sql`
    with ${countsCte(projectId)}, ${matchedCte(projectId, f)}
    select count(*)::int as all_count,
      (count(*) filter (where ${DELIVERED}))::int as delivered,
      (count(*) filter (where not ${DELIVERED}))::int as undelivered
    from matched`,
  );
  return row!;
}

export async function structureInProject(db: Db, projectId: number, structureId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from structures where id = ${structureId} and project_id = ${projectId}`,
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

const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const userName = (alias: string) =>
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
  const [row] = await queryRows<{ j: string }>(
    db,
    sql`
    select coalesce(json_agg(json_build_object(
        'id', i.id, 'structure_id', i.structure_id, 'archive_name', i.archive_name, 'image_name', i.image_name,
        'archived_date', ${isoTime(sql`i.archived_date`)}, 'upload_date', ${isoTime(sql`i.uploaded_at`)},
        'uploaded_by_name', ${userName('u')}, 'inspected_by_name', insp.name,
        'capture_date', ${isoTime(sql`i.capture_time`)}, 'has_thumb', i.has_thumb,
        'delivery_package_id', dpi.package_id)
      order by ${IMAGE_ORDER[orderBy]} ${dir} nulls last, i.id ${dir}), '[]')::text as j
    from images i
    left join users u on u.id = i.uploaded_by
    left join delivery_package_images dpi on dpi.image_id = i.id
    left join lateral (
      select ${userName('r')} as name from inspections n join users r on r.id = n.reviewed_by
      where n.structure_id = i.structure_id
        and ${componentId === null ? sql`true` : sql`n.component_id = ${componentId}`}
      order by n.date_reviewed desc nulls last limit 1) insp on true
    where i.structure_id = ${structureId} and i.reject_datetime is null ${component}`,
  );
  return JSON.parse(row!.j) as ArchivedImage[];
}

// ---- Delivering ------------------------------------------------------------------------------------

export interface LockedImage {
  id: number;
  rejected: boolean;
  archived: boolean;
}

/**
 * Locks the project's photos among `ids` (sorted by the caller) in id order, the one order every request
 * that changes photos locks them in, and answers their state as of the lock.
 */
export function lockImages(db: Db, projectId: number, ids: readonly number[]): Promise<LockedImage[]> {
  return queryRows<LockedImage>(
    db,
    sql`select id, reject_datetime is not null as rejected, archived_date is not null as archived
      from images where project_id = ${projectId} and id = any(${numberArrayLiteral(ids)}::int[])
      order by id for update`,
  );
}

export interface SelectAll extends StructureFilter {
  delivery: DeliveryFilter;
  /** Photos unticked after the select-all. */
  exclude: readonly number[];
}

/**
 * SQL on `images i`: the deliverable photos (not rejected) of the project's structures that the select-all's
 * filters match (the archive table's own line and search SQL), minus the excluded ones, delivered or not.
 * Undelivered is taken as All: both hold the same photos not delivered yet (a delivered structure has
 * none), but a structure leaves Undelivered once delivered, so the same request repeated would match
 * nothing instead of answering its package. Delivered (every deliverable photo delivered, spec 2 §4) is
 * asked of each photo's own structure: a per-row index lookup, where a join to the table's per-structure
 * counts could be planned as a nested loop over all of them on freshly loaded tables.
 */
function selectAllSql(projectId: number, s: SelectAll): SQL {
  const delivered =
    s.delivery === 'delivered'
      ? sql`and not exists (select 1 from images u where u.project_id = ${projectId} and u.structure_id = s.id
          and u.reject_datetime is null and u.archived_date is null)`
      : sql``;
  return sql`i.project_id = ${projectId} and i.reject_datetime is null and ${notAmong(sql`i.id`, s.exclude)}
    and exists (select 1 from structures s join lines l on l.id = s.line_id
      where s.id = i.structure_id and s.project_id = ${projectId} ${filterSql(s)} ${delivered})`;
}

/** The newest package holding any photo of a select-all, or null. */
export async function latestPackageOfSelectAll(
  db: Db,
  projectId: number,
  s: SelectAll,
): Promise<number | null> {
  const [row] = await queryRows<{ id: number | null }>(
    db,
    sql`select max(dpi.package_id)::int as id from delivery_package_images dpi
      join images i on i.id = dpi.image_id where ${selectAllSql(projectId, s)}`,
  );
  return row?.id ?? null;
}

export async function nextPackageNumber(db: Db, projectId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(max(number), 0)::int + 1 as n from delivery_packages where project_id = ${projectId}`,
  );
  return row!.n;
}

export interface NewPackage {
  projectId: number;
  number: number;
  archiveName: string;
  storageKey: string;
  createdBy: number | null;
}

/** Photos of the request; which one it is decides how it is matched (see `deliverPhotos`). */
export type PhotoSelection =
  | { imageIds: readonly number[]; selectAll?: undefined }
  | { selectAll: SelectAll; imageIds?: undefined };

export interface Delivered {
  /** The new package, or null when no photo of the selection was left to deliver (nothing written). */
  packageId: number | null;
  delivered: number;
  /** Photos of the selection delivered before, left as they were. */
  alreadyDelivered: number;
  /** The delivered photos' ids when there are at most 100 (for the audit), else null. */
  imageIds: number[] | null;
}

const AUDITED_IDS = 100;

/**
 * 'Archive Selected' in one statement, all in SQL (no id travels to the server and back): locks the
 * selection's photos not delivered yet (rejected ones never are) in id order, the one order every request
 * that changes photos locks them in; marks them delivered (archived_date, archive_name, archived_by); creates
 * the package with their count and bytes, and links them to it. When none is left, nothing is written and
 * `packageId` is null. Photos delivered before keep their first delivery: they are only counted. The caller
 * holds the project's lock, so deliveries of one project never run this at the same time.
 */
export async function deliverPhotos(db: Db, p: NewPackage, selection: PhotoSelection): Promise<Delivered> {
  const where = selection.selectAll
    ? selectAllSql(p.projectId, selection.selectAll)
    : sql`i.project_id = ${p.projectId} and i.id = any(${numberArrayLiteral(selection.imageIds)}::int[])
        and i.reject_datetime is null`;
  const [row] = await queryRows<{
    package_id: number | null;
    delivered: number;
    already_delivered: number;
    image_ids: number[] | null;
  }>(
    db,
    sql`
    with picked as materialized (
      select i.id from images i where ${where} and i.archived_date is null order by i.id for update of i
    ),
    marked as (
      update images m set archived_date = now(), archive_name = ${p.archiveName}, archived_by = ${p.createdBy}::int
      from picked where m.id = picked.id
      returning m.id, m.size_bytes
    ),
    package as (
      insert into delivery_packages (project_id, number, archive_name, storage_key, created_by, image_count, bytes_total)
      select ${p.projectId}, ${p.number}, ${p.archiveName}, ${p.storageKey}, ${p.createdBy}::int, count(*)::int,
        sum(size_bytes)::bigint
      from marked having count(*) > 0
      returning id
    ),
    linked as (
      insert into delivery_package_images (package_id, image_id) select package.id, marked.id from package, marked
    )
    select (select id from package) as package_id,
      (select count(*)::int from marked) as delivered,
      (select count(*)::int from images i where ${where} and i.archived_date is not null) as already_delivered,
      (select array_agg(id order by id) from marked having count(*) <= ${AUDITED_IDS}) as image_ids`,
  );
  return {
    packageId: row!.package_id,
    delivered: row!.delivered,
    alreadyDelivered: row!.already_delivered,
    imageIds: row!.image_ids,
  };
}

export async function setPackageJob(db: Db, packageId: number, jobId: number): Promise<void> {
  await db.execute(sql`update delivery_packages set job_id = ${jobId} where id = ${packageId}`);
}

/** The newest package holding any of the photos, or null (photos delivered before packages existed). */
export async function latestPackageOf(db: Db, imageIds: readonly number[]): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select max(package_id)::int as id from delivery_package_images
      where image_id = any(${numberArrayLiteral(imageIds)}::int[])`,
  );
  return row?.id ?? null;
}

// ---- Packages ---------------------------------------------------------------------------------------

const packageColumns = sql`
  d.id, d.project_id, d.number, d.archive_name, d.status, d.image_count, d.files_done,
  d.bytes_total::float8 as bytes_total, d.size_bytes::float8 as size_bytes, d.error,
  ${userName('u')} as created_by_name,
  ${isoTime(sql`d.created_at`)} as created_at, ${isoTime(sql`d.completed_at`)} as completed_at`;

export async function packageList(db: Db, projectId: number): Promise<DeliveryPackage[]> {
  return queryRows<DeliveryPackage>(
    db,
    sql`select ${packageColumns} from delivery_packages d left join users u on u.id = d.created_by
      where d.project_id = ${projectId} order by d.number desc`,
  );
}

export interface PackageRow extends DeliveryPackage {
  company_id: number;
  storage_key: string;
  job_id: number | null;
}

export async function findPackage(db: Db, packageId: number): Promise<PackageRow | null> {
  const [row] = await queryRows<PackageRow>(
    db,
    sql`select ${packageColumns}, p.company_id, d.storage_key, d.job_id
      from delivery_packages d join projects p on p.id = d.project_id
      left join users u on u.id = d.created_by
      where d.id = ${packageId}`,
  );
  return row ?? null;
}

// ---- Building (the job) -----------------------------------------------------------------------------

export interface PackageImageRow {
  id: number;
  image_name: string;
  storage_key: string;
  /** Base64, as verified on upload. */
  md5: string;
  size_bytes: number | null;
  capture_time: string | null;
  latitude: number | null;
  longitude: number | null;
  struct_num: string | null;
  line_name: string | null;
  structure_latitude: number | null;
  structure_longitude: number | null;
}

/** The package's photos with where they belong, by line, structure and name. */
export function packageImages(db: Db, packageId: number): Promise<PackageImageRow[]> {
  return queryRows<PackageImageRow>(
    db,
    sql`
    select i.id, i.image_name, i.storage_key, i.md5, i.size_bytes::float8 as size_bytes,
      ${isoTime(sql`i.capture_time`)} as capture_time, i.location[1] as latitude, i.location[0] as longitude,
      s.struct_num, l.line_name, s.location[1] as structure_latitude, s.location[0] as structure_longitude
    from delivery_package_images dpi
    join images i on i.id = dpi.image_id
    left join structures s on s.id = i.structure_id
    left join lines l on l.id = s.line_id
    where dpi.package_id = ${packageId}
    order by l.line_name collate "C" nulls last, s.struct_num collate "C" nulls last, i.image_name collate "C", i.id`,
  );
}

export interface PackageAnnotationRow {
  id: number;
  image_id: number;
  annotation_number: number;
  shape: 'rect' | 'polygon';
  rect_top_left_x: number | null;
  rect_top_left_y: number | null;
  rect_width: number | null;
  rect_height: number | null;
  polygon: Array<[number, number]> | null;
  risk_level: number;
  component: string | null;
  deficiency: string | null;
  note: string | null;
  image_width: number | null;
  image_height: number | null;
}

/** The people's annotations (AI markups excluded) on the package's photos. */
export function packageAnnotations(db: Db, packageId: number): Promise<PackageAnnotationRow[]> {
  return queryRows<PackageAnnotationRow>(
    db,
    sql`
    select a.id, a.image_id, a.annotation_number, a.shape, a.rect_top_left_x, a.rect_top_left_y, a.rect_width,
      a.rect_height, a.polygon, a.risk_level, c.display_text as component, df.sub_category_text as deficiency,
      a.note, a.image_width, a.image_height
    from delivery_package_images dpi
    join annotations a on a.image_id = dpi.image_id and a.model_id is null
    left join components c on c.id = a.category_id
    left join deficiencies df on df.id = a.sub_category_id
    where dpi.package_id = ${packageId}
    order by a.image_id, a.annotation_number`,
  );
}

/** Starts a build (or a rerun): building, nothing written yet. */
export async function markBuilding(db: Db, packageId: number): Promise<void> {
  await db.execute(sql`update delivery_packages
    set status = 'building', files_done = 0, size_bytes = null, completed_at = null, updated_at = now()
    where id = ${packageId}`);
}

export async function reportFilesDone(db: Db, packageId: number, filesDone: number): Promise<void> {
  await db.execute(sql`update delivery_packages set files_done = ${filesDone}, updated_at = now()
    where id = ${packageId} and status = 'building'`);
}

export async function markReady(db: Db, packageId: number, sizeBytes: number): Promise<void> {
  await db.execute(sql`update delivery_packages
    set status = 'ready', files_done = image_count, size_bytes = ${sizeBytes}, error = null,
      completed_at = now(), updated_at = now()
    where id = ${packageId}`);
}

/** A failed attempt: `final` fails the package for good, otherwise it waits for the queue's retry. */
export async function markAttemptFailed(
  db: Db,
  packageId: number,
  message: string,
  final: boolean,
): Promise<number> {
  return execute(
    db,
    sql`update delivery_packages
      set status = ${final ? 'failed' : 'queued'}, error = ${message.slice(0, 500)}, updated_at = now()
      where id = ${packageId} and status <> 'ready'`,
  );
}
