import { USER_MESSAGES as M, ok, type UserItem } from '@linewalker/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/queryKeys.ts';
import {
  fakeApi,
  type RecordedRequest,
  renderWithProviders,
  sessionFor,
  testQueryClient,
} from '../../../testing/render.tsx';
import { UserDialog } from './UserDialog.tsx';

const ROLES = [
  { id: 1, role_name: 'super_admin', display_name: 'Super Admin' },
  { id: 2, role_name: 'project_manager', display_name: 'Project Manager' },
  { id: 3, role_name: 'inspector', display_name: 'Inspector' },
  { id: 4, role_name: 'user', display_name: 'User' },
  { id: 5, role_name: 'customer', display_name: 'Customer' },
] as const;

function clientWithLists() {
  const client = testQueryClient();
  client.setQueryData(queryKeys.roles, ROLES);
  client.setQueryData(queryKeys.customers.list(), [
    {
      id: 3,
      company_name: 'Cascade Valley Power',
      poc_first_name: null,
      poc_last_name: null,
      poc_email: null,
      poc_phone: null,
      inspection_fields: [],
      deleted_date: null,
    },
  ]);
  client.setQueryData(queryKeys.pilotAttributes, [
    { attribute_id: 1, att_name: 'FAA Part 107', type_name: 'cert' },
  ]);
  return client;
}

const existing = (overrides: Partial<UserItem> = {}): UserItem => ({
  id: 42,
  first_name: 'Grace',
  last_name: 'Kim',
  email: 'grace@example.test',
  phone: '(303) 555-0123',
  status: 1,
  start_date: '2026-02-03',
  role_id: 4,
  role_name: 'user',
  display_name: 'User',
  role_display_name: 'User',
  company_id: 1,
  company_name: 'Linewalker',
  last_login: null,
  pilot_id: null,
  pilot: null,
  ...overrides,
});

const pilotOf = (): NonNullable<UserItem['pilot']> => ({
  id: 9,
  availability: 'training',
  license_expiration: '2027-05-06',
  home_base: 'Denver, CO',
  aircraft: null,
  attributes: [1],
  proficiencies: [],
  certifications: ['FAA Part 107'],
  skills: [],
  pilot_deleted_date: null,
});

/** Answers the email check (in use for taken@…), and saves. */
function server(saveStatus = 200) {
  return fakeApi((r: RecordedRequest) => {
    if (r.url.includes('/users/emailInUse/'))
      return { status: 200, body: { inUse: r.url.includes('taken%40') } };
    if (r.method !== 'GET') {
      return saveStatus === 200
        ? { status: 200, body: { ...ok, id: 42, user: existing() } }
        : {
            status: saveStatus,
            body: { code: 'internal_error', message: 'Something went wrong', requestId: 'r1' },
          };
    }
    return { status: 404, body: { code: 'not_found', message: 'Not found' } };
  });
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label, { exact: false, selector: 'input' });

function errorOf(label: string): string | null {
  const input = field(label);
  for (const id of (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)) {
    const element = document.getElementById(id);
    if (element && id.endsWith('-error')) return element.textContent;
  }
  return null;
}

type User = ReturnType<typeof open>['user'];

/** Opens a select's list (the first click can land while the modal still moves focus to its first field). */
async function openSelect(user: User, label: string) {
  for (let i = 0; i < 3 && field(label).getAttribute('aria-expanded') !== 'true'; i++)
    await user.click(field(label));
  expect(field(label).getAttribute('aria-expanded')).toBe('true');
}

async function choose(user: User, label: string, option: string) {
  await openSelect(user, label);
  await user.click(await screen.findByRole('option', { name: option }));
}

function open(user?: UserItem) {
  return renderWithProviders(<UserDialog {...(user ? { user } : {})} onClose={() => {}} />, {
    session: sessionFor('super_admin', { companyName: 'Linewalker' }),
    client: clientWithLists(),
  });
}

const saves = (requests: RecordedRequest[]) => requests.filter((r) => r.method !== 'GET');

afterEach(() => vi.unstubAllGlobals());

describe('UserDialog (spec 3 §5 User form)', () => {
  it("titles 'Add New User' and names every missing field word for word, sending nothing", async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    const { user } = open();
    expect(screen.getByText('Add New User')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('First Name')).toBe(M.firstNameRequired));
    expect(errorOf('Last Name')).toBe(M.lastNameRequired);
    expect(errorOf('Email')).toBe(M.emailRequired);
    expect(errorOf('Phone')).toBe(M.phoneRequired);
    expect(within(dialog()).getByText(M.startDateRequired)).toBeTruthy();
    // An untouched select holds no id: 'Must select …' (a payload without the field says '… is required').
    expect(errorOf('Company')).toBe(M.companySelect);
    expect(errorOf('Role')).toBe(M.roleSelect);
    expect(saves(api.requests)).toEqual([]);
  });

  it('checks the bounds, the email format and the phone pattern', async () => {
    vi.stubGlobal('fetch', server().fetch);
    const { user } = open();
    await user.type(field('First Name'), 'A');
    await user.type(field('Last Name'), 'B'.repeat(51));
    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Phone'), '303555');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('First Name')).toBe(M.nameMin));
    expect(errorOf('Last Name')).toBe(M.nameMax);
    expect(errorOf('Email')).toBe(M.emailInvalid);
    expect(errorOf('Phone')).toBe(M.phoneMin);
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '303-555-01x3');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Phone')).toBe(M.phoneInvalid));
  });

  it('lists the staff roles for company 1 and locks the customer role for any other company', async () => {
    vi.stubGlobal('fetch', server().fetch);
    const { user } = open();
    await choose(user, 'Company', 'Linewalker');
    expect(within(dialog()).getByRole('switch', { name: /Pilot/ })).toBeTruthy();
    await openSelect(user, 'Role');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Super Admin',
      'Project Manager',
      'Inspector',
      'User',
    ]);
    await user.click(await screen.findByRole('option', { name: 'Inspector' }));

    await choose(user, 'Company', 'Cascade Valley Power');
    expect((field('Role') as HTMLInputElement).value).toBe('Customer');
    expect((field('Role') as HTMLInputElement).disabled).toBe(true);
    // A customer cannot be a pilot: the toggle is gone.
    expect(within(dialog()).queryByRole('switch', { name: /Pilot/ })).toBeNull();
  });

  it('checks the email after a 500 ms pause and blocks a registered one', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    const { user } = open(existing());
    await user.clear(field('Email'));
    await user.type(field('Email'), 'taken@example.test');
    await waitFor(() => expect(errorOf('Email')).toBe(M.emailTaken));
    // One call for the whole address, not one per key.
    expect(api.requests.filter((r) => r.url.includes('emailInUse'))).toHaveLength(1);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(saves(api.requests)).toEqual([]);
    // Back to the user's own address: acceptable without a check.
    await user.clear(field('Email'));
    await user.type(field('Email'), 'GRACE@example.test');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api.requests)).toHaveLength(1));
  });

  it('edits a user: start date as noon UTC, status as a number, no pilot', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    const { user } = open(existing());
    expect(screen.getByText('Edit User')).toBeTruthy();
    await user.click(within(dialog()).getByRole('radio', { name: 'Inactive' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api.requests)).toHaveLength(1));
    const [request] = saves(api.requests);
    expect(request).toMatchObject({ method: 'PUT', url: '/api/v1/users' });
    expect(request!.body).toEqual({
      id: 42,
      first_name: 'Grace',
      last_name: 'Kim',
      email: 'grace@example.test',
      phone: '(303) 555-0123',
      start_date: '2026-02-03T12:00:00.000Z',
      role_id: 4,
      company_id: 1,
      status: 0,
      pilot: null,
      delete_pilot: false,
    });
  });

  it('walks a pilot through both steps: Next, the pilot rules, Back, tags on Enter and Tab, Save', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    const { user } = open(existing());
    await user.click(within(dialog()).getByRole('switch', { name: /Pilot/ }));
    expect(within(dialog()).queryByRole('button', { name: 'Save' })).toBeNull();
    await user.clear(field('First Name'));
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    // Next is blocked until step one validates.
    await waitFor(() => expect(errorOf('First Name')).toBe(M.firstNameRequired));
    await user.type(field('First Name'), 'Grace');
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(within(dialog()).getByText('Step 2 of 2: Pilot details')).toBeTruthy());
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Home Base')).toBe(M.homeBaseRequired));
    expect(within(dialog()).getByText(M.licenseRequired)).toBeTruthy();
    await user.type(field('Home Base'), 'D');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Home Base')).toBe(M.nameMin));

    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect((field('First Name') as HTMLInputElement).value).toBe('Grace');
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(field('Home Base')).toBeTruthy());

    await user.type(field('Home Base'), 'enver, CO');
    await user.click(within(dialog()).getByRole('button', { name: /License Expiration/ }));
    const day15 = (await screen.findAllByRole('button')).find(
      (b) => b.textContent === '15' && !b.hasAttribute('data-outside'),
    );
    await user.click(day15!);
    await user.type(field('Proficiencies'), 'Night flight{Enter}');
    await user.type(field('Skills'), 'Thermal imaging');
    await user.tab();
    await user.type(field('Certifications'), 'FAA Part 107{Enter}');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves(api.requests)).toHaveLength(1));
    const body = saves(api.requests)[0]!.body as Record<string, unknown>;
    expect(body.delete_pilot).toBe(false);
    expect(body.pilot).toMatchObject({
      availability: 'available',
      home_base: 'Denver, CO',
      aircraft: null,
      proficiencies: ['Night flight'],
      certifications: ['FAA Part 107'],
      skills: ['Thermal imaging'],
    });
    expect((body.pilot as { license_expiration: string }).license_expiration).toMatch(
      /^\d{4}-\d{2}-15T12:00:00\.000Z$/,
    );
  });

  it('sends delete_pilot when the toggle is turned off on a pilot', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    const { user } = open(existing({ pilot_id: 9, pilot: pilotOf() }));
    const toggle = within(dialog()).getByRole('switch', { name: /Pilot/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await user.click(toggle);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api.requests)).toHaveLength(1));
    expect(saves(api.requests)[0]!.body).toMatchObject({ pilot: null, delete_pilot: true });
  });

  it("says 'An issue occurred trying to save the user' when the save fails", async () => {
    vi.stubGlobal('fetch', server(500).fetch);
    const { user } = open(existing());
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText(M.saveFailed)).toBeTruthy();
  });
});
