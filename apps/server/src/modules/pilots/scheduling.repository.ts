import { PILOT_STATUS } from '@linewalker/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';
import {
  pilotSchedulingStatuses,
  projectPilots,
  projects,
  schedulingRequests,
} from '../../platform/db/schema/index.ts';

/** What the Pilots tab and the scheduling page need of a project. */
export async function findProject(db: Db, id: number) {
  const [row] = await db
    .select({
      id: projects.id,
      companyId: projects.companyId,
      projectName: projects.projectName,
      closestCity: projects.closestCity,
      startDate: projects.startDate,
      dueDate: projects.dueDate,
      archivedDate: projects.archivedDate,
      timeZone: projects.timeZone,
    })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  return row ?? null;
}

export const ProjectPilotState = z.object({
  user_id: z.number(),
  assigned: z.boolean(),
  pilot_note: z.string().nullable(),
  pilot_scheduling_status_id: z.number(),
  status_text: z.string(),
  status_text_friendly: z.string(),
  request_sent_at: z.string().nullable(),
  responded_at: z.string().nullable(),
});
export type ProjectPilotState = z.infer<typeof ProjectPilotState>;

/** The scheduling state of every pilot on the project's list, with their latest availability request. */
export async function projectPilotStates(db: Db, projectId: number): Promise<ProjectPilotState[]> {
  return queryRows(
    db,
    sql`select pp.user_id, pp.assigned, pp.pilot_note, pp.pilot_scheduling_status_id,
        s.status_text, s.status_text_friendly,
        to_char(r.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as request_sent_at,
        to_char(r.responded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as responded_at
      from project_pilots pp
      join pilot_scheduling_statuses s on s.id = pp.pilot_scheduling_status_id
      left join lateral (
        select sent_at, responded_at from scheduling_requests sr
        where sr.project_id = pp.project_id and sr.user_id = pp.user_id
        order by sr.sent_at desc, sr.id desc limit 1
      ) r on true
      where pp.project_id = ${projectId}`,
    ProjectPilotState,
  );
}

export async function statusTexts(db: Db) {
  return db.select().from(pilotSchedulingStatuses);
}

/**
 * The pilot's row on the project, created (status 0) when missing, and locked for this transaction: two
 * requests about the same pilot and project run one after the other, the second seeing the first's result.
 */
export async function lockProjectPilot(tx: Db, projectId: number, userId: number) {
  await tx.insert(projectPilots).values({ projectId, userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(projectPilots)
    .where(and(eq(projectPilots.projectId, projectId), eq(projectPilots.userId, userId)))
    .for('update');
  return row!;
}

/** The pilot's row on the project, locked, or null when the pilot was never on its list. */
export async function lockExistingProjectPilot(tx: Db, projectId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(projectPilots)
    .where(and(eq(projectPilots.projectId, projectId), eq(projectPilots.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function updateProjectPilot(
  tx: Db,
  projectId: number,
  userId: number,
  values: { assigned?: boolean; pilotSchedulingStatusId?: number; pilotNote?: string | null },
  at: Date,
): Promise<void> {
  await tx
    .update(projectPilots)
    .set({ ...values, updatedAt: at })
    .where(and(eq(projectPilots.projectId, projectId), eq(projectPilots.userId, userId)));
}

/** The latest availability request to this pilot about this project. */
export async function latestRequest(tx: Db, projectId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(schedulingRequests)
    .where(and(eq(schedulingRequests.projectId, projectId), eq(schedulingRequests.userId, userId)))
    .orderBy(desc(schedulingRequests.sentAt), desc(schedulingRequests.id))
    .limit(1);
  return row ?? null;
}

/** The status a pilot who is not (or no longer) assigned has, from their latest request. */
export function statusFromRequest(request: Awaited<ReturnType<typeof latestRequest>>): number {
  if (!request) return PILOT_STATUS.noRequestsSent;
  if (request.deliveryFailedAt) return PILOT_STATUS.errorMessagingPilot;
  if (request.respondedAt) return request.accepted ? PILOT_STATUS.pilotAccepted : PILOT_STATUS.pilotRejected;
  return PILOT_STATUS.waitingPilotResponse;
}

export async function insertRequest(
  tx: Db,
  values: { projectId: number; userId: number; tokenHash: string; sentAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await tx.insert(schedulingRequests).values(values).returning({ id: schedulingRequests.id });
  return row!.id;
}

/** A request by the hash of its link's token, with its project. */
export async function findRequestByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: schedulingRequests.id,
      projectId: schedulingRequests.projectId,
      userId: schedulingRequests.userId,
      expiresAt: schedulingRequests.expiresAt,
      respondedAt: schedulingRequests.respondedAt,
      accepted: schedulingRequests.accepted,
      projectName: projects.projectName,
      closestCity: projects.closestCity,
      startDate: projects.startDate,
      dueDate: projects.dueDate,
    })
    .from(schedulingRequests)
    .innerJoin(projects, eq(projects.id, schedulingRequests.projectId))
    .where(eq(schedulingRequests.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * Records the answer when the request is still open (not answered, not expired) in one statement, so of two
 * answers sent at once exactly one is taken. Returns the request, or null when nothing was open.
 */
export async function answerRequest(tx: Db, tokenHash: string, accepted: boolean, at: Date) {
  const [row] = await tx
    .update(schedulingRequests)
    .set({ respondedAt: at, accepted })
    .where(
      and(
        eq(schedulingRequests.tokenHash, tokenHash),
        isNull(schedulingRequests.respondedAt),
        sql`${schedulingRequests.expiresAt} > ${at.toISOString()}`,
      ),
    )
    .returning({
      id: schedulingRequests.id,
      projectId: schedulingRequests.projectId,
      userId: schedulingRequests.userId,
    });
  return row ?? null;
}

/** Marks an unanswered request as undeliverable; returns its project and pilot when it was marked now. */
export async function markDeliveryFailed(tx: Db, requestId: number, at: Date) {
  const [row] = await tx
    .update(schedulingRequests)
    .set({ deliveryFailedAt: at })
    .where(
      and(
        eq(schedulingRequests.id, requestId),
        isNull(schedulingRequests.respondedAt),
        isNull(schedulingRequests.deliveryFailedAt),
      ),
    )
    .returning({ projectId: schedulingRequests.projectId, userId: schedulingRequests.userId });
  return row ?? null;
}
