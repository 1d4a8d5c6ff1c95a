/** Role ids and names exactly as the spec gives them (spec 1 §6, spec 3 §6). */
export const ROLE_IDS = {
  superAdmin: 1,
  projectManager: 2,
  inspector: 3,
  user: 4,
  customer: 5,
} as const;

export const ROLE_NAMES = ['super_admin', 'project_manager', 'inspector', 'user', 'customer'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const ROLE_DISPLAY_NAMES: Record<RoleName, string> = {
  super_admin: 'Super Admin',
  project_manager: 'Project Manager',
  inspector: 'Inspector',
  user: 'User',
  customer: 'Customer',
};

export const ROLE_ID_BY_NAME: Record<RoleName, number> = {
  super_admin: ROLE_IDS.superAdmin,
  project_manager: ROLE_IDS.projectManager,
  inspector: ROLE_IDS.inspector,
  user: ROLE_IDS.user,
  customer: ROLE_IDS.customer,
};

/** Company 1 is the operating company; every other company is a customer. */
export const OPERATING_COMPANY_ID = 1;

export interface Principal {
  userId: number;
  roleId: number;
  roleName: RoleName;
  companyId: number;
}

export const isCustomer = (p: Pick<Principal, 'roleName'>): boolean => p.roleName === 'customer';
export const isSuperAdmin = (p: Pick<Principal, 'roleName'>): boolean => p.roleName === 'super_admin';

/** Create, edit and archive controls: super_admin and project_manager (spec 1 §6). */
export const canCreate = (p: Pick<Principal, 'roleName'>): boolean =>
  p.roleName === 'super_admin' || p.roleName === 'project_manager';

/** Inspecting is allowed when roleId is below 4 (and the user is staff). */
export const canInspect = (p: Pick<Principal, 'roleId' | 'roleName'>): boolean =>
  !isCustomer(p) && p.roleId < ROLE_IDS.user;

/** Staff are users of the operating company (any role but customer). */
export const isStaff = (p: Pick<Principal, 'roleName'>): boolean => !isCustomer(p);

export type NavItem = 'assets' | 'ai' | 'projects' | 'customers' | 'users' | 'bids';

/** Header links per role (spec 1 §6 'Nav and page visibility'). */
export function navItemsFor(roleName: RoleName | undefined): NavItem[] {
  switch (roleName) {
    case 'super_admin':
      return ['assets', 'ai', 'projects', 'customers', 'users', 'bids'];
    case 'project_manager':
      return ['projects', 'customers', 'users', 'bids'];
    case 'inspector':
    case 'user':
      return ['projects'];
    // 'projects, repair, dashboard': the repair orders and the asset health dashboard are the Assets area.
    case 'customer':
      return ['assets', 'projects'];
    default:
      return [];
  }
}

export const PROJECT_SUBPAGES = [
  'all',
  'overview',
  'assignment',
  'pilots',
  'inspect',
  'upload',
  'archive',
] as const;
export type ProjectSubpage = (typeof PROJECT_SUBPAGES)[number];

/** Project sub-pages each role sees (spec 1 §6, spec 2 §6). */
export function projectSubpagesFor(roleName: RoleName | undefined): ProjectSubpage[] {
  switch (roleName) {
    case 'super_admin':
    case 'project_manager':
      return [...PROJECT_SUBPAGES];
    case 'inspector':
      return ['overview', 'upload', 'inspect'];
    case 'customer':
      return ['overview', 'inspect', 'archive'];
    case 'user':
      return ['overview', 'upload', 'archive'];
    default:
      return [];
  }
}
