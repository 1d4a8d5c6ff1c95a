import { ok } from '@linewalker/domain';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../../testing/eventually.ts';
import { fakeApi, renderWithProviders } from '../../../../testing/render.tsx';
import { draftOf, newDraft, type StructureDraft } from '../model/structureDraft.ts';
import { structure } from '../model/testData.ts';
import { DELETED_NOTICE_MS, StructureNoticeDialog } from './StructureNotices.tsx';
import { StructurePanel } from './StructurePanel.tsx';

const LINES = [
  { id: 10, line_name: 'Line A', line_num: null },
  { id: 11, line_name: 'Line B', line_num: null },
];

function Harness({
  initial,
  onNotice = () => {},
  onSaved = () => {},
  onRemoved = () => {},
}: {
  initial: StructureDraft;
  onNotice?: (notice: string) => void;
  onSaved?: (id: number) => void;
  onRemoved?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  return (
    <StructurePanel
      projectId={5}
      draft={draft}
      lines={LINES}
      onChange={setDraft}
      onClose={() => {}}
      onSaved={onSaved}
      onRemoved={onRemoved}
      onNotice={onNotice}
      onAddLine={() => {}}
    />
  );
}

describe('StructurePanel', () => {
  it("'Add New Structure': Save waits for all four fields, an invalid pair says so and nothing is sent", async () => {
    const api = fakeApi(() => ({ status: 200, body: { ...ok, structure_id: 77 } }));
    vi.stubGlobal('fetch', api.fetch);
    const onSaved = vi.fn();
    const { user } = renderWithProviders(<Harness initial={newDraft()} onSaved={onSaved} />);

    expect(screen.getByRole('dialog', { name: 'Add New Structure' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText(/Structure Name/), 'S-99');
    await user.click(screen.getByLabelText('Line', { exact: false, selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Line B' }));
    await user.type(screen.getByLabelText(/Latitude/), '95');
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText(/Longitude/), '-120.5');
    expect(save.hasAttribute('disabled')).toBe(false);

    await user.click(save);
    expect(screen.getByRole('alert').textContent).toBe('Invalid Latitude, Longitude!');
    expect(api.requests).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Latitude/));
    await user.type(screen.getByLabelText(/Latitude/), '46.25');
    await user.click(save);
    await eventually(() => expect(onSaved).toHaveBeenCalledWith(77));
    expect(api.requests[0]).toEqual({
      method: 'POST',
      url: '/api/v1/structures/create?projectId=5',
      body: { lineId: 11, lat: 46.25, lon: -120.5, structNumName: 'S-99' },
    });
  });

  it("'Structure': a moved structure is saved with latLonChanged, a refused save shows the duplicate dialog", async () => {
    let status = 200;
    const api = fakeApi(() =>
      status === 200
        ? { status, body: { ...ok, structure_id: 1 } }
        : { status, body: { code: 'conflict', message: 'exists' } },
    );
    vi.stubGlobal('fetch', api.fetch);
    const onNotice = vi.fn();
    const { user } = renderWithProviders(
      <Harness initial={draftOf(structure({ structure_id: 1, latitude: 46.6 }))} onNotice={onNotice} />,
    );
    expect(screen.getByRole('dialog', { name: 'Structure' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await eventually(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]!.url).toBe(
      '/api/v1/structures/update?structureId=1&projectId=5&latLonChanged=false',
    );

    await user.clear(screen.getByLabelText(/Latitude/));
    await user.type(screen.getByLabelText(/Latitude/), '46.7');
    status = 409;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await eventually(() => expect(onNotice).toHaveBeenCalledWith('duplicate'));
    expect(api.requests[1]!.url).toBe(
      '/api/v1/structures/update?structureId=1&projectId=5&latLonChanged=true',
    );
  });

  it('Remove asks first, then reports Deleted; a failure reports Oops', async () => {
    let status = 200;
    const api = fakeApi(() => ({
      status,
      body: status === 200 ? { ...ok, structure_id: 4 } : { code: 'internal_error', message: 'x' },
    }));
    vi.stubGlobal('fetch', api.fetch);
    const onNotice = vi.fn();
    const onRemoved = vi.fn();
    const { user } = renderWithProviders(
      <Harness initial={draftOf(structure({ structure_id: 4 }))} onNotice={onNotice} onRemoved={onRemoved} />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByText('Are you sure you want to remove this structure?')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove Structure' }));
    await eventually(() => expect(onNotice).toHaveBeenCalledWith('deleted'));
    expect(onRemoved).toHaveBeenCalled();
    expect(api.requests[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/structures/remove?structureId=4&projectId=5',
    });

    status = 500;
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Remove Structure' }));
    await eventually(() => expect(onNotice).toHaveBeenCalledWith('oops'));
  });
});

describe('structure dialogs', () => {
  it("'Deleted' closes itself after 5 seconds; the others wait for OK", async () => {
    vi.useFakeTimers();
    try {
      const onClose = vi.fn();
      const { rerender } = renderWithProviders(<StructureNoticeDialog notice="deleted" onClose={onClose} />);
      expect(screen.getByText('Your structure has been deleted.')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Deleted' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(DELETED_NOTICE_MS - 1));
      expect(onClose).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(onClose).toHaveBeenCalledTimes(1);

      rerender(<StructureNoticeDialog notice="duplicate" onClose={onClose} />);
      expect(screen.getByText('Cannot create duplicate structures.')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(DELETED_NOTICE_MS * 2));
      expect(onClose).toHaveBeenCalledTimes(1);

      rerender(<StructureNoticeDialog notice="oops" onClose={onClose} />);
      expect(screen.getByRole('heading', { name: 'Oops...' })).toBeTruthy();
      expect(screen.getByText('Something went wrong!')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
