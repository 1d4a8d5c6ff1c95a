import {
  canCreate,
  canInspect,
  isCustomer,
  isStaff,
  isSuperAdmin,
  type Principal,
  projectSubpagesFor,
} from './roles.ts';

const seesDelivery = (p: Principal): boolean => projectSubpagesFor(p.roleName).includes('archive');

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
  // Structure and line editing is a structure-like privilege: role id 1 (spec 2 §6).
  'structure.edit': isSuperAdmin,
  'line.create': isSuperAdmin,
  // The viewer's 3D view of a structure (spec 2 §2 'Map and 3D'): everyone looks, staff build it.
  'structure.model3d.read': () => true,
  'structure.model3d.process': isStaff,
  // The Upload tab is staff's (spec 2 §6: every staff role sees upload); customers only look.
  'image.upload': isStaff,
  'image.reassign': isStaff,
  'image.reject': canInspect,
  'image.read': () => true,
  // The inspection company's internal quality work (rejected photos and their counts, unassigned photos,
  // capture completeness): staff only. A customer sees the delivered, accepted result (spec 2 §6).
  'image.quality.read': isStaff,
  // The Delivery (archive) sub-page: every role spec 2 §6 shows it to (not inspectors); customers only look
  // and download their company's packages, the staff who see the page deliver ('Archive Selected').
  'delivery.read': (p) => seesDelivery(p),
  'delivery.create': (p) => isStaff(p) && seesDelivery(p),
  'line.list_by_company': isStaff,
  'assignment.read': isStaff,
  'assignment.edit': canCreate,
  'inspection.read': () => true,
  'inspection.complete': canInspect,
  // The inspection viewer (spec 2 §6): inspecting roles review; staff add notes; new taxonomy for PMs.
  'inspection.reshoot': canInspect,
  'inspection.escalate': canInspect,
  'inspection.history': isStaff,
  'image.mark_viewed': canInspect,
  'image.note': isStaff,
  // Non-customer staff choose the image shot type (spec 2 §6) and correct the step-clip angles they may type
  // on upload; customers only look.
  'image.identify': isStaff,
  'image.stepclip': isStaff,
  // Arms, flanges and ETT/ABB photo types: staff; customers read them only (spec 2 §5, §6).
  'ett.edit': isStaff,
  'annotation.create': canInspect,
  'annotation.delete': canInspect,
  'category.create': canCreate,
  // Flight plans: only users who can inspect see the overview's flight-plan panels (spec 2 §2 'Overview').
  'flightPlan.read': canInspect,
  'flightPlan.upload': canInspect,
  'customer.list': isStaff,
  // The Customers page (inactive ones too): super admins and project managers; only super admins save.
  'customer.admin_list': canCreate,
  'customer.save': isSuperAdmin,
  'lead.read': isSuperAdmin,
  'role.list': isStaff,
  'job.read': () => true,
  // Users administration (spec 3 §2): super admins manage users; project managers, who open the Users page
  // and the pilot form, read the list and look emails up; customers reach none of it.
  'user.list': canCreate,
  'user.lookup': canCreate,
  'user.manage': isSuperAdmin,
  'pilot.attribute.list': isStaff,
  // Pilots (spec 2 §2, spec 3 §2): project managers (and super admins) keep the directory and schedule
  // pilots on projects; inspectors, users and customers reach none of it.
  'pilot.list': canCreate,
  'pilot.save': canCreate,
  'pilot.schedule': canCreate,
  // Bids (spec 3 §2 'Bids page'): project managers and super admins read and create them; customers and the
  // other staff roles reach none of it.
  'bid.read': canCreate,
  'bid.create': canCreate,
  // AI models (spec 3 §2; the spec names no roles): staff who may inspect see the models, upload and mark up
  // images; super admins and project managers create and edit models and launch training; customers none.
  'ai.read': canInspect,
  'ai.markup': canInspect,
  'ai.manage': canCreate,
  // Remote flight (spec 3 §2): staff watch a drone's status and video; inspectors, project managers and super
  // admins fly it; super admins register drones. Customers reach none of it.
  'drone.watch': isStaff,
  'drone.fly': canInspect,
  'drone.admin': isSuperAdmin,
  // Sensors (spec 3 §2 'Sensors page'): everyone reads (customers their company's); staff register, move and
  // retire devices.
  'sensor.read': () => true,
  'sensor.device.manage': isStaff,
  // Alert rules (issue 20): everyone reads them (customers their company's). A customer's users keep their
  // own company's rules (the utility knows its structures); among staff, super admins and project managers
  // change any company's for it. Inspectors and users only look.
  'sensor.alerts.edit': (p) => isCustomer(p) || canCreate(p),
  // Order tracking (spec 3 §2 'Assets'): everyone reads (customers their company's orders); staff create
  // orders and update their status (carriers and manufacturers through the signed webhook).
  'order.read': () => true,
  'order.manage': isStaff,
  // Asset Health (spec 3 §2): everyone reads, customers their own company's assets only (read-only).
  'asset.read': () => true,
  'admin.read': isSuperAdmin,
  'admin.job.retry': isSuperAdmin,
  // The self-hosted basemap extract (a regional PMTiles file): super admins upload it; every map reads it.
  'basemap.manage': isSuperAdmin,
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
