import { addDays, isoDateOf } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { IdRow, queryRows } from '../platform/db/rows.ts';
import {
  crewGroups,
  images,
  inspections,
  lines,
  projectLines,
  projects,
  structures,
} from '../platform/db/schema/index.ts';

let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

export type ProjectValues = typeof projects.$inferInsert;

/** A project of `companyId` with valid defaults; any column can be overridden. */
export async function createProject(
  db: Db,
  companyId: number,
  values: Partial<ProjectValues> = {},
): Promise<number> {
  const [row] = await db
    .insert(projects)
    .values({
      companyId,
      projectName: `Project ${next()}`,
      startDate: '2026-01-05',
      dueDate: '2026-12-20',
      ptypeId: 1,
      ptierId: 2,
      closestCity: 'Salina',
      ...values,
    })
    .returning({ id: projects.id });
  return row!.id;
}

/** A line of `companyId` linked to `projectId`. */
export async function createLine(
  db: Db,
  companyId: number,
  projectId: number | null,
  lineName = `Line ${next()}`,
): Promise<number> {
  const [line] = await db.insert(lines).values({ companyId, lineName }).returning({ id: lines.id });
  if (projectId !== null) await db.insert(projectLines).values({ projectId, lineId: line!.id });
  return line!.id;
}

export interface StructureOptions {
  /** 1 manual, 2 KMZ/CSV (default), 3 nadir. */
  sourceTypeId?: number;
  /** Also create one (structure-level) inspection per structure; default true. */
  withInspections?: boolean;
  prefix?: string;
}

/** `count` structures on one line near Salina, KS; returns their ids and their inspections' ids. */
export async function createStructures(
  db: Db,
  projectId: number,
  lineId: number,
  count: number,
  opts: StructureOptions = {},
): Promise<{ structureIds: number[]; inspectionIds: number[] }> {
  const prefix = opts.prefix ?? `S${next()}-`;
  const rows = await db
    .insert(structures)
    .values(
      Array.from({ length: count }, (_, i) => ({
        projectId,
        lineId,
        structNum: `${prefix}${i + 1}`,
        location: { x: -97.6 + i * 0.001, y: 38.8 },
        structureSourceTypeId: opts.sourceTypeId ?? 2,
      })),
    )
    .returning({ id: structures.id });
  const structureIds = rows.map((r) => r.id);
  if (opts.withInspections === false || structureIds.length === 0) return { structureIds, inspectionIds: [] };
  const insp = await db
    .insert(inspections)
    .values(structureIds.map((structureId) => ({ projectId, structureId })))
    .returning({ id: inspections.id });
  return { structureIds, inspectionIds: insp.map((r) => r.id) };
}

/** Marks inspections reviewed (Complete) at `when`. */
export async function reviewInspections(db: Db, inspectionIds: number[], when = new Date()): Promise<void> {
  if (inspectionIds.length === 0) return;
  await db.execute(sql`
    update inspections set date_reviewed = ${when.toISOString()}::timestamptz, review_status = 'Complete'
    where id = any(${`{${inspectionIds.join(',')}}`}::int[])`);
}

/** One image of `projectId`, on `structureId` (null: unassigned), uploaded at `uploadedAt`. */
export async function createImage(
  db: Db,
  projectId: number,
  structureId: number | null,
  uploadedAt = new Date(),
): Promise<number> {
  const id = next();
  const [row] = await db
    .insert(images)
    .values({
      projectId,
      structureId,
      md5: `md5-${id}`,
      imageName: `IMG_${id}.JPG`,
      storageKey: `photos/test/${id}.jpg`,
      uploadedAt,
    })
    .returning({ id: images.id });
  return row!.id;
}

/** A crew group of `projectId` with the given number (colour is irrelevant to the tests). */
export async function createCrewGroup(db: Db, projectId: number, crewNumber = 1): Promise<number> {
  const [row] = await db
    .insert(crewGroups)
    .values({ projectId, crewNumber, color: '#000000' })
    .returning({ id: crewGroups.id });
  return row!.id;
}

/**
 * `count` structures spread over `lineIds` generated inside the database (fast for 50,000+), each with a
 * structure-level inspection; every `imageEvery`-th structure gets one image (0: none). Returns the
 * structure ids in creation order.
 */
export async function createBulkStructures(
  db: Db,
  projectId: number,
  lineIds: readonly number[],
  count: number,
  opts: { imageEvery?: number } = {},
): Promise<number[]> {
  const tag = next();
  const lineArray = `{${lineIds.join(',')}}`;
  const inserted = await queryRows(
    db,
    sql`
    insert into structures (project_id, line_id, struct_num, location)
    select ${projectId}::int, (${lineArray}::int[])[1 + (g % ${lineIds.length}::int)], ${`B${tag}-`} || g,
      point(-97.6 + g * 0.00001, 38.8 + (g % 100) * 0.0001)
    from generate_series(1, ${count}::int) g
    returning id`,
    IdRow,
  );
  await db.execute(sql`
    insert into inspections (project_id, structure_id)
    select project_id, id from structures where project_id = ${projectId} and struct_num like ${`B${tag}-%`}`);
  const every = opts.imageEvery ?? 0;
  if (every > 0) {
    await db.execute(sql`
      insert into images (project_id, structure_id, md5, image_name, storage_key)
      select project_id, id, ${`m${tag}-`} || id, 'IMG_' || id || '.JPG', ${`photos/bulk/${tag}/`} || id || '.jpg'
      from structures where project_id = ${projectId} and struct_num like ${`B${tag}-%`} and id % ${every}::int = 0`);
  }
  return inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * The UTC date: not before today for a project west of UTC (the default zone, and every test file's
 * structures), whose date is never after the UTC date.
 */
export const utcToday = (): string => isoDateOf(new Date(), 'UTC');

/**
 * The date on the first side of the date line (UTC+14): never before today in any project's zone,
 * whatever the hour — for projects whose structures may lie east of UTC (Europe, Asia).
 */
export const todayEverywhere = (): string => isoDateOf(new Date(), 'Pacific/Kiritimati');

/** A valid POST /api/v1/projects payload for `companyId`; override any field. */
export function projectPayload(companyId: number, overrides: Record<string, unknown> = {}) {
  return {
    company_id: companyId,
    ptype_id: 1,
    project_name: `Project ${process.pid} ${++sequence}`,
    closest_city: 'Salina',
    start_date: utcToday(),
    due_date: addDays(utcToday(), 6),
    inspection_type: '0',
    structure_assignment_type: 'dueDate',
    num_pilots: 1,
    photo_limit: -1,
    ptier_id: 2,
    pilot_struct_day: null,
    kmzs: [],
    ...overrides,
  };
}

export interface PlacedImageOptions {
  /** Camera position; none: a photo without GPS. */
  lat?: number;
  lon?: number;
  name?: string;
  uploadedBy?: number;
  uploadedAt?: Date;
  captureTime?: Date;
  assignedAt?: Date;
  metersFromStruct?: number;
  assignmentConfidence?: number;
  rejected?: { at: Date; reason: string; by?: number };
  archivedAt?: Date;
  cameraMake?: string;
  cameraModel?: string;
  bearing?: number;
}

/** One photo with a position and any of the Upload page's fields, on `structureId` (null: unassigned). */
export async function createPlacedImage(
  db: Db,
  projectId: number,
  structureId: number | null,
  o: PlacedImageOptions = {},
): Promise<number> {
  const id = next();
  const [row] = await db
    .insert(images)
    .values({
      projectId,
      structureId,
      md5: `md5-${id}`,
      imageName: o.name ?? `IMG_${id}.JPG`,
      storageKey: `photos/test/${id}.jpg`,
      location: o.lat !== undefined && o.lon !== undefined ? { x: o.lon, y: o.lat } : null,
      uploadedBy: o.uploadedBy ?? null,
      uploadedAt: o.uploadedAt ?? new Date(),
      captureTime: o.captureTime ?? null,
      assignedAt: o.assignedAt ?? (structureId === null ? null : new Date()),
      metersFromStruct: o.metersFromStruct ?? null,
      assignmentConfidence: o.assignmentConfidence ?? null,
      rejectDatetime: o.rejected?.at ?? null,
      rejectReason: o.rejected?.reason ?? null,
      rejectedBy: o.rejected?.by ?? null,
      archivedDate: o.archivedAt ?? null,
      cameraMake: o.cameraMake ?? null,
      cameraModel: o.cameraModel ?? null,
      bearing: o.bearing ?? null,
    })
    .returning({ id: images.id });
  return row!.id;
}

/** An annotation of `risk` on a photo (numbered after its others); `modelId` makes it an AI markup. */
export async function createAnnotation(db: Db, imageId: number, risk = 2, modelId?: number): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`insert into annotations (image_id, annotation_number, shape, rect_top_left_x, rect_top_left_y,
          rect_width, rect_height, risk_level, model_id)
        select ${imageId}::int, coalesce(max(annotation_number), 0) + 1, 'rect', 1, 1, 20, 20, ${risk}::int,
          ${modelId ?? null}::int
        from annotations where image_id = ${imageId}
        returning id`,
    IdRow,
  );
  return row!.id;
}
