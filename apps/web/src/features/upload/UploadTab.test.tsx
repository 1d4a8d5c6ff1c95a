import type { ProjectDetail } from '@linewalker/domain';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/queryKeys.ts';
import { renderWithProviders, sessionFor, testQueryClient } from '../../testing/render.tsx';
import { image, structure } from './tab/model/testData.ts';
import UploadTab from './UploadTab.tsx';

// happy-dom lays nothing out: give every box a size so the virtualised rows render.
const restore: Array<() => void> = [];
beforeAll(() => {
  for (const [key, value] of Object.entries({ clientHeight: 2000, clientWidth: 1400 })) {
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.hasOwn(owner, key)) owner = Object.getPrototypeOf(owner);
    const target = owner ?? HTMLElement.prototype;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    Object.defineProperty(target, key, { configurable: true, get: () => value });
    restore.push(() =>
      descriptor ? Object.defineProperty(target, key, descriptor) : Reflect.deleteProperty(target, key),
    );
  }
});
afterAll(() => {
  for (const undo of restore) undo();
});

const PROJECT = {
  id: 5,
  project_name: 'Feeder Survey',
  company_id: 3,
  project_center_lat: null,
  project_center_lon: null,
} as unknown as ProjectDetail;

const STRUCTURES = [
  structure({ structure_id: 1, struct_num: 'T-1', line_id: 10, line_name: 'North', image_count: 5 }),
  structure({ structure_id: 2, struct_num: 'T-2', line_id: 10, line_name: 'North', image_count: 0 }),
  structure({ structure_id: 3, struct_num: 'T-10', line_id: 10, line_name: 'North', image_count: 1 }),
  structure({ structure_id: 4, struct_num: 'T-1', line_id: 11, line_name: 'South', image_count: 0 }),
];

function renderTab(role: Parameters<typeof sessionFor>[0], url = '/projects/feeder-survey/upload') {
  // The map needs WebGL (tested in the browser): its settings stay unanswered here, so it never starts.
  vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
  const client = testQueryClient();
  client.setQueryData(queryKeys.uploads.structures(PROJECT.id), STRUCTURES);
  client.setQueryData(queryKeys.structures.uploadStats(PROJECT.id), {
    img_count: 9,
    unassigned_img_count: 13,
    kmz_struct_count: 4,
    nadir_struct_count: 0,
    manual_struct_count: 0,
  });
  client.setQueryData(queryKeys.uploads.unassigned(PROJECT.id), [image({ structure_id: null })]);
  client.setQueryData(queryKeys.structures.lines(PROJECT.id), []);
  // A data router, as the app has: the upload launcher's leave warning needs one.
  const router = createMemoryRouter([{ path: '*', element: <UploadTab project={PROJECT} /> }], {
    initialEntries: [url],
  });
  return renderWithProviders(<RouterProvider router={router} />, {
    client,
    session: sessionFor(role, { roleId: role === 'customer' ? 5 : 1 }),
  });
}

const shownStructures = () => screen.getAllByTestId('structure-row').map((row) => row.textContent);

describe('UploadTab', () => {
  it('shows the switches with their counts and every structure by name', () => {
    renderTab('super_admin');
    expect(screen.getByRole('switch', { name: 'Show Images' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Only Unassigned (13)' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Structure Visibility' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Only Without Images (2)' })).toBeTruthy();
    // Not a project whose name holds a Hide Archived keyword (and the keywords are not known yet).
    expect(screen.queryByRole('switch', { name: 'Hide Archived' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload Images' })).toBeTruthy();
    expect(shownStructures()).toHaveLength(4);
    expect(screen.getByText('4 structures')).toBeTruthy();
  });

  it("narrows the table by the header's lines and search in the URL", () => {
    renderTab('super_admin', '/projects/feeder-survey/upload?lines=10&q=t-1');
    expect(shownStructures().map((text) => text?.slice(0, 4))).toEqual(['T-1N', 'T-10']);
    expect(screen.getByRole('radio', { name: 'Only Without Images (0)' })).toBeTruthy();
  });

  it('shows only the short structures, or puts them first', async () => {
    const { user } = renderTab('project_manager');
    await user.click(screen.getByRole('switch', { name: 'Only short structures (3)' }));
    expect(shownStructures()).toHaveLength(3);
    await user.click(screen.getByRole('switch', { name: 'Only short structures (3)' }));
    await user.click(screen.getByRole('switch', { name: 'Short first' }));
    expect(shownStructures().at(-1)).toContain('5/5');
  });

  it('hides the Upload Images button from a customer', () => {
    renderTab('customer');
    expect(screen.queryByRole('button', { name: 'Upload Images' })).toBeNull();
    expect(shownStructures()).toHaveLength(4);
  });
});
