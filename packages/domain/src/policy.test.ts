import { describe, expect, it } from 'vitest';
import { can, companyScopeOf, decide, POLICY } from './policy.ts';
import { ROLE_ID_BY_NAME, ROLE_NAMES, type RoleName } from './roles.ts';

const OWN = 7;
const OTHER = 8;
const as = (roleName: RoleName, companyId = roleName === 'customer' ? OWN : 1) => ({
  userId: 1,
  roleId: ROLE_ID_BY_NAME[roleName],
  roleName,
  companyId,
});

describe('decide', () => {
  it("hides another company's objects from a customer whatever the action", () => {
    for (const action of Object.keys(POLICY) as Array<keyof typeof POLICY>) {
      expect(decide(as('customer'), action, { kind: 'Project', companyId: OTHER })).toBe('not_found');
    }
  });

  it("lets staff see every company's objects, and decides by role", () => {
    const project = { kind: 'Project', companyId: OTHER };
    expect(decide(as('inspector'), 'project.read', project)).toBe('allow');
    expect(decide(as('inspector'), 'project.update', project)).toBe('forbidden');
    expect(decide(as('project_manager'), 'project.update', project)).toBe('allow');
    expect(decide(as('user'), 'inspection.complete', project)).toBe('forbidden');
    expect(decide(as('inspector'), 'inspection.complete', project)).toBe('allow');
  });

  it("lets a customer read their own company's objects and change none of them", () => {
    const own = { kind: 'Project', companyId: OWN };
    expect(can(as('customer'), 'project.read', own)).toBe(true);
    expect(can(as('customer'), 'inspection.read', own)).toBe(true);
    for (const action of [
      'project.update',
      'assignment.edit',
      'inspection.complete',
      'upload.sign',
    ] as const) {
      expect(decide(as('customer'), action, own)).toBe('forbidden');
    }
  });

  it('keeps administration to super admins', () => {
    for (const role of ROLE_NAMES) {
      expect(can(as(role), 'admin.read')).toBe(role === 'super_admin');
    }
  });
});

describe('companyScopeOf', () => {
  it('confines customers to their company and nobody else', () => {
    expect(companyScopeOf(as('customer'))).toBe(OWN);
    for (const role of ROLE_NAMES.filter((r) => r !== 'customer'))
      expect(companyScopeOf(as(role))).toBeNull();
  });
});
