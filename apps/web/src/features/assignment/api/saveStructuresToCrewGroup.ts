import { endpoints, type StructureIdList } from '@linewalker/domain';
import { apiRequest } from '../../../lib/api.ts';

/** One batch (at most 10,000 ids) into a crew group (spec 1 §7 'Assign structures'). */
export const saveStructuresToCrewGroup = (projectId: number, crewGroupId: number, ids: StructureIdList) =>
  apiRequest(endpoints.assignment.saveStructures, { query: { crewGroupId, projectId }, body: ids });
