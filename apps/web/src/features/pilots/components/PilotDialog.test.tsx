import { USER_MESSAGES as M, ok, PILOT_MESSAGES, type UserItem } from '@linewalker/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeApi,
  type RecordedRequest,
  renderWithProviders,
  sessionFor,
  testQueryClient,
} from '../../../testing/render.tsx';
import { PilotDialog } from './PilotDialog.tsx';

const known: UserItem = {
  id: 42,
  first_name: 'Grace',
  last_name: 'Kim',
  email: 'grace@example.test',
  phone: '(208) 555-0136',
  status: 1,
  start_date: '2026-02-03',
  role_id: 4,
  role_name: 'user',
  display_name: 'User',
  role_display_name: 'User',
  company_id: 1,
  company_name: 'Linewalker',
  last_login: null,
  pilot_id: 9,
  pilot: {
    id: 9,
    availability: 'training',
    license_expiration: '2027-05-06',
    home_base: 'Boise, ID',
    aircraft: 'Skydio X10',
    attributes: [],
    proficiencies: [],
    certifications: ['FAA Part 107'],
    skills: [],
    pilot_deleted_date: null,
  },
};

const savedPilot = {
  id: 9,
  user_id: 42,
  first_name: 'Grace',
  last_name: 'Kim',
  email: 'grace@example.test',
  phone: '(208) 555-0136',
  home_base: 'Boise, ID',
  availability: 'training',
  license_expiration: '2027-05-06',
  aircraft: 'Skydio X10',
  proficiencies: [],
  certifications: ['FAA Part 107'],
  skills: [],
  attributes: [],
  role_id: 4,
  role_name: 'user',
  latitude: 43.6,
  longitude: -116.2,
};

/** Knows grace@…; refuses to place 'Nowhere Ridge' (home_base_not_found); saves the rest. */
function server() {
  return fakeApi((r: RecordedRequest) => {
    if (r.url.includes('/users/byEmail/'))
      return { status: 200, body: { user: r.url.includes('grace%40') ? known : null } };
    if (
      r.method === 'POST' &&
      JSON.stringify(r.body).includes('Nowhere Ridge') &&
      !JSON.stringify(r.body).includes('"latitude":4')
    )
      return {
        status: 400,
        body: {
          code: 'home_base_not_found',
          message: PILOT_MESSAGES.homeBaseNotFound,
          issues: [{ path: 'home_base', message: PILOT_MESSAGES.homeBaseNotFound }],
        },
      };
    if (r.method === 'POST') return { status: 200, body: { ...ok, pilot: savedPilot, created_user: false } };
    return { status: 404, body: { code: 'not_found', message: 'Not found' } };
  });
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label, { exact: false, selector: 'input' });

function errorOf(label: string): string | null {
  for (const id of (field(label).getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)) {
    const element = document.getElementById(id);
    if (element && id.endsWith('-error')) return element.textContent;
  }
  return null;
}

const open = () =>
  renderWithProviders(<PilotDialog onClose={() => {}} />, {
    session: sessionFor('project_manager'),
    client: testQueryClient(),
  });

afterEach(() => vi.unstubAllGlobals());

describe('PilotDialog (spec 2 §5 Pilot form)', () => {
  it('names every missing field word for word and sends nothing', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    const { user } = open();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(errorOf('First Name')).toBe(M.firstNameRequired);
    expect(errorOf('Last Name')).toBe(M.lastNameRequired);
    expect(errorOf('Email')).toBe(M.emailRequired);
    expect(errorOf('Phone')).toBe(M.phoneRequired);
    expect(errorOf('Home Base')).toBe(M.homeBaseRequired);
    expect(within(dialog()).getByText(M.licenseRequired)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  }, 60_000);

  it('a known email (looked up after 500 ms) prefills the pilot and makes name and phone read-only', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    const { user } = open();
    await user.type(field('Email'), 'grace@example.test');
    await waitFor(() => expect((field('First Name') as HTMLInputElement).value).toBe('Grace'), {
      timeout: 3000,
    });
    expect(field('First Name').hasAttribute('readonly')).toBe(true);
    expect(field('Phone').hasAttribute('readonly')).toBe(true);
    expect((field('Home Base') as HTMLInputElement).value).toBe('Boise, ID');
    expect(api.requests.filter((r) => r.url.includes('/users/byEmail/'))).toHaveLength(1);
    // A new email unlocks them again.
    await user.clear(field('Email'));
    await user.type(field('Email'), 'new.person@example.test');
    await waitFor(() => expect(field('First Name').hasAttribute('readonly')).toBe(false), {
      timeout: 10_000,
    });
  }, 60_000);

  it('a home base the server cannot place opens the map picker with the message', async () => {
    vi.stubGlobal('fetch', server().fetch);
    const { user } = open();
    await user.type(field('Email'), 'new.person@example.test');
    await user.type(field('First Name'), 'Riley');
    await user.type(field('Last Name'), 'Hart');
    await user.type(field('Phone'), '(303) 555-0177');
    await user.type(field('Home Base'), 'Nowhere Ridge');
    await user.click(within(dialog()).getByRole('button', { name: 'License Expiration' }));
    await user.click(screen.getAllByRole('button').filter((b) => b.textContent === '15')[0]!);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Home Base')).toBe(PILOT_MESSAGES.homeBaseNotFound), {
      timeout: 10_000,
    });
    expect(within(dialog()).getByText('Click the map where the home base is.')).toBeTruthy();
  }, 60_000);
});
