import { randomUUID } from 'node:crypto';
import {
  FLIGHT_PLAN_MAX_BYTES,
  FLIGHT_PLAN_MESSAGE,
  type FlightPlanDetail,
  type FlightPlanSummary,
  type FlightPlanToken,
  type FlightPlanTokenQuery,
  type FlightPlanUploadedBody,
  flightPlanCoverage,
  flightPlanExtension,
  parseFlightPlan,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { requireFound, requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { findArrivedUpload, registerSignedUpload } from '../sourceFiles/sourceFiles.service.ts';
import * as repo from './flightPlans.repository.ts';

/** Plans are JSON whichever their extension; the signed PUT is bound to this type. */
export const FLIGHT_PLAN_CONTENT_TYPE = 'application/json';
const keyPrefix = (projectId: number) => `flight-plans/${projectId}/`;

const unsupported = () => badRequest(FLIGHT_PLAN_MESSAGE, 'unsupported_file');

/** `GET /wibotic/flightplan/uploadToken`: a signed PUT for one plan of the project. */
export async function flightPlanUploadToken(
  deps: Deps,
  actor: UserActor,
  query: FlightPlanTokenQuery,
): Promise<FlightPlanToken> {
  await requireProject(deps.database.db, actor, 'flightPlan.upload', query.projectId);
  const key = `${keyPrefix(query.projectId)}${randomUUID()}.${query.extension}`;
  const { signedUrl } = await registerSignedUpload(deps, actor, {
    key,
    kind: 'flight_plan',
    contentType: FLIGHT_PLAN_CONTENT_TYPE,
  });
  return { signedTokenUrl: signedUrl, imageUrl: key, contentType: FLIGHT_PLAN_CONTENT_TYPE };
}

async function readText(deps: Deps, key: string): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of (await deps.storage.read(key)) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FLIGHT_PLAN_MAX_BYTES) return null;
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const toSummary = (row: repo.FlightPlanRow): FlightPlanSummary => ({
  flight_plan_id: row.flight_plan_id,
  box_id: row.box_id,
  filename: row.filename,
  created_date: row.created_date,
  flight_started_date: row.flight_started_date,
  format: row.format,
  waypoint_count: row.waypoint_count,
  uploaded_by_name: row.uploaded_by_name,
});

/**
 * `POST /wibotic/flightplan/uploaded`: the plan the caller PUT to their signed URL becomes the project's. The
 * file name must end in .plan or .json and the stored bytes must read as a QGroundControl plan or a JSON
 * mission with at least one position; otherwise the stored file is deleted and nothing is written. Reporting
 * the same upload twice (or twice at once) answers the one plan.
 */
export async function flightPlanUploaded(
  deps: Deps,
  actor: UserActor,
  projectId: number,
  boxId: string,
  body: FlightPlanUploadedBody,
): Promise<FlightPlanSummary> {
  const db = deps.database.db;
  await requireProject(db, actor, 'flightPlan.upload', projectId);
  // Only the signer's own flight-plan upload for this project counts: any other key is unknown here.
  if (!body.url.startsWith(keyPrefix(projectId))) throw notFound('File');
  const upload = await findArrivedUpload(db, deps, body.url, actor.userId);
  if (upload?.kind !== 'flight_plan') throw notFound('File');

  const existing = await repo.planIdByKey(db, upload.storageKey);
  if (existing !== null) return toSummary((await repo.planById(db, existing))!);

  const text = flightPlanExtension(body.filename) ? await readText(deps, upload.storageKey) : null;
  const plan = text === null ? null : parseFlightPlan(text);
  if (!plan) {
    await deps.storage.delete(upload.storageKey);
    throw unsupported();
  }
  const id = await db.transaction(async (tx) => {
    const inserted = await repo.insertPlan(tx, {
      projectId,
      boxId,
      storageKey: upload.storageKey,
      filename: body.filename,
      uploadedBy: actor.userId,
      format: plan.format,
      waypoints: plan.waypoints,
    });
    if (inserted === null) return null;
    await writeAudit(tx, actor, {
      action: 'flight_plan.upload',
      objectType: 'flight_plan',
      objectId: inserted,
      details: { projectId, boxId, filename: body.filename, waypoints: plan.waypoints.length },
    });
    return inserted;
  });
  // A parallel report of the same upload won the insert: answer its plan.
  const planId = id ?? (await repo.planIdByKey(db, upload.storageKey));
  return toSummary((await repo.planById(db, planId!))!);
}

/** `GET /wibotic/flightplan?projectId`: the status panel's list. */
export async function listFlightPlans(db: Db, actor: Actor, projectId: number): Promise<FlightPlanSummary[]> {
  await requireProject(db, actor, 'flightPlan.read', projectId);
  return (await repo.projectPlans(db, projectId)).map(toSummary);
}

/** `GET /wibotic/flightplan/{id}`: the plan's path and the structures it does not come near. */
export async function flightPlanDetail(deps: Deps, actor: Actor, id: number): Promise<FlightPlanDetail> {
  const db = deps.database.db;
  const plan = requireFound(actor, 'flightPlan.read', 'Flight plan', await repo.planById(db, id));
  const structures = await repo.projectStructurePoints(db, plan.project_id);
  const radius = deps.config.flightPlanCoverageMeters;
  const coverage = flightPlanCoverage(structures, plan.waypoints, radius);
  return {
    ...toSummary(plan),
    waypoints: plan.waypoints,
    coverage_metres: radius,
    structure_count: structures.length,
    uncovered_count: coverage.uncoveredCount,
    uncovered: coverage.uncovered.map((s) => ({ ...s, metres: Math.round(s.metres * 10) / 10 })),
  };
}
