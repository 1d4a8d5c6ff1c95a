import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sessionFor } from '../../../testing/render.tsx';
import { CompletionPrecheck, precheckSteps } from './CompletionPrecheck.tsx';

describe('warnings before completing an inspection (spec 2 §5)', () => {
  it('asks about unassigned photos first, then about arms without photos, and only what has entries', () => {
    expect(precheckSteps([1], ['Top Left'])).toEqual(['unassigned', 'arms']);
    expect(precheckSteps([], ['Top Left'])).toEqual(['arms']);
    expect(precheckSteps([1], [])).toEqual(['unassigned']);
    expect(precheckSteps([], [])).toEqual([]);
  });

  it("lists the unassigned photos by name with 'Complete Inspection Anyways' and Cancel", async () => {
    const onContinue = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderWithProviders(
      <CompletionPrecheck
        step="unassigned"
        unassigned={[{ id: 7, image_name: 'DJI_0042.JPG', meters: 31.6 }]}
        armsWithoutImages={['Top Left']}
        word="Arm"
        onCancel={onCancel}
        onContinue={onContinue}
      />,
      { session: sessionFor('inspector') },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unassigned Images' });
    expect(dialog.textContent).toContain('DJI_0042.JPG');
    expect(dialog.textContent).not.toContain('Top Left');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Complete Inspection Anyways' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('lists the flanges of an ABB inspection that no photo shows by position text', async () => {
    renderWithProviders(
      <CompletionPrecheck
        step="arms"
        unassigned={[]}
        armsWithoutImages={['Top Right', 'Bottom Left']}
        word="Flange"
        onCancel={() => {}}
        onContinue={() => {}}
      />,
      { session: sessionFor('inspector') },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Flanges Without Images' });
    expect(screen.getByTestId('arms-without-images').textContent).toBe('Top RightBottom Left');
    expect(dialog.textContent).toContain('these flanges');
  });
});
