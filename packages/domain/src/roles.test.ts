import { describe, expect, it } from 'vitest';
import {
  canCreate,
  canInspect,
  isStaff,
  navItemsFor,
  type Principal,
  projectSubpagesFor,
  ROLE_ID_BY_NAME,
  ROLE_NAMES,
  type RoleName,
} from './roles.ts';

const as = (roleName: RoleName): Principal => ({
  userId: 1,
  roleId: ROLE_ID_BY_NAME[roleName],
  roleName,
  companyId: roleName === 'customer' ? 7 : 1,
});

describe('roles', () => {
  it('keeps the spec ids 1 Super Admin, 2 Project Manager, 3 Inspector, 4 User', () => {
    expect(ROLE_ID_BY_NAME).toMatchObject({ super_admin: 1, project_manager: 2, inspector: 3, user: 4 });
    expect(ROLE_ID_BY_NAME.customer).toBeGreaterThan(4);
  });

  it('lets super_admin and project_manager create, edit and archive', () => {
    expect(ROLE_NAMES.filter((r) => canCreate(as(r)))).toEqual(['super_admin', 'project_manager']);
  });

  it('lets role ids below 4 inspect, and never customers', () => {
    expect(ROLE_NAMES.filter((r) => canInspect(as(r)))).toEqual([
      'super_admin',
      'project_manager',
      'inspector',
    ]);
  });

  it('treats every role but customer as staff', () => {
    expect(ROLE_NAMES.filter((r) => isStaff(as(r)))).toEqual([
      'super_admin',
      'project_manager',
      'inspector',
      'user',
    ]);
  });
});

describe('navItemsFor', () => {
  it.each([
    ['super_admin', ['assets', 'ai', 'projects', 'customers', 'users', 'bids']],
    ['project_manager', ['projects', 'customers', 'users', 'bids']],
    ['inspector', ['projects']],
    ['user', ['projects']],
    ['customer', ['assets', 'projects']],
  ] as const)('%s sees %j', (role, items) => {
    expect(navItemsFor(role)).toEqual(items);
  });

  it('shows nothing when logged out', () => {
    expect(navItemsFor(undefined)).toEqual([]);
  });
});

describe('projectSubpagesFor (spec 1 §6)', () => {
  it('gives super_admin and project_manager every sub-page', () => {
    expect(projectSubpagesFor('super_admin')).toEqual(projectSubpagesFor('project_manager'));
    expect(projectSubpagesFor('super_admin')).toHaveLength(7);
  });
  it('gives inspector upload, inspect, overview', () => {
    expect(projectSubpagesFor('inspector').sort()).toEqual(['inspect', 'overview', 'upload']);
  });
  it('gives customer archive, inspect, overview', () => {
    expect(projectSubpagesFor('customer').sort()).toEqual(['archive', 'inspect', 'overview']);
  });
  it('gives user upload, archive, overview', () => {
    expect(projectSubpagesFor('user').sort()).toEqual(['archive', 'overview', 'upload']);
  });
  it('gives no role nothing', () => {
    expect(projectSubpagesFor(undefined)).toEqual([]);
  });
});
