import type { PilotItem } from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import { formatUtcDateTime, matchesPilotSearch } from './pilotView.ts';

const pilot = (overrides: Partial<PilotItem> = {}): PilotItem => ({
  id: 1,
  user_id: 2,
  first_name: 'Maria',
  last_name: 'Alvarez',
  email: 'maria@example.test',
  phone: '(720) 555-0131',
  home_base: 'Denver CO',
  availability: 'on_assignment',
  license_expiration: '2027-01-01',
  aircraft: null,
  proficiencies: [],
  certifications: [],
  skills: [],
  attributes: [],
  role_id: 4,
  role_name: 'user',
  latitude: 39.7,
  longitude: -105,
  ...overrides,
});

describe('pilot search', () => {
  it('covers name, availability (value or label) and home base, any case', () => {
    expect(matchesPilotSearch(pilot(), 'maria alv')).toBe(true);
    expect(matchesPilotSearch(pilot(), 'on assignment')).toBe(true);
    expect(matchesPilotSearch(pilot(), 'on_assignment')).toBe(true);
    expect(matchesPilotSearch(pilot(), 'denver')).toBe(true);
    expect(matchesPilotSearch(pilot(), '')).toBe(true);
    expect(matchesPilotSearch(pilot(), 'maria@example')).toBe(false);
    expect(matchesPilotSearch(pilot(), 'boise')).toBe(false);
  });
});

describe('flight dates', () => {
  it('are MM/DD/YYYY HH:mm UTC', () => {
    expect(formatUtcDateTime('2026-03-04T05:06:07.000Z')).toBe('03/04/2026 05:06 UTC');
    expect(formatUtcDateTime(null)).toBe('—');
  });
});
