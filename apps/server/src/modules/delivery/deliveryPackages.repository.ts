import { type DeliveryFilter, DeliveryPackage } from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AnnotationGeometryRow } from '../../platform/db/annotationGeometry.ts';
import type { Db } from '../../platform/db/client.ts';
import { CountRow, execute, IdRow, notAmong, numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';
import { filterSql, isoTime, type StructureFilter, userName } from './delivery.repository.ts';

/**
 * Delivery packages: delivering photos into a package (the Archive Selected request), the package list and
 * a package's build by its job. The delivery table's reads are in `delivery.repository.ts`.
 */
// ---- Delivering ------------------------------------------------------------------------------------

export const LockedImage = z.object({
  id: z.number(),
  rejected: z.boolean(),
  archived: z.boolean(),
});
export type LockedImage = z.infer<typeof LockedImage>;

/**
 * Locks the project's photos among `ids` (sorted by the caller) in id order, the one order every request
 * that changes photos locks them in, and answers their state as of the lock.
 */
export function lockImages(db: Db, projectId: number, ids: readonly number[]): Promise<LockedImage[]> {
  return queryRows(
    db,
    sql`select id, reject_datetime is not null as rejected, archived_date is not null as archived
      from images where project_id = ${projectId} and id = any(${numberArrayLiteral(ids)}::int[])
      order by id for update`,
    LockedImage,
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
  const [row] = await queryRows(
    db,
    sql`select max(i.delivery_package_id)::int as id from images i where ${selectAllSql(projectId, s)}`,
    z.object({
      id: z.number().nullable(),
    }),
  );
  return row?.id ?? null;
}

export async function nextPackageNumber(db: Db, projectId: number): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`select coalesce(max(number), 0)::int + 1 as n from delivery_packages where project_id = ${projectId}`,
    CountRow,
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
 * 'Archive Selected' in one statement once the package's id is drawn, all in SQL (no photo id travels to the
 * server and back): locks the selection's photos not delivered yet (rejected ones never are) in id order, the
 * one order every request that changes photos locks them in; marks them delivered (archived_date,
 * archive_name, archived_by) by the package (delivery_package_id); creates the package with their count and
 * bytes. When none is left, nothing is written and `packageId` is null. Photos delivered before keep their
 * first delivery: they are only counted. The caller holds the project's lock, so deliveries of one project
 * never run this at the same time.
 */
export async function deliverPhotos(db: Db, p: NewPackage, selection: PhotoSelection): Promise<Delivered> {
  const where = selection.selectAll
    ? selectAllSql(p.projectId, selection.selectAll)
    : sql`i.project_id = ${p.projectId} and i.id = any(${numberArrayLiteral(selection.imageIds)}::int[])
        and i.reject_datetime is null`;
  // The package's id first: the photos name it as they are marked, and the package row (made in the same
  // statement, only when a photo was marked) is there by the time the foreign key is checked, at its end.
  const [allocated] = await queryRows(
    db,
    sql`select nextval(pg_get_serial_sequence('delivery_packages', 'id'))::int as id`,
    IdRow,
  );
  const packageId = allocated!.id;
  const [row] = await queryRows(
    db,
    sql`
    with picked as materialized (
      select i.id from images i where ${where} and i.archived_date is null order by i.id for update of i
    ),
    marked as (
      update images m set archived_date = now(), archive_name = ${p.archiveName}, archived_by = ${p.createdBy}::int,
        delivery_package_id = ${packageId}::int
      from picked where m.id = picked.id
      returning m.id, m.size_bytes
    ),
    package as (
      insert into delivery_packages (id, project_id, number, archive_name, storage_key, created_by, image_count, bytes_total)
      select ${packageId}::int, ${p.projectId}, ${p.number}, ${p.archiveName}, ${p.storageKey}, ${p.createdBy}::int,
        count(*)::int, sum(size_bytes)::bigint
      from marked having count(*) > 0
      returning id
    )
    select (select id from package) as package_id,
      (select count(*)::int from marked) as delivered,
      (select count(*)::int from images i where ${where} and i.archived_date is not null) as already_delivered,
      (select array_agg(id order by id) from marked having count(*) <= ${AUDITED_IDS}) as image_ids`,
    z.object({
      package_id: z.number().nullable(),
      delivered: z.number(),
      already_delivered: z.number(),
      image_ids: z.array(z.number()).nullable(),
    }),
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
  const [row] = await queryRows(
    db,
    sql`select max(delivery_package_id)::int as id from images
      where id = any(${numberArrayLiteral(imageIds)}::int[])`,
    IdRow,
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
  return queryRows(
    db,
    sql`select ${packageColumns} from delivery_packages d left join users u on u.id = d.created_by
      where d.project_id = ${projectId} order by d.number desc`,
    DeliveryPackage,
  );
}

export const PackageRow = DeliveryPackage.extend({
  company_id: z.number(),
  storage_key: z.string(),
  job_id: z.number().nullable(),
});
export type PackageRow = z.infer<typeof PackageRow>;

export async function findPackage(db: Db, packageId: number): Promise<PackageRow | null> {
  const [row] = await queryRows(
    db,
    sql`select ${packageColumns}, p.company_id, d.storage_key, d.job_id
      from delivery_packages d join projects p on p.id = d.project_id
      left join users u on u.id = d.created_by
      where d.id = ${packageId}`,
    PackageRow,
  );
  return row ?? null;
}

// ---- Building (the job) -----------------------------------------------------------------------------

export const PackageImageRow = z.object({
  id: z.number(),
  image_name: z.string(),
  storage_key: z.string(),
  /** Base64, as verified on upload. */
  md5: z.string(),
  size_bytes: z.number().nullable(),
  capture_time: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  struct_num: z.string().nullable(),
  line_name: z.string().nullable(),
  structure_latitude: z.number().nullable(),
  structure_longitude: z.number().nullable(),
});
export type PackageImageRow = z.infer<typeof PackageImageRow>;

/**
 * The photos of package `packageId`: found among its project's photos (by the project's index; the package
 * column has none, see the images schema).
 */
const ofPackage = (packageId: number) =>
  sql`i.project_id = (select d.project_id from delivery_packages d where d.id = ${packageId})
    and i.delivery_package_id = ${packageId}`;

/** The package's photos with where they belong, by line, structure and name. */
export function packageImages(db: Db, packageId: number): Promise<PackageImageRow[]> {
  return queryRows(
    db,
    sql`
    select i.id, i.image_name, i.storage_key, i.md5, i.size_bytes::float8 as size_bytes,
      ${isoTime(sql`i.capture_time`)} as capture_time, i.location[1] as latitude, i.location[0] as longitude,
      s.struct_num, l.line_name, s.location[1] as structure_latitude, s.location[0] as structure_longitude
    from images i
    left join structures s on s.id = i.structure_id
    left join lines l on l.id = s.line_id
    where ${ofPackage(packageId)}
    order by l.line_name collate "C" nulls last, s.struct_num collate "C" nulls last, i.image_name collate "C", i.id`,
    PackageImageRow,
  );
}

export const PackageAnnotationRow = AnnotationGeometryRow.extend({
  risk_level: z.number(),
  component: z.string().nullable(),
  deficiency: z.string().nullable(),
  note: z.string().nullable(),
});
export type PackageAnnotationRow = z.infer<typeof PackageAnnotationRow>;

/** The people's annotations (AI markups excluded) on the package's photos. */
export function packageAnnotations(db: Db, packageId: number): Promise<PackageAnnotationRow[]> {
  return queryRows(
    db,
    sql`
    select a.id, a.image_id, a.annotation_number, a.shape, a.rect_top_left_x, a.rect_top_left_y, a.rect_width,
      a.rect_height, a.polygon, a.risk_level, c.display_text as component, df.sub_category_text as deficiency,
      a.note, a.image_width, a.image_height
    from images i
    join annotations a on a.image_id = i.id and a.model_id is null
    left join components c on c.id = a.category_id
    left join deficiencies df on df.id = a.sub_category_id
    where ${ofPackage(packageId)}
    order by a.image_id, a.annotation_number`,
    PackageAnnotationRow,
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
