import { endpoints, type StructureIdList } from '@linewalker/domain';
import { apiRequest } from '../../../lib/api.ts';

/** One batch (at most 10,000 ids) out of their crew groups (spec 1 §7 'Unassign structures'). */
export const unAssignStructuresFromCrewGroup = (projectId: number, ids: StructureIdList) =>
  apiRequest(endpoints.assignment.unassignStructures, { query: { projectId }, body: ids });
