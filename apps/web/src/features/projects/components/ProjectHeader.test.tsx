import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { renderWithProviders, sessionFor, testQueryClient } from '../../../testing/render.tsx';
import { ProjectHeader } from './ProjectHeader.tsx';

function setup(initial = '/projects/p/upload', roleName: 'inspector' | 'customer' = 'inspector') {
  const client = testQueryClient();
  client.setQueryData(queryKeys.structures.lines(5), [
    { id: 1, line_name: 'North Line', line_num: null },
    { id: 2, line_name: 'South Line', line_num: null },
  ]);
  client.setQueryData(queryKeys.structures.uploadStats(5), {
    img_count: 1234,
    unassigned_img_count: 56,
    kmz_struct_count: 700,
    nadir_struct_count: 3,
    manual_struct_count: 9,
  });
  client.setQueryData(queryKeys.structures.stats(5), {
    total_struct_count: 712,
    kmz_struct_count: 700,
    nadir_struct_count: 3,
    manual_struct_count: 9,
    acquired_structures: 0,
    acquired_structures_yesterday: 0,
    inspected_count: 0,
    inspected_count_yesterday: 0,
  });
  const router = createMemoryRouter(
    [{ path: '/projects/p/:subpage', element: <ProjectHeader projectId={5} /> }],
    {
      initialEntries: [initial],
    },
  );
  const session = sessionFor(roleName, { roleId: roleName === 'customer' ? 5 : 3 });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, { client, session }) };
}

describe('project header', () => {
  it('shows the five tiles from the upload stats', () => {
    setup();
    const tiles = [
      'Images Total',
      'Unassigned Images',
      'KMZ Structures',
      'Nadir Structures',
      'Manual Structures',
    ];
    expect(
      tiles.map(
        (name) => within(screen.getByRole('group', { name })).getByTestId('header-tile-count').textContent,
      ),
    ).toEqual(['1,234', '56', '700', '3', '9']);
  });

  it("shows a customer no Unassigned Images tile (the company's quality work, spec 2 §6)", () => {
    setup('/projects/p/inspect', 'customer');
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      'Images Total',
      'KMZ Structures',
      'Nadir Structures',
      'Manual Structures',
    ]);
  });

  it("keeps Lines ('All Lines' by default) and the search (after typing stops) in the URL; Clear resets both", async () => {
    const { user, router } = setup();
    expect(screen.getByPlaceholderText('All Lines')).toBeTruthy();
    await user.click(screen.getByPlaceholderText('All Lines'));
    await user.click(screen.getByRole('option', { name: 'South Line' }));
    expect(router.state.location.search).toBe('?lines=2');

    await user.type(screen.getByPlaceholderText('Structure Name/Line'), 'STR-1');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBeNull();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('STR-1'), {
      timeout: 3000,
    });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(router.state.location.search).toBe('');
    expect((screen.getByPlaceholderText('Structure Name/Line') as HTMLInputElement).value).toBe('');
  });

  it('reads the filters from a shared link', () => {
    setup('/projects/p/inspect?lines=1&q=T-9');
    expect((screen.getByPlaceholderText('Structure Name/Line') as HTMLInputElement).value).toBe('T-9');
    expect(screen.getAllByText('North Line').length).toBeGreaterThan(0);
    expect(screen.queryByPlaceholderText('All Lines')).toBeNull();
  });
});
