import {
  datesNotPastIssues,
  PROJECT_MESSAGES,
  type ProjectCreateRequest,
  type ProjectDetail,
  type ProjectListItem,
  type ProjectSaveResponse,
  type ProjectUpdateRequest,
  projectStatus,
  projectToday,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import { requireFound, requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { conflict, notFound, validationFailed } from '../../platform/errors.ts';
import { isActiveCustomer } from '../customers/customers.service.ts';
import type { CheckedImport } from './csvImport.check.ts';
import { checkCsvFiles, startImport } from './csvImport.service.ts';
import {
  archiveProject,
  findProject,
  insertProject,
  listProjectFacts,
  listSourceFiles,
  lockProjectForImport,
  type ProjectFactsRow,
  type ProjectWrite,
  projectCenter,
  projectHasLines,
  projectNameTaken,
  projectTierExists,
  projectTypeExists,
  setProjectTimeZone,
  unarchiveProject,
  updateProject,
} from './projects.repository.ts';
import { timeZoneAt } from './projectTimeZone.ts';

export const PROJECT_SERVER_MESSAGES = {
  nameTaken: (name: string) => `A project named "${name}" already exists. Choose another name.`,
  companyLocked: 'The customer cannot be changed once the project has lines.',
  inspectionTypeLocked: 'The inspection type cannot be changed once the project has lines.',
  importInProgress: 'This project is still importing its structures. Save again when the import is done.',
  structuresAddedMeanwhile:
    'Another save added some of these structures to the project meanwhile. Nothing was changed; save again.',
} as const;

interface Issue {
  path: string;
  message: string;
}

/** The same answer as a failed schema check: 400 `validation_failed` with one issue per body field. */
const bodyIssues = (issues: Issue[]) =>
  validationFailed(issues.map((i) => ({ path: `body.${i.path}`, message: i.message })));

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** Each zone's today at one instant, computed once per zone (a list has many projects, few zones). */
function todaysAt(now: Date): (timeZone: string) => string {
  const byZone = new Map<string, string>();
  return (timeZone) => {
    let today = byZone.get(timeZone);
    if (today === undefined) {
      today = projectToday(timeZone, now);
      byZone.set(timeZone, today);
    }
    return today;
  };
}

/** A list row with its computed fields (definitions in `PROJECT_FIELD_DEFINITIONS`), as of its project's today. */
export function toListItem(row: ProjectFactsRow, today: string): ProjectListItem {
  const archived = iso(row.archived_date);
  const status = projectStatus({
    start_date: row.start_date,
    due_date: row.due_date,
    archived_date: archived,
    total: row.structures,
    inspected: row.inspected,
    completed_date: iso(row.last_reviewed),
    today,
  });
  return {
    id: row.id,
    company_id: row.company_id,
    company_name: row.company_name,
    project_name: row.project_name,
    inspection_type: row.inspection_type,
    start_date: row.start_date,
    due_date: row.due_date,
    num_pilots: row.num_pilots,
    structure_assignment_type: row.structure_assignment_type,
    photo_limit: row.photo_limit,
    closest_city: row.closest_city,
    pilot_struct_day: row.pilot_struct_day,
    ptype_id: row.ptype_id,
    ptype_name: row.ptype_name,
    ptier_id: row.ptier_id,
    use_new_risk_rating: row.use_new_risk_rating,
    archived_date: archived,
    created_at: iso(row.created_at)!,
    time_zone: row.time_zone,
    state: status.state,
    structures: row.structures,
    inspected: row.inspected,
    progress: status.progress,
    active: status.active,
    starting_next_week: status.starting_next_week,
    late: status.late,
    early: status.early,
    on_schedule: status.on_schedule,
    open_bid: row.open_bid,
    importing:
      row.import_job_id === null
        ? null
        : { jobId: row.import_job_id, done: row.import_done, total: row.import_total },
  };
}

/** Every visible project, each judged by its own today at the injected `deps.now()`. */
export async function listProjects(deps: Deps, actor: Actor): Promise<ProjectListItem[]> {
  authorize(actor, 'project.read');
  const rows = await listProjectFacts(deps.database.db, actor);
  const todayIn = todaysAt(deps.now());
  return rows.map((r) => toListItem(r, todayIn(r.time_zone)));
}

export async function getProject(deps: Deps, actor: Actor, id: number): Promise<ProjectDetail> {
  const db = deps.database.db;
  authorize(actor, 'project.read');
  const [row] = await listProjectFacts(db, actor, id);
  if (!row) throw notFound('Project');
  const [kmzs, center] = await Promise.all([listSourceFiles(db, id), projectCenter(db, id)]);
  const today = projectToday(row.time_zone, deps.now());
  return { ...toListItem(row, today), kmzs, project_center_lat: center.lat, project_center_lon: center.lon };
}

type ProjectPayload = ProjectCreateRequest | ProjectUpdateRequest;

/** Rules needing the database (references, uniqueness); all issues at once, as the schema does. */
async function referenceIssues(deps: Deps, body: ProjectPayload): Promise<Issue[]> {
  const db = deps.database.db;
  const [customer, type, tier] = await Promise.all([
    isActiveCustomer(db, body.company_id),
    projectTypeExists(db, body.ptype_id),
    projectTierExists(db, body.ptier_id),
  ]);
  const issues: Issue[] = [];
  if (!customer) issues.push({ path: 'company_id', message: PROJECT_MESSAGES.customerSelect });
  if (!type) issues.push({ path: 'ptype_id', message: PROJECT_MESSAGES.typeSelect });
  if (!tier) issues.push({ path: 'ptier_id', message: PROJECT_MESSAGES.tierRequired });
  return issues;
}

function columns(body: ProjectPayload): Omit<ProjectWrite, 'createdBy'> {
  return {
    companyId: body.company_id,
    projectName: body.project_name,
    inspectionType: body.inspection_type,
    startDate: body.start_date,
    dueDate: body.due_date?.trim() ? body.due_date.trim() : null,
    numPilots: body.num_pilots,
    structureAssignmentType: body.structure_assignment_type,
    photoLimit: body.photo_limit,
    closestCity: body.closest_city,
    pilotStructDay: body.pilot_struct_day ?? null,
    ptypeId: body.ptype_id,
    ptierId: body.ptier_id,
  };
}

/** The unique index a concurrent save violated, if any. */
function violatedIndex(err: unknown): string | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint) return pgError.constraint;
  }
  return null;
}

/** A save that lost a race to another one answers 409 with what happened, never 500. */
async function saving<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const index = violatedIndex(err);
    if (index === 'projects_name_unique') {
      throw conflict(PROJECT_SERVER_MESSAGES.nameTaken(name), 'project_name_taken');
    }
    if (index === 'structures_project_line_num_unique') {
      throw conflict(PROJECT_SERVER_MESSAGES.structuresAddedMeanwhile, 'import_in_progress');
    }
    throw err;
  }
}

/**
 * Saves the project row (`save` answers its id) and its checked CSV files in one transaction. Small
 * imports are written right there; larger ones are handed to a background job that commits per batch,
 * the project marked 'importing' until the job is done.
 */
async function saveWithImport(
  deps: Deps,
  actor: UserActor,
  body: ProjectPayload,
  existingId: number | null,
  action: 'project.create' | 'project.update',
  /** Writes the project row knowing what the files hold; answers its id and anything to audit. */
  save: (tx: Db, checked: CheckedImport | null) => Promise<{ id: number; audit?: Record<string, unknown> }>,
): Promise<ProjectSaveResponse> {
  const db = deps.database.db;
  const target = {
    projectId: existingId ?? 0,
    companyId: body.company_id,
    userId: actor.userId,
    perComponent: body.inspection_type === '1',
  };
  // Read outside the transaction: checking a large file must not hold the database.
  const checked =
    body.kmzs.length > 0 ? await checkCsvFiles(db, deps, target, body.kmzs, existingId !== null) : null;
  return saving(body.project_name, () =>
    withTransaction(db, async (tx) => {
      const { id, audit } = await save(tx, checked);
      const { imported, importJobId } = checked
        ? await startImport(tx, deps, actor, { ...target, projectId: id }, checked, existingId === null)
        : {
            imported: { files: 0, structures: 0, skippedRows: 0, lines: 0, inspections: 0 },
            importJobId: null,
          };
      await writeAudit(tx, actor, {
        action,
        objectType: 'project',
        objectId: id,
        details: { ...columns(body), ...audit, ...imported, importJobId },
      });
      return { ok: true as const, success: true as const, id, imported, importJobId };
    }),
  );
}

/**
 * Creates a project and imports its CSV files: every file is checked first (any problem: 400 and
 * nothing written), then written at once or, when large, by a background job.
 */
export async function createProject(
  deps: Deps,
  actor: UserActor,
  body: ProjectCreateRequest,
): Promise<ProjectSaveResponse> {
  authorize(actor, 'project.create', { kind: 'Customer', companyId: body.company_id });
  const now = deps.now();
  const chosenZone = body.time_zone ?? null;
  // Dates are in the project's calendar. Without a chosen zone and with files it is known once the files
  // are read (where the structures are): the dates are checked then, so a refusal names that day and zone
  // (a date past everywhere named UTC−12's 'Etc/GMT+12'). Without files the zone is the default one, known now.
  const upFrontZone = chosenZone ?? (body.kmzs.length === 0 ? timeZoneAt({ lat: null, lon: null }) : null);
  const issues: Issue[] = [
    ...(upFrontZone ? datesNotPastIssues(body, projectToday(upFrontZone, now), upFrontZone) : []),
    ...(await referenceIssues(deps, body)),
  ];
  if (issues.length > 0) throw bodyIssues(issues);
  if (await projectNameTaken(deps.database.db, body.project_name)) {
    throw conflict(PROJECT_SERVER_MESSAGES.nameTaken(body.project_name), 'project_name_taken');
  }
  return saveWithImport(deps, actor, body, null, 'project.create', async (tx, checked) => {
    const timeZone = chosenZone ?? timeZoneAt(checked?.center ?? { lat: null, lon: null });
    if (!chosenZone) {
      const late = datesNotPastIssues(body, projectToday(timeZone, now), timeZone);
      if (late.length > 0) throw bodyIssues(late);
    }
    const id = await insertProject(tx, {
      ...columns(body),
      timeZone,
      timeZoneChosen: chosenZone !== null,
      createdBy: actor.userId,
    });
    return { id, audit: { time_zone: timeZone } };
  });
}

/** Updates a project (edit mode: no not-before-today rules) and imports any files added in the mapping step. */
export async function updateProjectFields(
  deps: Deps,
  actor: UserActor,
  body: ProjectUpdateRequest,
): Promise<ProjectSaveResponse> {
  const db = deps.database.db;
  const current = requireFound(actor, 'project.update', 'Project', await findProject(db, body.id));
  authorize(actor, 'project.update', { kind: 'Customer', companyId: body.company_id });
  if (current.importState === 'importing') {
    throw conflict(PROJECT_SERVER_MESSAGES.importInProgress, 'import_in_progress');
  }
  const issues = await referenceIssues(deps, body);
  const changesCompany = current.companyId !== body.company_id;
  const changesType = current.inspectionType !== body.inspection_type;
  if ((changesCompany || changesType) && (await projectHasLines(db, body.id))) {
    if (changesCompany) issues.push({ path: 'company_id', message: PROJECT_SERVER_MESSAGES.companyLocked });
    if (changesType) {
      issues.push({ path: 'inspection_type', message: PROJECT_SERVER_MESSAGES.inspectionTypeLocked });
    }
  }
  if (issues.length > 0) throw bodyIssues(issues);
  if (await projectNameTaken(db, body.project_name, body.id)) {
    throw conflict(PROJECT_SERVER_MESSAGES.nameTaken(body.project_name), 'project_name_taken');
  }
  return saveWithImport(deps, actor, body, body.id, 'project.update', async (tx, checked) => {
    // Another save may have started an import since the check above: the row lock settles it.
    const locked = await lockProjectForImport(tx, body.id);
    if (locked === 'importing')
      throw conflict(PROJECT_SERVER_MESSAGES.importInProgress, 'import_in_progress');
    if (locked === 'missing') throw notFound('Project');
    // A zone given is kept from then on. Without one, a project whose zone was never chosen and that had
    // no structures yet takes the zone of the first ones its files bring.
    let timeZone: string | null = null;
    if (body.time_zone) timeZone = body.time_zone;
    else if (!current.timeZoneChosen && checked?.center && !(await projectHasLines(tx, body.id))) {
      timeZone = timeZoneAt(checked.center);
    }
    await updateProject(tx, body.id, columns(body));
    if (timeZone) await setProjectTimeZone(tx, body.id, timeZone, body.time_zone !== undefined);
    return { id: body.id, audit: timeZone ? { time_zone: timeZone } : {} };
  });
}

/** Archive or unarchive; repeating either is harmless (the first archive date is kept). */
export async function setArchived(deps: Deps, actor: Actor, id: number, archived: boolean): Promise<void> {
  await withTransaction(deps.database.db, async (tx) => {
    await requireProject(tx, actor, 'project.archive', id);
    const changed = archived ? await archiveProject(tx, id) : await unarchiveProject(tx, id);
    await writeAudit(tx, actor, {
      action: archived ? 'project.archive' : 'project.unarchive',
      objectType: 'project',
      objectId: id,
      details: { changed },
    });
  });
}
