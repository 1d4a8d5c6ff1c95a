import { type MatrixRow, staffOnly, superAdminOnly } from '../matrix.ts';

/** Super admins and project managers (they open the Users page and the pilot form); others 403. */
const creators = (status: number) => ({ ...staffOnly(403), super_admin: status, project_manager: status });

let created = 0;
const userPayload = (email: string) => ({
  first_name: 'Matrix',
  last_name: 'Person',
  email,
  phone: '(303) 555-0199',
  start_date: '2026-03-02T12:00:00.000Z',
  role_id: 4,
  company_id: 1,
  status: 1,
  pilot: null,
  delete_pilot: false,
});

/**
 * Users administration: super admins manage users (create, save); super admins and project managers list
 * and look up emails; customers reach none of it. Each create uses a new email, so every caller's request
 * is valid on its own; the save re-applies the same values to the fixture's staff user.
 */
export const usersRows: Record<string, MatrixRow> = {
  'GET /api/v1/users': { request: () => ({ url: '/api/v1/users?search=matrix' }), expect: creators(200) },
  'POST /api/v1/users/': {
    request: () => ({
      url: '/api/v1/users/',
      payload: userPayload(`matrix-created-${process.pid}-${++created}@example.test`),
    }),
    expect: superAdminOnly(200),
  },
  'PUT /api/v1/users': {
    request: (fx) => ({
      url: '/api/v1/users',
      payload: { ...userPayload(`matrix-edited-${fx.crewUserId}@example.test`), id: fx.crewUserId },
    }),
    expect: superAdminOnly(200),
  },
  'GET /api/v1/users/byEmail/:email': {
    request: () => ({ url: '/api/v1/users/byEmail/admin%40example.test' }),
    expect: creators(200),
  },
  'GET /api/v1/users/emailInUse/:email': {
    request: () => ({ url: '/api/v1/users/emailInUse/admin%40example.test' }),
    expect: creators(200),
  },
  'GET /api/v1/pilots/attributes': {
    request: () => ({ url: '/api/v1/pilots/attributes' }),
    expect: staffOnly(200),
  },
};
