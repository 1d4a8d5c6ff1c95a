import type { InjectOptions } from 'fastify';
import type { App } from '../app.ts';

/** Who calls: nobody, each staff role, a customer of the object's company, a customer of another one. */
export const CALLERS = [
  'anonymous',
  'super_admin',
  'project_manager',
  'inspector',
  'user',
  'customer_own',
  'customer_other',
] as const;
export type Caller = (typeof CALLERS)[number];

/** Objects the matrix requests point at; they belong to the `customer_own` caller's company. */
export interface MatrixFixture {
  app: App;
  ownCompanyId: number;
  signedPut: string;
  signedGet: string;
}

export interface MatrixRow {
  /** Builds the request; `caller` lets a row target the caller's own objects (e.g. logout). */
  request: (fx: MatrixFixture) => Omit<InjectOptions, 'method'> & { url: string };
  expect: Record<Caller, number>;
}

const everyone = (status: number): Record<Caller, number> =>
  Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<Caller, number>;
const loggedIn = (status: number) => ({ ...everyone(status), anonymous: 401 });
const staffOnly = (status: number) => ({ ...loggedIn(status), customer_own: 403, customer_other: 403 });
const superAdminOnly = (status: number) => ({ ...staffOnly(403), super_admin: status });

/**
 * The expected status of every API route for every kind of caller. A route missing here fails the
 * test, so every new route states its rule twice: in its declaration and in this table.
 */
export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  'GET /api/v1/health': { request: () => ({ url: '/api/v1/health' }), expect: everyone(200) },
  'POST /api/v1/users/login': {
    request: () => ({
      url: '/api/v1/users/login',
      payload: { email: 'nobody@example.test', password: 'wrong' },
    }),
    expect: everyone(403),
  },
  'POST /api/v1/users/logout': { request: () => ({ url: '/api/v1/users/logout' }), expect: loggedIn(200) },
  'GET /api/v1/users/me': { request: () => ({ url: '/api/v1/users/me' }), expect: loggedIn(200) },
  'POST /api/v1/users/forgot-password': {
    request: () => ({ url: '/api/v1/users/forgot-password', payload: { email: 'nobody@example.test' } }),
    expect: everyone(200),
  },
  'POST /api/v1/users/resend-reset-password': {
    request: () => ({ url: '/api/v1/users/resend-reset-password', payload: { userId: 999999 } }),
    expect: everyone(200),
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
  // Signed URLs: the signature is the permission, whoever presents it.
  'PUT /api/v1/files/*': {
    request: (fx) => ({ url: fx.signedPut, payload: 'a,b\n1,2\n', headers: { 'content-type': 'text/csv' } }),
    expect: everyone(200),
  },
  'GET /api/v1/files/*': { request: (fx) => ({ url: fx.signedGet }), expect: everyone(200) },
};
