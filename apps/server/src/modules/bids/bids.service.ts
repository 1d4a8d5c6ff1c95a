import {
  BID_MESSAGES,
  type BidCreateRequest,
  type BidCreateResponse,
  type BidListItem,
  type BidWonResponse,
  bidDurationIssues,
  DEFAULT_TIER_ID,
  datesNotPastIssues,
  LATEST_TIME_ZONE,
  NO_PHOTO_LIMIT,
  PROJECT_MESSAGES,
  projectToday,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { conflict, notFound, validationFailed } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { isActiveCustomer } from '../customers/customers.service.ts';
import {
  insertProject,
  insertSourceFile,
  markImporting,
  projectNameTaken,
} from '../projects/projectSteps.service.ts';
import { PROJECT_SERVER_MESSAGES } from '../projects/projects.service.ts';
import { timeZoneAt } from '../projects/projectTimeZone.ts';
import {
  defaultProjectTypeId,
  findBidByRequest,
  insertBid,
  listBidRows,
  markBidWon,
} from './bids.repository.ts';
import { mappingOf, requireArrivedKmzFiles } from './kmzImport.check.ts';
import { bidKmzImportJob } from './kmzImport.job.ts';

interface Issue {
  path: string;
  message: string;
}

const bodyIssues = (issues: Issue[]) =>
  validationFailed(issues.map((i) => ({ path: `body.${i.path}`, message: i.message })));

export async function listBids(deps: Deps, actor: UserActor): Promise<BidListItem[]> {
  authorize(actor, 'bid.read');
  return listBidRows(deps.database.db);
}

/**
 * Staff mark a bid won: its project, hidden from the customer while the bid was a proposal, becomes theirs
 * (their project list, its pages). Marking it won again, also at the same moment, changes nothing and
 * answers the first time's state. 404 for no such bid.
 */
export async function markWon(deps: Deps, actor: UserActor, id: number): Promise<BidWonResponse> {
  authorize(actor, 'bid.create');
  return withTransaction(deps.database.db, async (tx) => {
    const row = await markBidWon(tx, id, actor.userId);
    if (!row) throw notFound('Bid');
    await writeAudit(tx, actor, { action: 'bid.won', objectType: 'bid', objectId: id, details: {} });
    return { ok: true as const, success: true as const, ...row };
  });
}

/** The answer of an earlier save with the same request id, or null when there is none. */
async function replay(deps: Deps, requestId: string | undefined): Promise<BidCreateResponse | null> {
  if (!requestId) return null;
  const row = await findBidByRequest(deps.database.db, requestId);
  if (!row || row.project_id === null || row.job_id === null) return null;
  return {
    ok: true,
    success: true,
    id: row.id,
    project_id: row.project_id,
    jobId: row.job_id,
  };
}

/** The unique constraint a concurrent save violated, if any. */
function violatedConstraint(err: unknown): string | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint) return pgError.constraint;
  }
  return null;
}

/**
 * Creates a bid and, from its KMZ files, a project whose structures are the files' point placemarks.
 * Every form rule is checked and every file looked up before anything is written (400 `validation_failed`,
 * or `kmz_invalid` for a file not uploaded by the caller); then one transaction writes the bid, the project
 * (importing), its source files and the import job, which checks the placemarks as the mapping step did
 * (`POST /bids/kmzCheck`) and writes the structures in batches with progress. No file is read here.
 * A save repeated with the same `request_id` answers the first one's result; of two saves of the same
 * project name at once one wins and the other answers 409.
 */
export async function createBid(
  deps: Deps,
  actor: UserActor,
  body: BidCreateRequest,
): Promise<BidCreateResponse> {
  authorize(actor, 'bid.create', { kind: 'Customer', companyId: body.bid.company_id });
  const earlier = await replay(deps, body.request_id);
  if (earlier) return earlier;

  const db = deps.database.db;
  const now = deps.now();
  // The bid has no place of its own: its duration may not be before today anywhere (the latest today).
  const latestToday = projectToday(LATEST_TIME_ZONE, now);
  const issues: Issue[] = [
    ...bidDurationIssues(body.bid.project_duration, latestToday).map((message) => ({
      path: 'bid.project_duration',
      message,
    })),
    ...datesNotPastIssues(body.project, latestToday).map((i) => ({
      path: `project.${i.path}`,
      message: i.message,
    })),
  ];
  if (!(await isActiveCustomer(db, body.bid.company_id))) {
    issues.push({ path: 'bid.company_id', message: BID_MESSAGES.customerRequired });
  }
  const ptypeId = await defaultProjectTypeId(db);
  if (ptypeId === null) issues.push({ path: 'project', message: PROJECT_MESSAGES.typeRequired });
  if (issues.length > 0) throw bodyIssues(issues);
  const name = body.project.project_name;
  if (await projectNameTaken(db, name)) {
    // The same save may have finished since the first look (a double click): answer what it made.
    const winner = await replay(deps, body.request_id);
    if (winner) return winner;
    throw conflict(PROJECT_SERVER_MESSAGES.nameTaken(name), 'project_name_taken');
  }

  // Only the uploads are looked up here; the job reads the placemarks (the step has shown their check).
  const arrived = await requireArrivedKmzFiles(db, deps, actor.userId, body.kmzs);

  try {
    return await withTransaction(db, async (tx) => {
      const { bid, project } = body;
      const projectId = await insertProject(tx, {
        companyId: bid.company_id,
        projectName: project.project_name,
        inspectionType: '0',
        startDate: project.start_date,
        dueDate: project.due_date?.trim() ? project.due_date.trim() : null,
        numPilots: project.num_pilots,
        structureAssignmentType: project.structure_assignment_type,
        photoLimit: NO_PHOTO_LIMIT,
        closestCity: bid.city,
        pilotStructDay: project.pilot_struct_day ?? null,
        ptypeId: ptypeId!,
        ptierId: DEFAULT_TIER_ID,
        // Where the structures are is known once the job has read them: it sets the zone then.
        timeZone: timeZoneAt({ lat: null, lon: null }),
        timeZoneChosen: false,
        createdBy: actor.userId,
      });
      const bidId = await insertBid(tx, {
        rfpName: bid.rfp_name,
        projectDuration: bid.project_duration,
        companyId: bid.company_id,
        abbreviation: bid.abbreviation,
        legalName: bid.legal_name,
        address: bid.address,
        state: bid.state,
        city: bid.city,
        zip: bid.zip,
        salutation: bid.salutation,
        contactName: bid.contact_name,
        contactDept: bid.contact_dept,
        contactEmail: bid.contact_email,
        contactPhone: bid.contact_phone,
        projectId,
        requestId: body.request_id ?? null,
        createdBy: actor.userId,
      });
      const files = [];
      for (const file of arrived) {
        const sourceFileId = await insertSourceFile(tx, {
          projectId,
          bidId,
          fileUploadId: file.uploadId,
          kind: 'kmz',
          storageKey: file.storageKey,
          url: file.entry.url,
          name: file.entry.name,
          lineName: mappingOf(file.entry).lineName,
          lineNameField: mappingOf(file.entry).lineField,
          structNumField: mappingOf(file.entry).structureField,
          createdBy: actor.userId,
        });
        files.push({ sourceFileId, mapping: file.entry });
      }
      const job = await enqueue(
        tx,
        bidKmzImportJob,
        { bidId, projectId, companyId: bid.company_id, userId: actor.userId, files },
        { actor },
      );
      await markImporting(tx, projectId, job.id);
      const details = { rfp_name: bid.rfp_name, company_id: bid.company_id, projectId, jobId: job.id };
      await writeAudit(tx, actor, { action: 'bid.create', objectType: 'bid', objectId: bidId, details });
      await writeAudit(tx, actor, {
        action: 'project.create',
        objectType: 'project',
        objectId: projectId,
        details: { project_name: project.project_name, bidId, files: arrived.length },
      });
      return { ok: true as const, success: true as const, id: bidId, project_id: projectId, jobId: job.id };
    });
  } catch (err) {
    const constraint = violatedConstraint(err);
    if (constraint === null) throw err;
    // A concurrent save of the same request won: answer what it made.
    const winner = await replay(deps, body.request_id);
    if (winner) return winner;
    if (constraint === 'projects_name_unique') {
      throw conflict(PROJECT_SERVER_MESSAGES.nameTaken(name), 'project_name_taken');
    }
    throw err;
  }
}
