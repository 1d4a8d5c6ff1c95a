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
  for (const i of selected) {
    const s = model.structures[i]!;
    if (crewGroupId === null) {
      if (s.crew_group_id !== null) {
        ids.push(s.structure_id);
        alreadyAssigned++;
      }
    } else if (s.crew_group_id !== crewGroupId) {
      ids.push(s.structure_id);
      if (s.crew_group_id !== null) alreadyAssigned++;
    }
  }
  return { ids, alreadyAssigned };
}
