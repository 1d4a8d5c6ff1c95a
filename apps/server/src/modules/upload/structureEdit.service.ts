import { LINE_MESSAGES, type ProjectLine, STRUCTURE_MESSAGES, type StructureBody } from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { rematchNearStructureJob } from './rematchNearStructure.job.ts';
import * as repo from './structureEdit.repository.ts';

const valuesOf = (body: StructureBody): repo.StructureValues => ({
  lineId: body.lineId,
  lat: body.lat,
  lon: body.lon,
  structNum: body.structNumName,
});

const duplicate = () => conflict(STRUCTURE_MESSAGES.duplicate, 'duplicate_structure');
const lineNotInCompany = () =>
  badRequest("The line is not a line of the project's customer company.", 'line_not_in_company');

/** Whether `err` (or its cause) is a unique violation of `constraint`. */
function violates(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint === constraint) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Adds a manual structure to the project on a line of its customer company (linked to the project if it was
 * not yet), with its inspections. 409 'Cannot create duplicate structures.' when the project has the line and
 * number already, also when an identical request won the race a moment before.
 */
export async function createStructure(
  db: Db,
  actor: Actor,
  projectId: number,
  body: StructureBody,
): Promise<number> {
  const v = valuesOf(body);
  return withTransaction(db, async (tx) => {
    const project = await requireProject(tx, actor, 'structure.edit', projectId);
    if (!(await repo.useCompanyLine(tx, project.company_id, projectId, v.lineId))) throw lineNotInCompany();
    const created = await repo.insertStructure(
      tx,
      projectId,
      project.inspection_type === '1',
      v,
      actor.userId,
    );
    if (!created) throw duplicate();
    // Unassigned photos near the new structure are matched again, as on upload.
    await enqueue(tx, rematchNearStructureJob, { projectId, structureId: created.id }, { actor });
    await writeAudit(tx, actor, {
      action: 'structure.create',
      objectType: 'structure',
      objectId: created.id,
      details: { projectId, ...v, inspections: created.inspections },
    });
    return created.id;
  });
}

/**
 * Saves a structure's line, number and position. When the position changes (the web says so with
 * latLonChanged; the server also compares), the distances of its photos are recomputed.
 */
export async function updateStructure(
  db: Db,
  actor: Actor,
  projectId: number,
  structureId: number,
  body: StructureBody,
  latLonChanged: boolean,
): Promise<number> {
  const v = valuesOf(body);
  try {
    return await withTransaction(db, async (tx) => {
      const project = await requireProject(tx, actor, 'structure.edit', projectId);
      const current = await repo.lockStructure(tx, projectId, structureId);
      if (!current) throw notFound('Structure');
      if (!(await repo.useCompanyLine(tx, project.company_id, projectId, v.lineId))) throw lineNotInCompany();
      if (await repo.duplicateExists(tx, projectId, structureId, v)) throw duplicate();
      await repo.updateStructure(tx, structureId, v);
      const moved = latLonChanged || current.lat !== v.lat || current.lon !== v.lon;
      const recomputed = moved ? await repo.recomputeDistances(tx, structureId) : 0;
      // Unassigned photos near its new place are matched again, as on upload.
      if (moved) await enqueue(tx, rematchNearStructureJob, { projectId, structureId }, { actor });
      await writeAudit(tx, actor, {
        action: 'structure.update',
        objectType: 'structure',
        objectId: structureId,
        details: {
          projectId,
          before: {
            lineId: current.line_id,
            structNum: current.struct_num,
            lat: current.lat,
            lon: current.lon,
          },
          after: v,
          recomputedImages: recomputed,
        },
      });
      return structureId;
    });
  } catch (err) {
    // Another save took the same line and number between our check and our update.
    if (violates(err, 'structures_project_line_num_unique')) throw duplicate();
    throw err;
  }
}

/** Removes a structure: its photos become unassigned (never deleted); its inspections and their annotations go. */
export async function removeStructure(
  db: Db,
  actor: Actor,
  projectId: number,
  structureId: number,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    await requireProject(tx, actor, 'structure.edit', projectId);
    const current = await repo.lockStructure(tx, projectId, structureId);
    if (!current) throw notFound('Structure');
    const undone = await repo.removeStructure(tx, structureId);
    await writeAudit(tx, actor, {
      action: 'structure.remove',
      objectType: 'structure',
      objectId: structureId,
      details: {
        projectId,
        lineId: current.line_id,
        structNum: current.struct_num,
        unassignedImages: undone.images,
        deletedAnnotations: undone.annotations,
        deletedInspections: undone.inspections,
      },
    });
  });
}

/**
 * A new line of the project's customer company, added to the project. 409 'Line already exists' when the
 * company has that name, compared case-insensitively (also when an identical request won a moment before).
 */
export async function createLine(
  db: Db,
  actor: Actor,
  projectId: number,
  lineName: string,
): Promise<ProjectLine> {
  return withTransaction(db, async (tx) => {
    const project = await requireProject(tx, actor, 'line.create', projectId);
    const line = await repo.insertLine(tx, project.company_id, lineName);
    if (!line) throw conflict(LINE_MESSAGES.exists, 'line_exists');
    await repo.useCompanyLine(tx, project.company_id, projectId, line.id);
    await writeAudit(tx, actor, {
      action: 'line.create',
      objectType: 'line',
      objectId: line.id,
      details: { projectId, companyId: project.company_id, lineName },
    });
    return line;
  });
}
