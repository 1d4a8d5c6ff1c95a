import { everyone, loggedIn, type MatrixRow, staffOnly, superAdminOnly } from '../matrix.ts';

/** Health, login and account routes, administration and signed file URLs. */
export const platformRows: Record<string, MatrixRow> = {
  'GET /api/v1/health': { request: () => ({ url: '/api/v1/health' }), expect: everyone(200) },
  'GET /api/v1/config': { request: () => ({ url: '/api/v1/config' }), expect: everyone(200) },
  'POST /api/v1/users/login': {
    request: () => ({
      url: '/api/v1/users/login',
      payload: { email: 'nobody@example.test', password: 'wrong' },
    }),
    expect: everyone(403),
  },
  'POST /api/v1/users/logout': { request: () => ({ url: '/api/v1/users/logout' }), expect: loggedIn(200) },
  'GET /api/v1/session': { request: () => ({ url: '/api/v1/session' }), expect: everyone(200) },
  'GET /api/v1/users/me': { request: () => ({ url: '/api/v1/users/me' }), expect: loggedIn(200) },
  'POST /api/v1/users/forgot-password': {
    request: () => ({ url: '/api/v1/users/forgot-password', payload: { email: 'nobody@example.test' } }),
    expect: everyone(200),
    noAuditBecause: 'no account has this address, so nothing is sent or stored',
  },
  'POST /api/v1/users/resend-reset-password': {
    request: () => ({ url: '/api/v1/users/resend-reset-password', payload: { userId: 999999 } }),
    expect: everyone(200),
    noAuditBecause: 'no such user, so nothing is sent or stored',
  },
  'POST /api/v1/users/reset-password': {
    request: () => ({
      url: '/api/v1/users/reset-password',
      payload: { userId: 1, token: 'not-a-token', password: 'long-enough-password' },
    }),
    expect: everyone(400),
  },
  'GET /api/v1/roles': { request: () => ({ url: '/api/v1/roles' }), expect: staffOnly(200) },
  'GET /api/v1/admin/outbox': {
    request: () => ({ url: '/api/v1/admin/outbox' }),
    expect: superAdminOnly(200),
  },
  'GET /api/v1/admin/audit': { request: () => ({ url: '/api/v1/admin/audit' }), expect: superAdminOnly(200) },
  // A job is its creator's (here customer_own's); anyone else but a super admin is told it does not exist.
  'GET /api/v1/jobs/:id': {
    request: (fx) => ({ url: `/api/v1/jobs/${fx.jobId}` }),
    expect: { ...loggedIn(404), super_admin: 200, customer_own: 200 },
    object: {},
  },
  'GET /api/v1/admin/jobs': { request: () => ({ url: '/api/v1/admin/jobs' }), expect: superAdminOnly(200) },
  'POST /api/v1/admin/jobs/:id/retry': {
    request: (fx) => ({ url: `/api/v1/admin/jobs/${fx.failedJobId}/retry` }),
    expect: superAdminOnly(200),
    object: {},
  },
  // Signed URLs: the signature is the permission, whoever presents it.
  'PUT /api/v1/files/*': {
    request: (fx) => ({
      url: fx.nextSignedPut(),
      payload: 'a,b\n1,2\n',
      headers: { 'content-type': 'text/csv' },
    }),
    expect: everyone(200),
  },
  'GET /api/v1/files/*': { request: (fx) => ({ url: fx.signedGet }), expect: everyone(200) },
  // Reading a stored file: only with the right to its project.
  'GET /api/v1/projects/:id/files/:fileId': {
    request: (fx) => ({ url: `/api/v1/projects/${fx.projectId}/files/${fx.sourceFileId}` }),
    expect: { ...loggedIn(302), customer_other: 404 },
    object: { none: loggedIn(404) },
  },
};
