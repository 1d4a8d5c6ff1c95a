import { canCreate, canInspect, isStaff, isSuperAdmin, type Principal } from './roles.ts';

/**
 * What a caller may do, in one place: the server enforces it on every object it loads, the web asks the
 * same rules to hide what the server would refuse. Pure: no I/O.
 */
export const POLICY = {
  'project.read': () => true,
  'project.create': canCreate,
  'project.update': canCreate,
  'project.archive': canCreate,
  'upload.sign': canCreate,
  'structure.read': () => true,
  'line.list_by_company': isStaff,
  'assignment.read': isStaff,
  'assignment.edit': canCreate,
  'inspection.read': () => true,
  'inspection.complete': canInspect,
  'customer.list': isStaff,
  'role.list': isStaff,
  'job.read': () => true,
  'admin.read': isSuperAdmin,
  'admin.job.retry': isSuperAdmin,
} as const satisfies Record<string, (p: Principal) => boolean>;

export type Action = keyof typeof POLICY;

/** An object that belongs to one customer company (a project and everything inside it). */
export interface CompanyObject {
  /** Its name in a 404 message: "Project not found". */
  kind: string;
  companyId: number;
}

/** Staff see every company's objects; a customer only their own company's. */
export const canSeeCompany = (p: Principal, companyId: number): boolean =>
  isStaff(p) || p.companyId === companyId;

/** The company a caller is confined to (a customer's own), or null for staff. */
export const companyScopeOf = (p: Principal): number | null => (isStaff(p) ? null : p.companyId);

export type Decision = 'allow' | 'not_found' | 'forbidden';

/**
 * The decision for one action on one object. An object of a company the caller cannot see is
 * `not_found` whatever the action (its existence is not revealed); otherwise the role decides.
 */
export function decide(p: Principal, action: Action, object?: CompanyObject): Decision {
  if (object && !canSeeCompany(p, object.companyId)) return 'not_found';
  return POLICY[action](p) ? 'allow' : 'forbidden';
}

export const can = (p: Principal, action: Action, object?: CompanyObject): boolean =>
  decide(p, action, object) === 'allow';
