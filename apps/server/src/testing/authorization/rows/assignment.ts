import { type MatrixRow, staffOnly } from '../matrix.ts';

/** Super admins and project managers (the create permission); other staff 403, customers 403. */
const creators = (status: number) => ({ ...staffOnly(403), super_admin: status, project_manager: status });

/**
 * Crew assignment. The state-changing rows run once per caller against the same fixture, so each request
 * is valid on its own: adding crew groups twice stays under 10, adding/removing the same person is
 * idempotent, and the structure calls re-apply the fixture's own state (structure 1 in the crew, 3 not).
 */
export const assignmentRows: Record<string, MatrixRow> = {
  'GET /api/v1/assignment/:id': {
    request: (fx) => ({ url: `/api/v1/assignment/${fx.projectId}` }),
    // Customers have no assignment sub-page (spec 1 §6), even for their own projects.
    expect: staffOnly(200),
    object: {},
  },
  'POST /api/v1/assignment/addCrewGroup/:id': {
    request: (fx) => ({ url: `/api/v1/assignment/addCrewGroup/${fx.projectId}` }),
    expect: creators(200),
    object: {},
  },
  'POST /api/v1/assignment/deleteCrewGroup': {
    // A crew group that does not exist: deleting the fixture's would make the second creator's call a 404.
    request: () => ({ url: '/api/v1/assignment/deleteCrewGroup?crewGroupId=999999999' }),
    expect: creators(404),
  },
  'POST /api/v1/assignment/addCrewUser': {
    request: (fx) => ({
      url: `/api/v1/assignment/addCrewUser?userId=${fx.crewUserId}&crewGroupId=${fx.crewGroupId}`,
    }),
    expect: creators(200),
    object: {},
  },
  'POST /api/v1/assignment/removeCrewUser': {
    request: (fx) => ({
      url: `/api/v1/assignment/removeCrewUser?userId=${fx.crewUserId}&crewGroupId=${fx.crewGroupId}`,
    }),
    expect: creators(200),
    object: {},
  },
  'POST /api/v1/assignment/saveStructuresToCrewGroup': {
    request: (fx) => ({
      url: `/api/v1/assignment/saveStructuresToCrewGroup?crewGroupId=${fx.crewGroupId}&projectId=${fx.projectId}`,
      payload: [fx.structureIds[0]],
    }),
    expect: creators(200),
    object: {},
  },
  'POST /api/v1/assignment/unAssignStructuresFromCrewGroup': {
    request: (fx) => ({
      url: `/api/v1/assignment/unAssignStructuresFromCrewGroup?projectId=${fx.projectId}`,
      payload: [fx.structureIds[2]],
    }),
    expect: creators(200),
    object: {},
  },
};
