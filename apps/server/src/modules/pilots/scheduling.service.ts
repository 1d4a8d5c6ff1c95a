import {
  metresBetween,
  PILOT_MESSAGES,
  PILOT_STATUS,
  type PilotScheduleResponse,
  type PilotScheduleRequest as PilotScheduleSchema,
  type ProjectPilotList,
  projectToday,
  SCHEDULING_LINK_DAYS,
  type SchedulingDetails,
  type SchedulingResponseAnswer,
} from '@linewalker/domain';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, AnonymousCaller } from '../../platform/auth/actor.ts';
import { requireFound } from '../../platform/auth/require.ts';
import { newSecretToken, sha256 } from '../../platform/auth/tokens.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { projectCenter } from '../projects/projectSteps.service.ts';
import { availabilityTextJob } from './availabilityText.job.ts';
import { activePilot, listPilots } from './pilots.repository.ts';
import * as repo from './scheduling.repository.ts';

type PilotScheduleRequest = z.output<typeof PilotScheduleSchema>;

/** The project, authorized for scheduling: another company's or a missing one is 404. */
const schedulableProject = async (db: Db, actor: Actor, projectId: number) =>
  requireFound(actor, 'pilot.schedule', 'Project', await repo.findProject(db, projectId));

/**
 * GET /pilots/project/{id}: every current pilot with the distance from the project centre (the mean of its
 * structures) to their home base, and their scheduling state on this project (0 when never contacted).
 */
export async function projectPilots(deps: Deps, actor: Actor, projectId: number): Promise<ProjectPilotList> {
  const db = deps.database.db;
  await schedulableProject(db, actor, projectId);
  const [pilots, states, center, statuses] = await Promise.all([
    listPilots(db),
    repo.projectPilotStates(db, projectId),
    projectCenter(db, projectId),
    repo.statusTexts(db),
  ]);
  const stateOf = new Map(states.map((s) => [s.user_id, s]));
  const none = statuses.find((s) => s.id === PILOT_STATUS.noRequestsSent)!;
  const items = pilots.map((p) => {
    const state = stateOf.get(p.user_id);
    const distance =
      center.lat !== null && center.lon !== null && p.latitude !== null && p.longitude !== null
        ? metresBetween(center.lat, center.lon, p.latitude, p.longitude)
        : null;
    return {
      ...p,
      distanceFromProjectMeters: distance,
      pilot_scheduling_status_id: state?.pilot_scheduling_status_id ?? none.id,
      status_text: state?.status_text ?? none.statusText,
      status_text_friendly: state?.status_text_friendly ?? none.statusTextFriendly,
      assigned: state?.assigned ?? false,
      pilot_note: state?.pilot_note ?? null,
      request_sent_at: state?.request_sent_at ?? null,
      responded_at: state?.responded_at ?? null,
    };
  });
  // Nearest first; pilots that cannot be placed last.
  items.sort(
    (a, b) =>
      (a.distanceFromProjectMeters ?? Number.POSITIVE_INFINITY) -
      (b.distanceFromProjectMeters ?? Number.POSITIVE_INFINITY),
  );
  return { project_center_lat: center.lat, project_center_lon: center.lon, items };
}

async function requirePilot(db: Db, userId: number) {
  const pilot = await activePilot(db, userId);
  if (!pilot) throw badRequest(PILOT_MESSAGES.notAPilot);
  return pilot;
}

const answer = (status: number, assigned: boolean): PilotScheduleResponse => ({
  ok: true,
  success: true,
  pilot_scheduling_status_id: status,
  assigned,
});

/**
 * PUT /pilots/assign: the pilot is assigned (status 4 Pilot Assigned). Idempotent: assigning an assigned
 * pilot answers the same; two assigns at once run one after the other on the locked row.
 */
export async function assignPilot(deps: Deps, actor: Actor, body: PilotScheduleRequest) {
  const db = deps.database.db;
  const project = await schedulableProject(db, actor, body.project_id);
  if (project.archivedDate) throw badRequest(PILOT_MESSAGES.projectArchived);
  await requirePilot(db, body.user_id);
  return withTransaction(db, async (tx) => {
    const at = deps.now();
    const row = await repo.lockProjectPilot(tx, body.project_id, body.user_id);
    const note = body.pilot_note?.trim() ? body.pilot_note.trim() : row.pilotNote;
    await repo.updateProjectPilot(
      tx,
      body.project_id,
      body.user_id,
      { assigned: true, pilotSchedulingStatusId: PILOT_STATUS.pilotAssigned, pilotNote: note },
      at,
    );
    await writeAudit(tx, actor, {
      action: 'pilot.assign',
      objectType: 'project',
      objectId: body.project_id,
      details: { userId: body.user_id, alreadyAssigned: row.assigned },
    });
    return answer(PILOT_STATUS.pilotAssigned, true);
  });
}

/**
 * PUT /pilots/unassign: the pilot is no longer assigned; their status goes back to what their latest
 * availability request says (0 when none was sent). Idempotent.
 */
export async function unassignPilot(deps: Deps, actor: Actor, body: PilotScheduleRequest) {
  const db = deps.database.db;
  await schedulableProject(db, actor, body.project_id);
  return withTransaction(db, async (tx) => {
    const at = deps.now();
    // A pilot never on the project's list is left off it (nothing to undo).
    const row = await repo.lockExistingProjectPilot(tx, body.project_id, body.user_id);
    const status = repo.statusFromRequest(await repo.latestRequest(tx, body.project_id, body.user_id));
    if (row) {
      await repo.updateProjectPilot(
        tx,
        body.project_id,
        body.user_id,
        { assigned: false, pilotSchedulingStatusId: status },
        at,
      );
    }
    await writeAudit(tx, actor, {
      action: 'pilot.unassign',
      objectType: 'project',
      objectId: body.project_id,
      details: { userId: body.user_id, wasAssigned: row?.assigned ?? false },
    });
    return answer(status, false);
  });
}

const usDate = (day: string | null) =>
  day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '';

/**
 * The days the text asks about: from the start, or from today (the project's) once the start is past — a
 * pilot cannot fly yesterday; to the due date while it is still ahead.
 */
function askedDates(startDate: string | null, dueDate: string | null, today: string): string {
  const from = startDate && startDate > today ? startDate : today;
  return dueDate && dueDate >= from ? `${usDate(from)} to ${usDate(dueDate)}` : `from ${usDate(from)}`;
}

/**
 * POST /pilots/checkAvailability: texts the pilot a single-use link to /scheduling-response (valid
 * SCHEDULING_LINK_DAYS days) and sets status 1 Waiting Pilot Response. The message is written to the outbox
 * in this transaction and a `pilots.availability-text` job delivers it after commit (with a provider
 * configured; without one the outbox row is the delivery). Only when no request was sent, or the last one
 * could not be delivered: otherwise 409 availability_requested, with nothing sent.
 */
export async function checkAvailability(deps: Deps, actor: Actor, body: PilotScheduleRequest) {
  const db = deps.database.db;
  const project = await schedulableProject(db, actor, body.project_id);
  if (project.archivedDate) throw badRequest(PILOT_MESSAGES.projectArchived);
  const pilot = await requirePilot(db, body.user_id);
  const phone = pilot.phone?.trim();
  if (!phone) throw badRequest(PILOT_MESSAGES.noPhone, 'no_phone');
  return withTransaction(db, async (tx) => {
    const at = deps.now();
    const row = await repo.lockProjectPilot(tx, body.project_id, body.user_id);
    if (row.assigned) throw conflict(PILOT_MESSAGES.alreadyAssigned, 'availability_requested');
    const latest = await repo.latestRequest(tx, body.project_id, body.user_id);
    if (latest && !latest.deliveryFailedAt)
      throw conflict(PILOT_MESSAGES.alreadyRequested, 'availability_requested');
    const { token, hash } = newSecretToken();
    const expiresAt = new Date(at.getTime() + SCHEDULING_LINK_DAYS * 24 * 3600_000);
    const requestId = await repo.insertRequest(tx, {
      projectId: body.project_id,
      userId: body.user_id,
      tokenHash: hash,
      sentAt: at,
      expiresAt,
    });
    const link = `${deps.config.publicUrl}/scheduling-response?token=${token}`;
    const where = project.closestCity ? ` near ${project.closestCity}` : '';
    const dates = askedDates(project.startDate, project.dueDate, projectToday(project.timeZone, at));
    const outboxId = await deps.mailer.enqueue(
      tx,
      {
        channel: 'sms',
        to: phone,
        body:
          `Linewalker: Hi ${pilot.first_name}, are you able to fly ${project.projectName}${where}, ` +
          `${dates}? Answer here within ${SCHEDULING_LINK_DAYS} days: ${link}`,
      },
      { queueDelivery: false },
    );
    await enqueue(tx, availabilityTextJob, { requestId, outboxId }, { actor });
    await repo.updateProjectPilot(
      tx,
      body.project_id,
      body.user_id,
      { pilotSchedulingStatusId: PILOT_STATUS.waitingPilotResponse },
      at,
    );
    await writeAudit(tx, actor, {
      action: 'pilot.check_availability',
      objectType: 'project',
      objectId: body.project_id,
      details: { userId: body.user_id, requestId, outboxId },
    });
    return answer(PILOT_STATUS.waitingPilotResponse, false);
  });
}

/** GET /pilots/project-details/{token}: what the scheduling page shows; 404 for a token never issued. */
export async function schedulingDetails(deps: Deps, token: string): Promise<SchedulingDetails> {
  const request = await repo.findRequestByHash(deps.database.db, sha256(token));
  if (!request) throw notFound('Scheduling request');
  const expired = request.expiresAt !== null && request.expiresAt.getTime() <= deps.now().getTime();
  // A used link is a leftover anyone may hold (a forwarded text, a shared phone): it says it was answered
  // and shows nothing more of the project.
  if (request.respondedAt) {
    return {
      project_name: null,
      closest_city: null,
      start_date: null,
      due_date: null,
      state: 'answered',
      accepted: request.accepted,
    };
  }
  return {
    project_name: request.projectName,
    closest_city: request.closestCity,
    start_date: request.startDate,
    due_date: request.dueDate,
    state: expired ? 'expired' : 'open',
    accepted: null,
  };
}

/**
 * PUT /pilots/scheduling-response: the pilot's answer from the link (public; the token is the permission).
 * Yes sets 2 Pilot Accepted, no 3 Pilot Rejected (a pilot already assigned stays 4 on yes). A link already
 * answered (400 used_token) or expired (400 expired_token) changes nothing; of two answers at once one wins.
 */
export async function answerScheduling(
  deps: Deps,
  caller: AnonymousCaller,
  body: { token: string; accept: boolean },
): Promise<SchedulingResponseAnswer> {
  const db = deps.database.db;
  const hash = sha256(body.token);
  const outcome = await withTransaction(db, async (tx) => {
    const at = deps.now();
    const taken = await repo.answerRequest(tx, hash, body.accept, at);
    if (!taken) return null;
    const row = await repo.lockProjectPilot(tx, taken.projectId, taken.userId);
    const status =
      row.assigned && body.accept
        ? PILOT_STATUS.pilotAssigned
        : body.accept
          ? PILOT_STATUS.pilotAccepted
          : PILOT_STATUS.pilotRejected;
    await repo.updateProjectPilot(tx, taken.projectId, taken.userId, { pilotSchedulingStatusId: status }, at);
    await writeAudit(tx, caller, {
      action: 'pilot.scheduling_response',
      objectType: 'project',
      objectId: taken.projectId,
      userId: taken.userId,
      details: { requestId: taken.id, accepted: body.accept },
    });
    return status;
  });
  if (outcome !== null) return { ok: true, success: true, pilot_scheduling_status_id: outcome };
  // Nothing was open: say why, without changing anything.
  const request = await repo.findRequestByHash(db, hash);
  if (!request) throw notFound('Scheduling request');
  if (request.respondedAt) throw badRequest(PILOT_MESSAGES.tokenUsed, 'used_token');
  throw badRequest(PILOT_MESSAGES.tokenExpired, 'expired_token');
}
