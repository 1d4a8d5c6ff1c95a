import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { companyScope, projectInActorScope } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { AnyRow, queryRows } from '../../platform/db/rows.ts';
import { projects, projectTiers, projectTypes, sourceFiles } from '../../platform/db/schema/index.ts';

/** A project row with the facts its computed fields are derived from. */
export const ProjectFactsRow = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  project_name: z.string(),
  inspection_type: z.enum(['0', '1']),
  start_date: z.string(),
  due_date: z.string().nullable(),
  num_pilots: z.number(),
  structure_assignment_type: z.enum(['dueDate', 'ratio']),
  photo_limit: z.number(),
  closest_city: z.string().nullable(),
  pilot_struct_day: z.number().nullable(),
  ptype_id: z.number(),
  ptype_name: z.string(),
  ptier_id: z.number().nullable(),
  use_new_risk_rating: z.boolean(),
  archived_date: z.union([z.date(), z.string()]).nullable(),
  created_at: z.union([z.date(), z.string()]),
  time_zone: z.string(),
  structures: z.number(),
  inspected: z.number(),
  /** When the last inspection was reviewed. */
  last_reviewed: z.union([z.date(), z.string()]).nullable(),
  import_job_id: z.number().nullable(),
  open_bid: z.boolean(),
  import_done: z.number(),
  import_total: z.number(),
});
export type ProjectFactsRow = z.infer<typeof ProjectFactsRow>;

/**
 * Projects with their progress figures in ONE statement. The figures come from `project_progress`, which
 * triggers keep current (see its schema), so the list costs one row per project however many structures
 * the projects hold. A customer actor sees their own company's projects only.
 */
export async function listProjectFacts(db: Db, actor: Actor, projectId?: number): Promise<ProjectFactsRow[]> {
  const only = projectId === undefined ? sql`true` : sql`p.id = ${projectId}`;
  return queryRows(
    db,
    sql`
    select p.id, p.company_id, c.company_name, p.project_name, p.inspection_type,
      p.start_date::text as start_date, p.due_date::text as due_date, p.num_pilots,
      p.structure_assignment_type, p.photo_limit::int as photo_limit, p.closest_city, p.pilot_struct_day,
      p.ptype_id, pt.ptype_name, p.ptier_id, p.use_new_risk_rating, p.archived_date, p.created_at,
      p.time_zone, coalesce(pp.structures, 0) as structures, coalesce(pp.inspected, 0) as inspected,
      pp.last_reviewed,
      case when p.import_state = 'importing' then p.import_job_id end as import_job_id,
      exists (select 1 from bids b where b.project_id = p.id and b.status = 'open') as open_bid,
      coalesce(j.progress_done, 0) as import_done,
      coalesce(j.progress_total, (j.payload->>'totalRows')::int, 0) as import_total
    from projects p
    join companies c on c.id = p.company_id
    join project_types pt on pt.ptype_id = p.ptype_id
    left join project_progress pp on pp.project_id = p.id
    left join jobs j on j.id = p.import_job_id and p.import_state = 'importing'
    where ${projectInActorScope(actor)} and ${only}
      -- A project being imported is not ready: its customer sees it once every row is in.
      and (p.import_state is null or ${companyScope(actor) === null ? sql`true` : sql`false`})
    order by lower(p.project_name), p.id`,
    ProjectFactsRow,
  );
}

/** Mean position of the project's structures. */
export async function projectCenter(
  db: Db,
  projectId: number,
): Promise<{ lat: number | null; lon: number | null }> {
  const [row] = await queryRows(
    db,
    sql`select avg(location[1])::float8 as lat, avg(location[0])::float8 as lon
      from structures where project_id = ${projectId}`,
    z.object({
      lat: z.number().nullable(),
      lon: z.number().nullable(),
    }),
  );
  return { lat: row?.lat ?? null, lon: row?.lon ?? null };
}

export function listSourceFiles(db: Db, projectId: number) {
  return db
    .select({ id: sourceFiles.id, name: sourceFiles.name, url: sourceFiles.url, kind: sourceFiles.kind })
    .from(sourceFiles)
    .where(eq(sourceFiles.projectId, projectId))
    .orderBy(asc(sourceFiles.id));
}

/** The project's company and type; the caller authorizes the actor on the company it answers. */
export async function findProject(db: Db, id: number) {
  const [row] = await db
    .select({
      id: projects.id,
      companyId: projects.companyId,
      inspectionType: projects.inspectionType,
      archivedDate: projects.archivedDate,
      timeZone: projects.timeZone,
      timeZoneChosen: projects.timeZoneChosen,
      importState: projects.importState,
    })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  return row ?? null;
}

/** Another project already using this name, compared case-insensitively. */
export async function projectNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        sql`lower(${projects.projectName}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${projects.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type ProjectWrite = Omit<
  typeof projects.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'archivedDate'
>;

export async function insertProject(db: Db, values: ProjectWrite): Promise<number> {
  const [row] = await db.insert(projects).values(values).returning({ id: projects.id });
  return row!.id;
}

export async function updateProject(
  db: Db,
  id: number,
  values: Omit<ProjectWrite, 'createdBy'>,
): Promise<void> {
  await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(projects.id, id));
}

/** The project's calendar: a zone a user chose, or one that follows where its structures are. */
export async function setProjectTimeZone(
  db: Db,
  id: number,
  timeZone: string,
  chosen: boolean,
): Promise<void> {
  await db.update(projects).set({ timeZone, timeZoneChosen: chosen }).where(eq(projects.id, id));
}

/** Sets archived_date unless already set (the first archive date is kept); true when it changed. */
export async function archiveProject(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ archivedDate: new Date(), updatedAt: new Date() })
    .where(and(eq(projects.id, id), isNull(projects.archivedDate)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

export async function unarchiveProject(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ archivedDate: null, updatedAt: new Date() })
    .where(and(eq(projects.id, id), isNotNull(projects.archivedDate)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

export function listProjectTypes(db: Db) {
  return db
    .select({ ptype_id: projectTypes.ptypeId, ptype_name: projectTypes.ptypeName })
    .from(projectTypes)
    .orderBy(asc(projectTypes.ptypeId));
}

export function listProjectTiers(db: Db) {
  return db
    .select({ ptier_id: projectTiers.ptierId, name: projectTiers.name })
    .from(projectTiers)
    .orderBy(asc(projectTiers.ptierId));
}

export async function projectTypeExists(db: Db, ptypeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: projectTypes.ptypeId })
    .from(projectTypes)
    .where(eq(projectTypes.ptypeId, ptypeId))
    .limit(1);
  return rows.length > 0;
}

export async function projectTierExists(db: Db, ptierId: number): Promise<boolean> {
  const rows = await db
    .select({ id: projectTiers.ptierId })
    .from(projectTiers)
    .where(eq(projectTiers.ptierId, ptierId))
    .limit(1);
  return rows.length > 0;
}

/** Lines already linked to the project (a company change would orphan them). */
export async function projectHasLines(db: Db, projectId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from project_lines where project_id = ${projectId} limit 1`,
    AnyRow,
  );
  return rows.length > 0;
}

/** Locks the project row for a save that may start an import; says whether one is already running. */
export async function lockProjectForImport(db: Db, id: number): Promise<'ready' | 'importing' | 'missing'> {
  const [row] = await queryRows(
    db,
    sql`select import_state from projects where id = ${id} for update`,
    z.object({
      import_state: z.string().nullable(),
    }),
  );
  if (!row) return 'missing';
  return row.import_state === 'importing' ? 'importing' : 'ready';
}
