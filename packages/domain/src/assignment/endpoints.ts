import {
  AddCrewGroupResponse,
  AssignmentData,
  AssignStructuresResponse,
  CrewGroupQuery,
  CrewUserQuery,
  CrewUserResponse,
  DeleteCrewGroupResponse,
  parseAssignmentData,
  SaveStructuresQuery,
  StructureIdList,
  UnassignStructuresQuery,
} from '../api/assignment.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** Crew assignment (spec 1 §2, §7): the project's crews and structures, crew groups, personnel, structures. */
export const assignmentEndpoints = {
  data: defineEndpoint({
    method: 'GET',
    path: '/assignment/:id',
    params: IdParam,
    response: AssignmentData,
    // 50,000 structures: the columns are checked by loops, not value by value.
    parse: parseAssignmentData,
  }),
  addCrewGroup: defineEndpoint({
    method: 'POST',
    path: '/assignment/addCrewGroup/:id',
    params: IdParam,
    response: AddCrewGroupResponse,
  }),
  deleteCrewGroup: defineEndpoint({
    method: 'POST',
    path: '/assignment/deleteCrewGroup',
    query: CrewGroupQuery,
    response: DeleteCrewGroupResponse,
  }),
  addCrewUser: defineEndpoint({
    method: 'POST',
    path: '/assignment/addCrewUser',
    query: CrewUserQuery,
    response: CrewUserResponse,
  }),
  removeCrewUser: defineEndpoint({
    method: 'POST',
    path: '/assignment/removeCrewUser',
    query: CrewUserQuery,
    response: CrewUserResponse,
  }),
  saveStructures: defineEndpoint({
    method: 'POST',
    path: '/assignment/saveStructuresToCrewGroup',
    query: SaveStructuresQuery,
    body: StructureIdList,
    response: AssignStructuresResponse,
  }),
  unassignStructures: defineEndpoint({
    method: 'POST',
    path: '/assignment/unAssignStructuresFromCrewGroup',
    query: UnassignStructuresQuery,
    body: StructureIdList,
    response: AssignStructuresResponse,
  }),
};
