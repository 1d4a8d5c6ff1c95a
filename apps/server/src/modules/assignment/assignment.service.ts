import { type AssignmentData, CREW_COLORS, type CrewGroup, MAX_CREW_GROUPS } from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { requireFound, requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import * as repo from './assignment.repository.ts';

/** Crew groups, structures (as columns) and free personnel of a project; the reads run side by side. */
export async function assignmentData(db: Db, actor: Actor, projectId: number): Promise<AssignmentData> {
  await requireProject(db, actor, 'assignment.read', projectId);
  const [crew, { lines, structures }, availableUsers] = await Promise.all([
    repo.crewGroupsOf(db, projectId),
    repo.assignmentStructures(db, projectId),
    repo.availableUsers(db, projectId),
  ]);
  return { crew, lines, structures, availableUsers };
}

/** Adds the crew group with the lowest free number 1..10 and that number's colour. */
export async function addCrewGroup(db: Db, actor: Actor, projectId: number): Promise<CrewGroup> {
  return withTransaction(db, async (tx) => {
    await requireProject(tx, actor, 'assignment.edit', projectId, { lock: true });
    const used = new Set(await repo.usedCrewNumbers(tx, projectId));
    const crewNumber = Array.from({ length: MAX_CREW_GROUPS }, (_, i) => i + 1).find((n) => !used.has(n));
    if (crewNumber === undefined) {
      throw conflict(`A project can have at most ${MAX_CREW_GROUPS} crew groups.`, 'crew_group_limit');
    }
    const color = CREW_COLORS[crewNumber - 1]!;
    const id = await repo.insertCrewGroup(tx, projectId, crewNumber, color);
    await writeAudit(tx, actor, {
      action: 'crew_group.create',
      objectType: 'crew_group',
      objectId: id,
      details: { projectId, crewNumber, color },
    });
    return {
      crew_group_id: id,
      crew_number: crewNumber,
      color,
      crew_users: [],
      structure_count: 0,
      structures_acquired_count: 0,
    };
  });
}

export async function deleteCrewGroup(
  db: Db,
  actor: Actor,
  crewGroupId: number,
): Promise<{ unassigned: number; removed: number }> {
  return withTransaction(db, async (tx) => {
    const crew = requireFound(
      actor,
      'assignment.edit',
      'Crew group',
      await repo.findCrewGroup(tx, crewGroupId, 'update'),
    );
    await repo.lockProject(tx, crew.project_id);
    const result = await repo.deleteCrewGroup(tx, crewGroupId);
    await writeAudit(tx, actor, {
      action: 'crew_group.delete',
      objectType: 'crew_group',
      objectId: crewGroupId,
      details: {
        projectId: crew.project_id,
        crewNumber: crew.crew_number,
        unassignedStructures: result.unassigned,
        removedUsers: result.removed,
      },
    });
    return result;
  });
}

/**
 * Puts a crew candidate (an active pilot or field staff member) into a crew group. A user belongs to at most one crew of a project;
 * adding them again to the same crew changes nothing and still answers 200.
 */
export async function addCrewUser(
  db: Db,
  actor: Actor,
  crewGroupId: number,
  userId: number,
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const crew = requireFound(
      actor,
      'assignment.edit',
      'Crew group',
      await repo.findCrewGroup(tx, crewGroupId),
    );
    // The lock makes "not yet in another crew of this project" hold until the insert commits.
    await repo.lockProject(tx, crew.project_id);
    if (!(await repo.isCrewCandidate(tx, userId))) {
      throw badRequest(
        'Only active pilots and field staff (inspectors and users) can be added to a crew.',
        'not_active_staff',
      );
    }
    const current = await repo.crewOfUser(tx, crew.project_id, userId);
    if (current && current.id !== crewGroupId) {
      throw conflict(
        `This user is already in crew ${current.crew_number} of this project; remove them there first.`,
        'user_in_other_crew',
      );
    }
    const changed = !current;
    if (changed) await repo.addCrewMember(tx, crewGroupId, userId);
    await writeAudit(tx, actor, {
      action: 'crew_group.add_user',
      objectType: 'crew_group',
      objectId: crewGroupId,
      details: { projectId: crew.project_id, userId, changed },
    });
    return changed;
  });
}

/** Takes a user out of a crew group; removing someone who is not in it changes nothing and answers 200. */
export async function removeCrewUser(
  db: Db,
  actor: Actor,
  crewGroupId: number,
  userId: number,
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const crew = requireFound(
      actor,
      'assignment.edit',
      'Crew group',
      await repo.findCrewGroup(tx, crewGroupId),
    );
    const changed = await repo.removeCrewMember(tx, crewGroupId, userId);
    await writeAudit(tx, actor, {
      action: 'crew_group.remove_user',
      objectType: 'crew_group',
      objectId: crewGroupId,
      details: { projectId: crew.project_id, userId, changed },
    });
    return changed;
  });
}

/**
 * Assigns (crewGroupId set) or unassigns (null) structures of a project in one statement. Every id must
 * be a structure of the project: otherwise the transaction is rolled back and nothing changes.
 */
export async function setStructuresCrew(
  db: Db,
  actor: Actor,
  projectId: number,
  crewGroupId: number | null,
  structureIds: readonly number[],
): Promise<number> {
  // Sorted: the rows are locked in this one order by every request (see repo.setStructuresCrew).
  const ids = [...new Set(structureIds)].sort((a, b) => a - b);
  return withTransaction(db, async (tx) => {
    if (crewGroupId !== null) {
      const crew = requireFound(
        actor,
        'assignment.edit',
        'Crew group',
        await repo.findCrewGroup(tx, crewGroupId),
      );
      if (crew.project_id !== projectId) {
        throw badRequest('The crew group does not belong to this project.', 'crew_group_not_in_project');
      }
    } else {
      await requireProject(tx, actor, 'assignment.edit', projectId);
    }
    const updated = ids.length === 0 ? 0 : await repo.setStructuresCrew(tx, projectId, crewGroupId, ids);
    if (updated !== ids.length) {
      const missing = ids.length - updated;
      // Throwing rolls the update back.
      throw badRequest(
        `${missing} of the ${ids.length} structures do not belong to this project; nothing was changed.`,
        'structures_not_in_project',
        { notInProject: missing },
      );
    }
    await writeAudit(tx, actor, {
      action: crewGroupId === null ? 'structures.unassign' : 'structures.assign',
      objectType: 'project',
      objectId: projectId,
      details: { count: updated, crewGroupId },
    });
    return updated;
  });
}
