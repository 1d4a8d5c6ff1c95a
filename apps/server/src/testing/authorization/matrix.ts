import type { InjectOptions } from 'fastify';
import type { App } from '../../platform/http/app.types.ts';
import type { AiMatrixFixture } from './aiFixture.ts';
import type { OrdersMatrixFixture } from './ordersFixture.ts';

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

/**
 * Objects the matrix requests point at. The `own` set belongs to the `customer_own` caller's company,
 * the `other` set to the `customer_other` caller's, and the `none` set names objects that do not exist.
 */
export interface MatrixFixture {
  app: App;
  companyId: number;
  projectName: string;
  /** A project of the own company with one line, three structures (the first in the crew group) and their inspections. */
  projectId: number;
  lineId: number;
  crewGroupId: number;
  /** An active staff user (role user) of the operating company in no crew, for the crew personnel routes. */
  crewUserId: number;
  structureIds: number[];
  /** The asset of the first structure (its Asset Health history). */
  assetId: number;
  inspectionIds: number[];
  /** A photo of the project whose original is stored (not processed: it has no thumbnail yet). */
  imageId: number;
  /** The storage key of an uploaded CSV (as getFields and project imports take it). */
  existingUpload: string;
  /** A fresh signed PUT URL of a registered upload at each call (an upload may be PUT once). */
  nextSignedPut: () => string;
  signedGet: string;
  /** A source file of the project (a kmzs entry) whose stored file exists. */
  sourceFileId: number;
  /** A finished job started by the `customer_own` caller, and a failed system job (for retry). */
  jobId: number;
  failedJobId: number;
  /** Two photos of the project: the first on the first structure, the second unassigned. */
  imageIds: number[];
  /** A structure of the project that no other row uses, for removal. */
  spareStructureId: number;
  /** A built delivery package of the project (its ZIP stored). */
  deliveryPackageId: number;
  /** A built project risk report of the project (its PDF stored). */
  projectReportId: number;
  /** A fresh annotation (on the first photo) at each call, for deletion. */
  nextAnnotationId: () => number;
  /** A flight plan of the project (with a two-point path). */
  flightPlanId: number;
  /** A simulated drone of the company (nobody holds its control lease at first). */
  droneId: number;
  /** A photo of a component-level (inspection_type '1') project of the company, with step-clip angles. */
  stepClipImageId: number;
  /** An ABB project (the arm/flange workflows) with one structure, its inspection and one photo on it. */
  ett: { projectId: number; inspectionId: number; imageId: number };
  /** AI models are the operating company's, not a customer's: one set per target, never a missing one. */
  ai: AiMatrixFixture;
  /** Order tracking: an order of the company and assets to order for. */
  orders: OrdersMatrixFixture;
}

/** Which set of objects a request points at (see MatrixFixture). */
export const TARGETS = ['own', 'other', 'none'] as const;
export type Target = (typeof TARGETS)[number];

export interface MatrixRow {
  /** Builds the request; `caller` lets a row target the caller's own objects (e.g. logout). */
  request: (fx: MatrixFixture) => Omit<InjectOptions, 'method'> & { url: string };
  expect: Record<Caller, number>;
  /**
   * State-changing routes (POST/PUT/PATCH/DELETE) must write an audit record whenever they answer 2xx.
   * Set to a reason string only where a 2xx changes nothing in the database.
   */
  noAuditBecause?: string;
  /**
   * The request names an object of a company (a project, crew group, inspection, company…): the row is
   * also run against another company's objects and against objects that do not exist. Their expectations
   * follow from `expect` (see `expectedFor`); give one here only where they differ.
   */
  object?: { other?: Record<Caller, number>; none?: Record<Caller, number> };
}

const isVisibleAnswer = (status: number) => (status >= 200 && status < 300) || status === 404;

/**
 * What each caller gets for a target. Another company's objects: staff as for their own company's, the
 * two customers trade places (each is the outsider of the other's company). Objects that do not exist:
 * 404 for whoever would have seen an answer, the same refusal (401, 403) for the rest.
 */
export function expectedFor(row: MatrixRow, target: Target): Record<Caller, number> {
  const own = row.expect;
  if (target === 'own') return own;
  if (target === 'other') {
    return (
      row.object?.other ?? { ...own, customer_own: own.customer_other, customer_other: own.customer_own }
    );
  }
  return (
    row.object?.none ??
    (Object.fromEntries(CALLERS.map((c) => [c, isVisibleAnswer(own[c]) ? 404 : own[c]])) as Record<
      Caller,
      number
    >)
  );
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
/** Users who can inspect: staff below role 4 (super admin, project manager, inspector). */
export const inspectorsOnly = (status: number) => ({ ...staffOnly(status), user: 403 });
