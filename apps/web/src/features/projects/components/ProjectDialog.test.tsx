import { ok, type ProjectListItem, type ProjectSaveResponse } from '@linewalker/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { eventually } from '../../../testing/eventually.ts';
import { projectListItem } from '../../../testing/projectListItem.ts';
import { fakeApi, renderWithProviders, sessionFor, testQueryClient } from '../../../testing/render.tsx';
import { ProjectDialog } from './ProjectDialog.tsx';

/** The dialog's lists, as the server would answer them, already in the cache. */
function clientWithLists() {
  const client = testQueryClient();
  client.setQueryData(queryKeys.customers.list(), [
    {
      id: 3,
      company_name: 'Cascade Valley Power',
      poc_first_name: null,
      poc_last_name: null,
      poc_email: null,
      poc_phone: null,
    },
  ]);
  client.setQueryData(queryKeys.projectTypes, [
    { ptype_id: 1, ptype_name: 'Distribution' },
    { ptype_id: 2, ptype_name: 'Transmission' },
  ]);
  client.setQueryData(queryKeys.projectTiers, [
    { ptier_id: 1, name: 'Limited' },
    { ptier_id: 2, name: 'Standard' },
  ]);
  return client;
}

const saved = (id: number): ProjectSaveResponse => ({
  ...ok,
  id,
  imported: { files: 0, structures: 0, skippedRows: 0, lines: 0, inspections: 0 },
  importJobId: null,
});

const dialog = () => screen.getByRole('dialog');

/** The error line Mantine renders under a field, found through the field's aria-describedby. */
function errorOf(label: string): string | null {
  const input = within(dialog()).getByLabelText(label, { exact: false, selector: 'input' });
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element && id.endsWith('-error')) return element.textContent;
  }
  return null;
}

describe('ProjectDialog validation (spec 1 §5 Create project)', () => {
  it('names every missing field, word for word, and sends nothing', async () => {
    const api = fakeApi(() => ({ status: 500, body: {} }));
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(<ProjectDialog mode="create" onClose={() => {}} />, {
      session: sessionFor('super_admin'),
      client: clientWithLists(),
    });
    expect(within(dialog()).getByText('Create New Project')).toBeTruthy();

    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));

    expect(errorOf('Customer')).toBe('Must select a customer.');
    expect(errorOf('Project Type')).toBe('Must select a type.');
    expect(errorOf('Job Name')).toBe('Project Name is required.');
    expect(errorOf('Closest City')).toBe('Closest City is required.');
    expect(api.requests).toEqual([]);
  });

  it("says 'Minimum character is 2.' for a one-letter Job Name and Closest City", async () => {
    const { user } = renderWithProviders(<ProjectDialog mode="create" onClose={() => {}} />, {
      session: sessionFor('super_admin'),
      client: clientWithLists(),
    });
    await user.type(within(dialog()).getByLabelText('Job Name', { exact: false }), 'A');
    await user.type(within(dialog()).getByLabelText('Closest City', { exact: false }), 'B');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));

    expect(errorOf('Job Name')).toBe('Minimum character is 2.');
    expect(errorOf('Closest City')).toBe('Minimum character is 2.');
  });

  it('refuses the blocked characters as they are typed and stops at 50 characters', async () => {
    const { user } = renderWithProviders(<ProjectDialog mode="create" onClose={() => {}} />, {
      session: sessionFor('super_admin'),
      client: clientWithLists(),
    });
    const name = within(dialog()).getByLabelText('Job Name', { exact: false }) as HTMLInputElement;
    await user.type(name, 'Line #5 (north)');
    expect(name.value).toBe('Line 5 north');
    const city = within(dialog()).getByLabelText('Closest City', { exact: false }) as HTMLInputElement;
    await user.click(city);
    await user.paste('x'.repeat(55));
    expect(city.value).toHaveLength(50);
  });

  it('sends a complete form as a new project and closes', async () => {
    const api = fakeApi(() => ({
      status: 200,
      body: saved(41),
    }));
    vi.stubGlobal('fetch', api.fetch);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ProjectDialog mode="create" onClose={onClose} />, {
      session: sessionFor('super_admin'),
      client: clientWithLists(),
    });
    await user.click(within(dialog()).getByLabelText('Customer', { exact: false, selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Cascade Valley Power' }));
    await user.click(within(dialog()).getByLabelText('Project Type', { exact: false, selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Transmission' }));
    await user.type(within(dialog()).getByLabelText('Job Name', { exact: false }), 'Canyon Patrol');
    await user.type(within(dialog()).getByLabelText('Closest City', { exact: false }), 'Yakima');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));

    await eventually(() => expect(onClose).toHaveBeenCalledOnce());
    // The save, then only refetches of what it made stale.
    const sent = api.requests.filter((r) => r.method !== 'GET');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/projects',
      body: {
        id: null,
        company_id: 3,
        ptype_id: 2,
        project_name: 'Canyon Patrol',
        closest_city: 'Yakima',
        kmzs: [],
      },
    });
  });

  it("edit mode ('Edit project', Submit) drops the not-before-today date rules", async () => {
    const api = fakeApi(() => ({
      status: 200,
      body: saved(9),
    }));
    vi.stubGlobal('fetch', api.fetch);
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <ProjectDialog mode="edit" project={pastProject()} onClose={onClose} />,
      { session: sessionFor('super_admin'), client: clientWithLists() },
    );
    expect(within(dialog()).getByText('Edit project')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));

    await eventually(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.requests[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/projects/upsert',
      body: { id: 9, start_date: '2020-01-06', due_date: '2020-03-06' },
    });
  });

  it('asks before Escape or Cancel throws away typed details', async () => {
    vi.stubGlobal('fetch', fakeApi(() => ({ status: 200, body: [] })).fetch);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ProjectDialog mode="create" onClose={onClose} />, {
      session: sessionFor('super_admin'),
      client: clientWithLists(),
    });
    await user.type(within(dialog()).getByLabelText('Job Name', { exact: false }), 'Canyon Patrol');
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    const confirm = await screen.findByRole('dialog', { name: 'Discard this project?' });
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await eventually(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard this project?' })).toBeNull(),
    );
    const form = screen.getByRole('dialog', { name: 'Create New Project' });
    expect((within(form).getByLabelText('Job Name', { exact: false }) as HTMLInputElement).value).toBe(
      'Canyon Patrol',
    );

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Discard this project?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes an untouched form without asking', async () => {
    vi.stubGlobal('fetch', fakeApi(() => ({ status: 200, body: [] })).fetch);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ProjectDialog mode="create" onClose={onClose} />, {
      session: sessionFor('super_admin'),
      client: clientWithLists(),
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog', { name: 'Discard this project?' })).toBeNull();
  });
});

function pastProject(): ProjectListItem {
  return projectListItem({
    project_name: 'Old Survey',
    start_date: '2020-01-06',
    due_date: '2020-03-06',
    created_at: '2020-01-01T00:00:00.000Z',
    state: 'Complete',
    structures: 0,
    active: false,
    on_schedule: false,
  });
}

describe('ProjectDialog dates at a fixed clock around midnight', () => {
  async function createWithDefaults(now: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    try {
      const api = fakeApi(() => ({ status: 200, body: saved(77) }));
      vi.stubGlobal('fetch', api.fetch);
      const onClose = vi.fn();
      const { user, unmount } = renderWithProviders(<ProjectDialog mode="create" onClose={onClose} />, {
        session: sessionFor('super_admin'),
        client: clientWithLists(),
      });
      await user.click(within(dialog()).getByLabelText('Customer', { exact: false, selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'Cascade Valley Power' }));
      await user.click(within(dialog()).getByLabelText('Project Type', { exact: false, selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'Transmission' }));
      await user.type(within(dialog()).getByLabelText('Job Name', { exact: false }), 'Midnight Patrol');
      await user.type(within(dialog()).getByLabelText('Closest City', { exact: false }), 'Yakima');
      await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
      await eventually(() => expect(onClose).toHaveBeenCalledOnce());
      unmount();
      return api.requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    } finally {
      vi.useRealTimers();
    }
  }

  it('a project without files starts on the default zone’s today (what the server checks), both ways', async () => {
    // 04:00 on 11/29 in Berlin (03:00 UTC), 21:00 on 11/28 in Chicago: the project's today is the 28th.
    expect(await createWithDefaults('2026-11-29T03:00:00Z')).toMatchObject({
      start_date: '2026-11-28',
      due_date: '2026-12-04',
    });
    // 00:30 on 11/29 in Chicago (06:30 UTC): the 29th.
    expect(await createWithDefaults('2026-11-29T06:30:00Z')).toMatchObject({
      start_date: '2026-11-29',
      due_date: '2026-12-05',
    });
  });
});
