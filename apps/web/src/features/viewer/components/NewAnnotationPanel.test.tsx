import type { CategoriesResponse } from '@linewalker/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sessionFor } from '../../../testing/render.tsx';
import { NewAnnotationPanel } from './NewAnnotationPanel.tsx';

const categories: CategoriesResponse = {
  categories: [
    { id: 1, display_text: 'Crossarm' },
    { id: 2, display_text: 'Bird Guard' },
  ],
  subCategories: [{ id: 101, category_id: 1, sub_category_text: 'Rot / Decay' }],
};

function renderPanel(canAddCategory = false) {
  const onSave = vi.fn();
  const view = renderWithProviders(
    <NewAnnotationPanel
      categories={categories}
      canAddCategory={canAddCategory}
      saving={false}
      error={null}
      onSave={onSave}
      onCancel={() => {}}
    />,
    { session: sessionFor('inspector') },
  );
  return { ...view, onSave };
}

describe('New annotation panel (spec 2 §2, §5)', () => {
  it('saves only with a component; risk 2 by default; deficiency only where the component has some', async () => {
    const { user, onSave } = renderPanel();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.queryByLabelText('Deficiency', { selector: 'input' })).toBeNull();
    expect(screen.queryByText('Add New Component')).toBeNull();

    await user.type(screen.getByLabelText('Component', { selector: 'input' }), 'bird');
    await user.click(await screen.findByRole('option', { name: 'Bird Guard' }));
    expect(screen.queryByLabelText('Deficiency', { selector: 'input' })).toBeNull();
    expect(save.disabled).toBe(false);
    await user.click(save);
    expect(onSave).toHaveBeenLastCalledWith({ category: 2, sub_category: null, risk_level: 2, text: '' });
  });

  it('offers the deficiencies of the chosen component and Add New for project managers', async () => {
    const { user, onSave } = renderPanel(true);
    expect(screen.getByText('Add New Component')).toBeTruthy();
    await user.type(screen.getByLabelText('Component', { selector: 'input' }), 'cross');
    await user.click(await screen.findByRole('option', { name: 'Crossarm' }));
    await user.click(screen.getByLabelText('Deficiency', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Rot / Decay' }));
    await user.click(screen.getByText('5'));
    await user.type(screen.getByLabelText('Notes'), 'Split at the bolt');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({
      category: 1,
      sub_category: 101,
      risk_level: 5,
      text: 'Split at the bolt',
    });
  });

  it('Enter confirms once a component is chosen, also from the component field; an open list takes Enter first', async () => {
    const { user, onSave } = renderPanel();
    const field = screen.getByLabelText('Component', { selector: 'input' });
    await user.type(field, 'bird');
    // The list is open with the option highlighted: Enter picks it, it does not save.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect((field as HTMLInputElement).value).toBe('Bird Guard');
    // The field keeps the focus, its list closed: Enter confirms the markup (spec 2 §2).
    expect(document.activeElement).toBe(field);
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenLastCalledWith({ category: 2, sub_category: null, risk_level: 2, text: '' });
  });

  it('Enter in the notes writes a new line and does not save', async () => {
    const { user, onSave } = renderPanel();
    await user.type(screen.getByLabelText('Component', { selector: 'input' }), 'bird');
    await user.click(await screen.findByRole('option', { name: 'Bird Guard' }));
    await user.type(screen.getByLabelText('Notes'), 'one{Enter}two');
    expect(onSave).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('one\ntwo');
  });
});
