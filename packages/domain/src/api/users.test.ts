import { describe, expect, it } from 'vitest';
import {
  dateOfDayValue,
  USER_MESSAGES as M,
  noonUtc,
  PHONE_PATTERN,
  rolesForCompany,
  shouldDeletePilot,
  UserDetailsForm,
  type UserPilot,
} from './users.ts';

const ROLES = ['super_admin', 'project_manager', 'inspector', 'user', 'customer'].map((role_name, i) => ({
  id: i + 1,
  role_name,
}));

describe('user rules (spec 3 §5)', () => {
  it('lists every staff role for company 1 and only the customer role elsewhere', () => {
    expect(rolesForCompany(ROLES, 1).map((r) => r.role_name)).toEqual([
      'super_admin',
      'project_manager',
      'inspector',
      'user',
    ]);
    expect(rolesForCompany(ROLES, 7).map((r) => r.role_name)).toEqual(['customer']);
    expect(rolesForCompany(ROLES, null)).toEqual([]);
  });

  it('matches the phone pattern: optional plus, 3-3-4..6 digits, optional ( ) - . or space', () => {
    for (const ok of ['3035550123', '(303) 555-0123', '+303.555.012345', '303 555 0123', '303-555-0123']) {
      expect(PHONE_PATTERN.test(ok), ok).toBe(true);
    }
    for (const bad of [
      '303-555-012',
      '303-555-0123456',
      '303/555/0123',
      'phone 3035550123',
      '++3035550123',
    ]) {
      expect(PHONE_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it('reads a day from YYYY-MM-DD or a timestamp, and sends it as noon UTC', () => {
    expect(dateOfDayValue('2026-04-01')).toBe('2026-04-01');
    expect(dateOfDayValue(noonUtc('2026-04-01'))).toBe('2026-04-01');
    expect(noonUtc('2026-04-01')).toBe('2026-04-01T12:00:00.000Z');
    expect(dateOfDayValue('2026-02-30')).toBeNull();
    expect(dateOfDayValue('04/01/2026')).toBeNull();
  });

  it('sends delete_pilot only for a live pilot whose toggle is now off', () => {
    const pilot = { pilot_deleted_date: null } as UserPilot;
    expect(shouldDeletePilot(pilot, false)).toBe(true);
    expect(shouldDeletePilot(pilot, true)).toBe(false);
    expect(shouldDeletePilot({ ...pilot, pilot_deleted_date: '2026-01-01T00:00:00.000Z' }, false)).toBe(
      false,
    );
    expect(shouldDeletePilot(null, false)).toBe(false);
  });

  it('gives the first failing message per field, word for word', () => {
    const result = UserDetailsForm.safeParse({
      first_name: ' A ',
      last_name: 'x'.repeat(51),
      email: 'a@b',
      phone: '12345',
      start_date: '',
      role_id: -1,
      company_id: 0,
    });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages).toEqual({
      first_name: M.nameMin,
      last_name: M.nameMax,
      email: M.emailInvalid,
      phone: M.phoneMin,
      start_date: M.startDateRequired,
      role_id: M.roleSelect,
      company_id: M.companySelect,
    });
  });
});
