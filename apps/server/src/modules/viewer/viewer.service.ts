import {
  type Action,
  can,
  type InspectionImage,
  isStaff,
  projectSlug,
  type RequestReshootBody,
  type ReviewHistoryEntry,
  type ViewerInspection,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { seesQualityWork } from '../../platform/auth/policy.ts';
import { requireFound, requireImage } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { semToCondition } from '../inspections/conditionAnswers.ts';
import { inspectionRow } from '../inspections/inspections.service.ts';
import { reshootNotice } from './reshootNotice.ts';
import { describeReviewAction } from './reviewHistory.ts';
import * as repo from './viewer.repository.ts';

/** Unassigned photos closer than this to the structure are listed before completing (spec 2 §5). */
export const UNASSIGNED_NEARBY_METERS = 100;

/** The inspection as the viewer shows it, when the actor may perform `action` on it (see `requireFound`). */
const reviewInspection = async (db: Db, actor: Actor, action: Action, inspectionId: number, lock = false) =>
  requireFound(actor, action, 'Inspection', await repo.findReviewInspection(db, inspectionId, lock));

/** What the viewer shows of an inspection: the list's row, the project's kind, reshoot and escalation. */
export async function viewerInspection(
  db: Db,
  actor: Actor,
  inspectionId: number,
): Promise<ViewerInspection> {
  const inspection = await reviewInspection(db, actor, 'inspection.read', inspectionId);
  // Unassigned photos are the inspection company's quality work: a customer is not shown them (spec 2 §6).
  const [row, nearby] = await Promise.all([
    inspectionRow(db, actor, inspection.project_id, inspectionId),
    seesQualityWork(actor) ? repo.unassignedNearby(db, inspection, UNASSIGNED_NEARBY_METERS) : [],
  ]);
  const { sem_conditions, ...rest } = row!;
  return {
    inspection: { ...rest, condition: semToCondition(sem_conditions) },
    project_id: inspection.project_id,
    project_name: inspection.project_name,
    ptype_name: inspection.ptype_name,
    inspection_type: inspection.inspection_type,
    reshoot_reason: inspection.reshoot_reason,
    reshoot_requested_at: inspection.reshoot_requested_at,
    escalated_at: inspection.escalated_at,
    unassigned_nearby: nearby,
  };
}

/**
 * The photos of an inspection (its structure's), rejected ones included for staff; a customer gets the
 * accepted ones only (spec 2 §6). Notes only for staff.
 */
export async function imagesOfInspection(
  db: Db,
  actor: Actor,
  inspectionId: number,
  componentId: number | undefined,
): Promise<InspectionImage[]> {
  const inspection = await reviewInspection(db, actor, 'inspection.read', inspectionId);
  if (componentId !== undefined && componentId !== inspection.component_id) {
    throw badRequest('The component does not match this inspection.', 'component_mismatch');
  }
  const withNotes = actor.kind === 'system' || isStaff(actor);
  return repo.inspectionImages(db, inspection.structure_id, withNotes, !seesQualityWork(actor));
}

/**
 * Marks a photo viewed (or zoomed) the first time an inspecting user does so. Customers and users only look:
 * their calls answer 200 and change nothing, so the viewer can call it for everyone.
 */
export async function markImage(
  db: Db,
  actor: UserActor,
  imageId: number,
  what: 'viewed' | 'zoomed',
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const image = await requireImage(tx, actor, 'image.read', imageId);
    if (!can(actor, 'image.mark_viewed')) return false;
    const changed = await repo.markFirst(tx, imageId, what === 'viewed' ? 'first_viewed' : 'first_zoomed');
    if (changed) {
      await writeAudit(tx, actor, {
        action: what === 'viewed' ? 'image.viewed' : 'image.zoomed',
        objectType: 'image',
        objectId: imageId,
        details: { projectId: image.project_id },
      });
    }
    return changed;
  });
}

/**
 * Asks the flight crew to photograph the structure again (review_status 'Reshoot Requested'). Asking again
 * replaces the reason. A completed inspection cannot be sent back (409): its report stands.
 *
 * The crew's pilots are told (e-mail, and a text when they have a phone number) through the outbox in the same
 * transaction, each message delivered by its own `mail.deliver` job with the mail retries. Only a change is
 * told: asking again with the same reason (a double click, a retried request) sends nothing more.
 */
export async function requestReshoot(
  deps: Deps,
  actor: UserActor,
  inspectionId: number,
  body: RequestReshootBody,
): Promise<boolean> {
  return withTransaction(deps.database.db, async (tx) => {
    const inspection = await reviewInspection(tx, actor, 'inspection.reshoot', inspectionId, true);
    if (body.component != null && body.component !== inspection.component_id) {
      throw badRequest('The component does not match this inspection.', 'component_mismatch');
    }
    if (inspection.date_reviewed !== null) {
      throw conflict(
        'This inspection is complete: a reshoot can no longer be requested.',
        'inspection_completed',
      );
    }
    const changed =
      inspection.review_status !== 'Reshoot Requested' || inspection.reshoot_reason !== body.reason;
    await repo.requestReshoot(tx, inspectionId, body.reason, actor.userId);
    if (changed) await tellPilotsOfReshoot(deps, tx, inspection, body.reason);
    await writeAudit(tx, actor, {
      action: 'inspection.reshoot_request',
      objectType: 'inspection',
      objectId: inspectionId,
      details: { projectId: inspection.project_id, reason: body.reason, changed },
    });
    return changed;
  });
}

async function tellPilotsOfReshoot(deps: Deps, tx: Db, inspection: repo.ReviewInspectionRef, reason: string) {
  const link = `${deps.config.publicUrl}/projects/${encodeURIComponent(projectSlug(inspection.project_name))}/upload`;
  for (const pilot of await repo.reshootRecipients(tx, inspection.project_id, inspection.structure_id)) {
    const messages = reshootNotice({
      pilot,
      structure: inspection.struct_num,
      line: inspection.line_name,
      project: inspection.project_name,
      reason,
      link,
    });
    for (const message of messages) await deps.mailer.enqueue(tx, message);
  }
}

/** Withdraws a reshoot request: the inspection is pending again. Without one, 200 and nothing changes. */
export async function withdrawReshoot(db: Db, actor: UserActor, inspectionId: number): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const inspection = await reviewInspection(tx, actor, 'inspection.reshoot', inspectionId, true);
    const changed = await repo.withdrawReshoot(tx, inspectionId);
    await writeAudit(tx, actor, {
      action: 'inspection.reshoot_withdraw',
      objectType: 'inspection',
      objectId: inspectionId,
      details: { projectId: inspection.project_id, changed },
    });
    return changed;
  });
}

/**
 * Escalates an inspection: records when and by whom (the first time) and e-mails every active super admin
 * and project manager a link to it. Escalating again repeats the e-mail (someone is still waiting).
 */
export async function escalateInspection(
  deps: Deps,
  actor: UserActor,
  inspectionId: number,
): Promise<boolean> {
  return withTransaction(deps.database.db, async (tx) => {
    const inspection = await reviewInspection(tx, actor, 'inspection.escalate', inspectionId, true);
    const first = await repo.escalate(tx, inspectionId, actor.userId);
    const link = `${deps.config.publicUrl}/projects/${encodeURIComponent(projectSlug(inspection.project_name))}/inspect?inspectionId=${inspectionId}`;
    const by = (await repo.userName(tx, actor.userId)) ?? 'A reviewer';
    for (const { email } of await repo.escalationRecipients(tx)) {
      await deps.mailer.enqueue(tx, {
        channel: 'email',
        to: email,
        subject: `Inspection escalated: ${inspection.struct_num} (${inspection.line_name})`,
        body:
          `${by} escalated the inspection of structure ${inspection.struct_num} ` +
          `on line ${inspection.line_name} in project ${inspection.project_name}.\n\nOpen it: ${link}\n`,
      });
    }
    await writeAudit(tx, actor, {
      action: 'inspection.escalate',
      objectType: 'inspection',
      objectId: inspectionId,
      details: { projectId: inspection.project_id, first },
    });
    return first;
  });
}

/** The inspection's review history (staff only), newest first. */
export async function reviewHistory(
  db: Db,
  actor: Actor,
  inspectionId: number,
): Promise<ReviewHistoryEntry[]> {
  const inspection = await reviewInspection(db, actor, 'inspection.history', inspectionId);
  const rows = await repo.reviewHistory(db, inspection);
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    action: r.action,
    user_name: r.user_name,
    image_name: r.image_name,
    detail: describeReviewAction(r.action, r.details),
  }));
}
