import type { AssignmentModel } from './assignmentModel.ts';

/** What an assign or unassign of a selection will send, and what its confirmation must say. */
export interface SelectionPlan {
  /** Structure ids to send: the ones whose crew actually changes. */
  ids: number[];
  /** Assign: selected structures in another crew group (the 'Already Assigned' count). Unassign: the assigned ones. */
  alreadyAssigned: number;
}

/**
 * Assigning to crew group X sends the selected structures not already in X and counts those in another
 * crew group for 'Already Assigned'. Unassigning sends only structures that have a crew group.
 */
export function planSelection(
  model: AssignmentModel,
  selected: Uint32Array,
  crewGroupId: number | null,
): SelectionPlan {
  const ids: number[] = [];
  let alreadyAssigned = 0;
  const { structure_id: structureIds, crew_group_id: crewGroupIds } = model.columns;
  for (const i of selected) {
    const current = crewGroupIds[i]!;
    if (crewGroupId === null) {
      if (current !== null) {
        ids.push(structureIds[i]!);
        alreadyAssigned++;
      }
    } else if (current !== crewGroupId) {
      ids.push(structureIds[i]!);
      if (current !== null) alreadyAssigned++;
    }
  }
  return { ids, alreadyAssigned };
}
