import { ok } from '@linewalker/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../../testing/eventually.ts';
import { fakeApi, renderWithProviders, sessionFor } from '../../../../testing/render.tsx';
import { inspectionRow } from '../../testing/inspectionRow.ts';
import { CompleteInspectionModal } from './CompleteInspectionModal.tsx';

// A Distribution project (type 1) completes with the structure details form (variant 2).
const project = { id: 5, ptype_id: 1 };
const SAVE_FAILED = 'Could not save inspection. Please contact support or try again later';

const dialog = () => screen.getByRole('dialog');
const field = (label: string) =>
  within(dialog()).getByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement;
const save = () => within(dialog()).getByRole('button', { name: 'Save' }) as HTMLButtonElement;

function renderModal(
  roleName: 'inspector' | 'customer',
  onClose = () => {},
  overrides: Parameters<typeof inspectionRow>[0] = { count: 3, uploaded_image_count: 3 },
) {
  const row = inspectionRow({ line: '12', structure: '12/7', line_name: 'Feeder 12', ...overrides });
  const view = renderWithProviders(
    <CompleteInspectionModal project={project} row={row} onClose={onClose} />,
    {
      session: sessionFor(roleName),
    },
  );
  return { ...view, row };
}

async function fillRequired(user: ReturnType<typeof renderModal>['user']) {
  await user.type(field('STR Type'), 'Tangent');
  await user.type(field('Arm Type'), 'Wood crossarm');
  await user.type(field('Arm Quantity'), '2');
  await user.type(field('Anchor Quantity'), '4');
  await user.type(field('Guy Quantity'), '1');
  await user.type(field('Conductor Sleeve Quantity'), '0');
}

describe('Complete Inspection form (spec 1 §2 variant 2, §5, §8)', () => {
  it('keeps Save off until every required field is filled; the inspector defaults to the user', async () => {
    const { user } = renderModal('inspector');
    expect(within(dialog()).getByText('Complete Inspection')).toBeTruthy();
    expect(field('Inspection Number').value).toBe('12-12/7');
    expect(field('Inspection Number').readOnly).toBe(true);
    expect(field('Inspector').value).toBe('Ina Spector');
    expect(save().disabled).toBe(true);

    await fillRequired(user);
    expect(save().disabled).toBe(false);

    await user.clear(field('Inspector'));
    expect(save().disabled).toBe(true);
  });

  it('keeps an out-of-range quantity as typed and names the limit (Arm 0–10, Anchor 0–16)', async () => {
    const api = fakeApi(() => ({ status: 200, body: ok }));
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderModal('inspector');
    await fillRequired(user);
    await user.clear(field('Arm Quantity'));
    await user.type(field('Arm Quantity'), '12');
    expect(field('Arm Quantity').value).toBe('12');
    expect(within(dialog()).getByText('Arm Quantity must be between 0 and 10.')).toBeTruthy();

    await user.clear(field('Anchor Quantity'));
    await user.type(field('Anchor Quantity'), '17');
    expect(within(dialog()).getByText('Anchor Quantity must be between 0 and 16.')).toBeTruthy();

    await user.click(save());
    expect(api.requests).toEqual([]);

    await user.clear(field('Arm Quantity'));
    await user.type(field('Arm Quantity'), '10');
    await user.clear(field('Anchor Quantity'));
    await user.type(field('Anchor Quantity'), '16');
    expect(within(dialog()).queryByText(/must be between/)).toBeNull();
  });

  it('sends the answers for this inspection and closes when the server confirms', async () => {
    const onClose = vi.fn();
    let saved: unknown = null;
    const api = fakeApi((request) => {
      saved = request.body;
      return {
        status: 200,
        body: { ...ok, inspection: { ...row, date_reviewed: '2026-11-23T12:00:00.000Z' } },
      };
    });
    vi.stubGlobal('fetch', api.fetch);
    const { user, row } = renderModal('inspector', onClose);
    await fillRequired(user);
    await user.type(within(dialog()).getByLabelText('Notes'), 'Leaning pole');
    await user.click(save());

    await eventually(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST /api/v1/inspections/complete/${row.id}`,
    ]);
    expect(saved).toEqual({
      component: null,
      data: {
        strType: 'Tangent',
        armType: 'Wood crossarm',
        armQty: 2,
        anchorQty: 4,
        guyQty: 1,
        insulatorType: null,
        condSleeveQty: 0,
        inspector: 'Ina Spector',
        comments: 'Leaning pole',
      },
    });
  });

  it("shows the spec's alert and stays open when the save fails", async () => {
    const onClose = vi.fn();
    const api = fakeApi(() => ({
      status: 500,
      body: { code: 'internal_error', message: 'Something went wrong' },
    }));
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderModal('inspector', onClose);
    await fillRequired(user);
    await user.click(save());

    expect((await within(dialog()).findByRole('alert')).textContent).toBe(SAVE_FAILED);
    expect(onClose).not.toHaveBeenCalled();
    expect(field('STR Type').value).toBe('Tangent');
  });

  it('asks before completing a structure without photos, and sends nothing on Cancel', async () => {
    const onClose = vi.fn();
    const api = fakeApi(() => ({ status: 200, body: { ...ok, inspection: inspectionRow() } }));
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderModal('inspector', onClose, { count: 1, uploaded_image_count: 0 });
    await fillRequired(user);
    await user.click(save());
    const confirm = await screen.findByRole('dialog', { name: 'No Photos' });
    expect(confirm.textContent).toContain('This structure has no photos.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.requests).toEqual([]);

    await user.click(save());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'No Photos' })).getByRole('button', {
        name: 'Complete Without Photos',
      }),
    );
    await eventually(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.requests).toHaveLength(1);
  });

  it('is read-only for a customer, with Close and no Save', () => {
    renderModal('customer');
    expect(within(dialog()).getByText('Read only')).toBeTruthy();
    expect(field('STR Type').readOnly).toBe(true);
    expect(within(dialog()).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
