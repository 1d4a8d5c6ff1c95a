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
  /** A project of the own company with one line, three structures (the first in the crew group) and their inspections. */
  projectId: number;
  lineId: number;
  crewGroupId: number;
  /** An active staff user (role user) of the operating company in no crew, for the crew personnel routes. */
  crewUserId: number;
  structureIds: number[];
  inspectionIds: number[];
  signedPut: string;
  signedGet: string;
  /** A finished job started by the `customer_own` caller, and a failed system job (for retry). */
  jobId: number;
  failedJobId: number;
}

export interface MatrixRow {
  /** Builds the request; `caller` lets a row target the caller's own objects (e.g. logout). */
  request: (fx: MatrixFixture) => Omit<InjectOptions, 'method'> & { url: string };
  expect: Record<Caller, number>;
  /**
   * State-changing routes (POST/PUT/PATCH/DELETE) must write an audit record whenever they answer 2xx.
   * Set to a reason string only where a 2xx changes nothing in the database.
   */
  noAuditBecause?: string;
}

export const everyone = (status: number): Record<Caller, number> =>
  Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<Caller, number>;
export const loggedIn = (status: number) => ({ ...everyone(status), anonymous: 401 });
export const staffOnly = (status: number) => ({
  ...loggedIn(status),
  customer_own: 403,
  customer_other: 403,
});
export const superAdminOnly = (status: number) => ({ ...staffOnly(403), super_admin: status });
