import { ok } from '@linewalker/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../../testing/eventually.ts';
import { fakeApi, renderWithProviders } from '../../../../testing/render.tsx';
import { image, structure } from '../model/testData.ts';
import { ImagePanel, TOO_MANY_MESSAGE } from './ImagePanel.tsx';

const STRUCTURES = [
  structure({ structure_id: 1, struct_num: 'S-1' }),
  structure({ structure_id: 2, struct_num: 'S-2', line_name: 'Line B' }),
];

function renderPanel(
  images: ReturnType<typeof image>[],
  rights: { canReassign?: boolean; canReject?: boolean } = {},
  onDone = vi.fn(),
) {
  return renderWithProviders(
    <ImagePanel
      projectId={5}
      images={images}
      structures={STRUCTURES}
      canReassign={rights.canReassign ?? true}
      canReject={rights.canReject ?? true}
      onClose={() => {}}
      onDone={onDone}
      onDetails={() => {}}
    />,
  );
}

describe('ImagePanel', () => {
  it("'Image' for one photo; Reassign sends it to the chosen structure once one is picked", async () => {
    const api = fakeApi(() => ({ status: 200, body: { ...ok, count: 1 } }));
    vi.stubGlobal('fetch', api.fetch);
    const onDone = vi.fn();
    const { user } = renderPanel([image({ image_id: 7, structure_id: 1 })], {}, onDone);
    expect(screen.getByRole('dialog', { name: 'Image' })).toBeTruthy();
    expect(screen.getByText('Structure S-1')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reassign' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByLabelText('Structure', { exact: false, selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'S-2 — Line B' }));
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(save);
    await eventually(() => expect(onDone).toHaveBeenCalled());
    expect(api.requests[0]).toEqual({
      method: 'PUT',
      url: '/api/v1/inspections/reassignImages?newStructureId=2&projectId=5',
      body: { imageIds: [7] },
    });
  });

  it("'Reassign Images' for several; unassigned ones are assigned; reject needs a reason of at most 499", async () => {
    const api = fakeApi(() => ({ status: 200, body: { ...ok, count: 2 } }));
    vi.stubGlobal('fetch', api.fetch);
    const onDone = vi.fn();
    const { user } = renderPanel(
      [image({ image_id: 7, structure_id: null }), image({ image_id: 8, structure_id: null })],
      {},
      onDone,
    );
    expect(screen.getByRole('dialog', { name: 'Reassign Images' })).toBeTruthy();
    expect(screen.getByText('2 images selected, all unassigned')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Assign' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const reason = screen.getByLabelText('Why are you rejecting this photo?') as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(499);
    const saveReject = screen.getByRole('button', { name: 'Save Reject' });
    expect(saveReject.hasAttribute('disabled')).toBe(true);
    await user.type(reason, 'Blurred');
    await user.click(saveReject);
    await eventually(() => expect(onDone).toHaveBeenCalled());
    expect(api.requests[0]).toEqual({
      method: 'POST',
      url: '/api/v1/inspections/images/reject',
      body: { notes: 'Blurred', imageIds: [7, 8] },
    });
  });

  it('above 500 selected photos a red message asks for fewer and nothing can be sent', () => {
    const many = Array.from({ length: 501 }, (_, k) => image({ image_id: k + 1 }));
    renderPanel(many);
    expect(screen.getByRole('alert').textContent).toBe(TOO_MANY_MESSAGE);
    expect(screen.getByRole('button', { name: 'Reassign' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Reject' }).hasAttribute('disabled')).toBe(true);
  });

  it('offers only what the policy allows: a user may reassign but not reject', () => {
    renderPanel([image()], { canReassign: true, canReject: false });
    expect(screen.getByRole('button', { name: 'Reassign' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
