import { everyone, type MatrixRow, staffOnly } from '../matrix.ts';

/** Super admins and project managers (who schedule pilots); other staff 403, customers 403. */
const creators = (status: number) => ({ ...staffOnly(403), super_admin: status, project_manager: status });

let created = 0;
/** A token no link ever carried: the public scheduling routes answer 404 to everyone. */
const UNKNOWN_TOKEN = 'matrix-unknown-token-0000000000000000000000';

/**
 * Pilots: the directory and the project's Pilots tab are for super admins and project managers; customers
 * reach none of it. The scheduling calls name the fixture's staff user, who is not a pilot (400 after the
 * project was found and the caller allowed; 404 for a project that does not exist). The scheduling link's
 * two routes are public: the token is the permission.
 */
export const pilotsRows: Record<string, MatrixRow> = {
  'GET /api/v1/pilots': { request: () => ({ url: '/api/v1/pilots' }), expect: creators(200) },
  'POST /api/v1/pilots': {
    request: () => ({
      url: '/api/v1/pilots',
      payload: {
        first_name: 'Matrix',
        last_name: 'Pilot',
        email: `matrix-pilot-${process.pid}-${++created}@example.test`,
        phone: '(303) 555-0188',
        availability: 'available',
        license_expiration: '2027-03-02T12:00:00.000Z',
        home_base: 'Denver, CO',
      },
    }),
    expect: creators(200),
  },
  'GET /api/v1/pilots/project/:id': {
    request: (fx) => ({ url: `/api/v1/pilots/project/${fx.projectId}` }),
    expect: creators(200),
    object: {},
  },
  'PUT /api/v1/pilots/assign': {
    request: (fx) => ({
      url: '/api/v1/pilots/assign',
      payload: { project_id: fx.projectId, user_id: fx.crewUserId, pilot_note: '' },
    }),
    expect: creators(400),
    object: { none: creators(404) },
  },
  'PUT /api/v1/pilots/unassign': {
    request: (fx) => ({
      url: '/api/v1/pilots/unassign',
      payload: { project_id: fx.projectId, user_id: fx.crewUserId, pilot_note: '' },
    }),
    expect: creators(200),
    object: {},
  },
  'POST /api/v1/pilots/checkAvailability': {
    request: (fx) => ({
      url: '/api/v1/pilots/checkAvailability',
      payload: { project_id: fx.projectId, user_id: fx.crewUserId, pilot_note: '' },
    }),
    expect: creators(400),
    object: { none: creators(404) },
  },
  'GET /api/v1/pilots/project-details/:id': {
    request: () => ({ url: `/api/v1/pilots/project-details/${UNKNOWN_TOKEN}` }),
    expect: everyone(404),
  },
  'PUT /api/v1/pilots/scheduling-response': {
    request: () => ({
      url: '/api/v1/pilots/scheduling-response',
      payload: { token: UNKNOWN_TOKEN, accept: true },
    }),
    expect: everyone(404),
  },
};
