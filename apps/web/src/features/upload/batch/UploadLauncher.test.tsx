import type { ProjectDetail, UploadStructure } from '@linewalker/domain';
import { UPLOAD_MESSAGES } from '@linewalker/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { fakeApi, renderWithProviders, testQueryClient } from '../../../testing/render.tsx';
import { fakeUploadServer, MemoryPersistence } from './testing/fakeServer.ts';
import { notAPhoto, photoFile } from './testing/photos.ts';
import { UploadLauncher } from './UploadLauncher.tsx';
import { UploadController } from './uploadController.ts';

const project = (inspection_type: '0' | '1' = '0') =>
  ({
    id: 7,
    project_name: 'Smoky Hill',
    inspection_type,
    company_name: 'Cascade',
  }) as unknown as ProjectDetail;

const structure = (id: number, struct_num: string, line_id: number): UploadStructure => ({
  structure_id: id,
  struct_num,
  line_id,
  line_name: `Line ${line_id}`,
  latitude: 40,
  longitude: -98,
  structure_source_type_id: 2,
  image_count: 0,
  archived_count: 0,
  inspected: false,
});

const LINES = [
  { id: 1, line_name: 'North Line', line_num: null },
  { id: 2, line_name: 'South Line', line_num: null },
];
const STRUCTURES = [structure(11, 'STR-10', 1), structure(12, 'STR-2', 1), structure(21, 'S-1', 2)];

function setup(controller: UploadController, p = project()) {
  // After a batch the page reloads structures and lines: the server answers them at the network boundary.
  const api = fakeApi(({ url }) => ({
    status: 200,
    body: url.includes('/structures/lines')
      ? LINES
      : url.includes('/inspections/structures')
        ? STRUCTURES
        : {},
  }));
  vi.stubGlobal('fetch', api.fetch);
  const client = testQueryClient();
  client.setQueryData(queryKeys.structures.lines(7), LINES);
  client.setQueryData(queryKeys.uploads.structures(7), STRUCTURES);
  const router = createMemoryRouter(
    [
      {
        path: '/projects/smoky/upload',
        element: (
          <>
            <Link to="/projects">All Projects</Link>
            <Link to="/projects/smoky/upload?lines=1">Filter</Link>
            <UploadLauncher project={p} controller={controller} />
          </>
        ),
      },
      { path: '/projects', element: <p>Project list</p> },
    ],
    { initialEntries: ['/projects/smoky/upload'] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />, { client }) };
}

const filesInput = () => screen.getByTestId('upload-files-input') as HTMLInputElement;

describe('Upload Images dialog', () => {
  it('takes only JPEG/PNG photos, says so when none is valid, and asks for at least one', async () => {
    const server = fakeUploadServer();
    const { user } = setup(new UploadController(7, server.deps));
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Images' });
    expect(within(dialog).getByRole('radio', { name: 'Automatic Assignment' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(UPLOAD_MESSAGES.atLeastOne);

    // The folder picker takes any file; only photos are kept.
    await user.upload(screen.getByTestId('upload-folder-input') as HTMLInputElement, [
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(within(dialog).getByRole('alert').textContent).toBe(UPLOAD_MESSAGES.noValidImages);

    await user.upload(filesInput(), [
      photoFile('DJI_0001.JPG'),
      photoFile('DJI_0002.png', 'b', 'image/png'),
      photoFile('.hidden.jpg'),
      new File(['x'], 'clip.mp4', { type: 'video/mp4' }),
    ]);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByTestId('upload-selected-count').textContent).toBe('2 photos selected');
    expect(within(dialog).getByRole('button', { name: 'Upload 2 Images' })).toBeTruthy();
  });

  it('manual assignment: Line then Structure (by struct_num), the drop area only once a structure is chosen', async () => {
    const server = fakeUploadServer();
    const { user } = setup(new UploadController(7, server.deps));
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Images' });
    expect(within(dialog).getByTestId('upload-drop-area')).toBeTruthy();
    await user.click(within(dialog).getByText('Manual Assignment'));
    expect(within(dialog).queryByTestId('upload-drop-area')).toBeNull();
    expect(within(dialog).queryByLabelText('Step Clip')).toBeNull();

    await user.click(within(dialog).getByRole('combobox', { name: 'Line' }));
    await user.click(screen.getByRole('option', { name: 'North Line' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Structure' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['STR-2', 'STR-10']);
    await user.click(screen.getByRole('option', { name: 'STR-10' }));
    expect(within(dialog).getByTestId('upload-drop-area')).toBeTruthy();
  });

  it('component projects: no automatic assignment, and a Step Clip input', async () => {
    const server = fakeUploadServer();
    const { user } = setup(new UploadController(7, server.deps), project('1'));
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Images' });
    expect(
      (within(dialog).getByRole('radio', { name: 'Automatic Assignment' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(within(dialog).getByLabelText('Step Clip')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /^Upload/ }));
    expect(within(dialog).getByRole('alert').textContent).toBe(UPLOAD_MESSAGES.structureRequired);
  });
});

describe('a batch from the dialog to the panel', () => {
  it('uploads, shows the Batch Upload panel with counts per tab, then offers to retry the failed ones', async () => {
    const server = fakeUploadServer();
    const { user } = setup(new UploadController(7, server.deps));
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    await user.upload(filesInput(), [
      photoFile('DJI_0001.JPG'),
      photoFile('DJI_0002.JPG'),
      notAPhoto('broken.jpg'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload 3 Images' }));

    const failed = await screen.findByRole('dialog', { name: 'Error Uploading 1 Images' });
    expect(failed.textContent).toContain(
      '1 images failed to upload. Would you like to retry uploading just the failed images?',
    );
    const panel = screen.getByRole('region', { name: 'Batch Upload' });
    expect(within(panel).getByTestId('upload-progress').textContent).toBe('66%');
    const tabs = within(panel)
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual(['All 3', 'Pending 0', 'Uploading 0', 'Complete 2', 'Failed 1']);
    await user.click(within(panel).getByRole('tab', { name: /Failed/ }));
    expect(
      within(panel)
        .getAllByTestId('upload-status')
        .map((s) => s.textContent),
    ).toEqual(['Failed Invalid Image 1002']);

    await user.click(within(failed).getByRole('button', { name: 'Retry 1 Images' }));
    await screen.findByRole('dialog', { name: 'Error Uploading 1 Images' });
    await user.click(screen.getByRole('button', { name: 'Ignore' }));
    expect(screen.queryByRole('dialog', { name: /Error Uploading/ })).toBeNull();
    expect(server.calls.token).toBe(2);
  });

  it('shows the unfinished last upload after a reload', async () => {
    const persistence = new MemoryPersistence();
    await persistence.begin(7, [
      { identity: 'a', name: 'DJI_0001.JPG', size: 1, lastModified: 1, md5: null, state: 'done' },
      { identity: 'b', name: 'DJI_0002.JPG', size: 1, lastModified: 1, md5: null, state: 'pending' },
      { identity: 'c', name: 'DJI_0003.JPG', size: 1, lastModified: 1, md5: null, state: 'failed' },
    ]);
    const server = fakeUploadServer();
    const { user } = setup(new UploadController(7, { ...server.deps, persistence }));
    const notice = await screen.findByTestId('upload-resume-notice');
    expect(notice.textContent).toContain(
      '2 photos from your last upload did not finish. Drop the same folder again to send only those.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Which photos?' }));
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['DJI_0002.JPG', 'DJI_0003.JPG']);
    await user.click(within(notice).getByRole('button', { name: 'Forget them' }));
    await waitFor(() => expect(screen.queryByTestId('upload-resume-notice')).toBeNull());
  });
});

describe('leaving while photos upload', () => {
  it("warns 'Uploading Images'; Stay keeps the page, Stop uploading leaves; filters in the query do not warn", async () => {
    const server = fakeUploadServer({ concurrentUploads: 1 });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const deps = { ...server.deps, putBlob: async () => gate };
    const controller = new UploadController(7, deps);
    const { user, router } = setup(controller);
    act(() => {
      void controller.start(
        [
          { file: photoFile('a.jpg'), path: 'a.jpg' },
          { file: photoFile('b.jpg'), path: 'b.jpg' },
        ],
        {
          projectId: 7,
          structureId: null,
          stepClip: null,
        },
      );
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Upload Images' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );

    await user.click(screen.getByRole('link', { name: 'Filter' }));
    expect(router.state.location.search).toBe('?lines=1');
    expect(screen.queryByRole('dialog', { name: 'Uploading Images' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'All Projects' }));
    const warning = await screen.findByRole('dialog', { name: 'Uploading Images' });
    expect(warning.textContent).toContain(
      'If you leave this page any remaining images will not be uploaded.',
    );
    await user.click(within(warning).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/projects/smoky/upload');

    await user.click(screen.getByRole('link', { name: 'All Projects' }));
    const again = await screen.findByRole('dialog', { name: 'Uploading Images' });
    await user.click(within(again).getByRole('button', { name: 'Stop uploading' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    release();
    await waitFor(() => expect(controller.getState().running).toBe(false));
    expect(controller.getState().items.map((i) => i.status)).toEqual(['Pending', 'Pending']);
  });
});
