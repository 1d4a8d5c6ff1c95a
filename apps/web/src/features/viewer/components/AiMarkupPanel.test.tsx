import type { AiModel } from '@linewalker/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sessionFor } from '../../../testing/render.tsx';
import type { useMarkupReview } from '../api/aiMarkups.ts';
import { AiMarkupPanel } from './AiMarkupPanel.tsx';

const model = (id: number, name: string): AiModel => ({
  id,
  model_class_id: null,
  model_class_name: name,
  model_holdbackpercentage: 10,
  model_notes: null,
  imgs_total: 0,
  imgs_ready_for_training: 0,
  imgs_not_ready_for_training: 0,
  users_contibuting: 0,
  userinitatedstarttrainingdate: null,
  currentstep: 0,
  totalstepcount: 0,
  state: 'Waiting for Images',
  latest_version: null,
});
const idle = { isPending: false, mutate: vi.fn() };
const review = { accept: idle, dismiss: idle, reviewAll: idle } as unknown as ReturnType<
  typeof useMarkupReview
>;

function panel(modelId: number | null, onModel: (id: number | null) => void) {
  return renderWithProviders(
    <AiMarkupPanel
      imageId={4}
      markups={[]}
      loading={false}
      minScore={0.5}
      onMinScore={() => {}}
      selectedId={null}
      onSelect={() => {}}
      categories={{ categories: [], subCategories: [] }}
      canAddCategory={false}
      review={review}
      models={[model(1, 'Broken insulator'), model(2, 'Bird nest')]}
      modelId={modelId}
      onModel={onModel}
    />,
    { session: sessionFor('inspector') },
  );
}

describe('the AI mode’s model picker', () => {
  it('offers All models and each model by class name, and reports the choice', async () => {
    const onModel = vi.fn();
    const { user } = panel(null, onModel);
    const picker = screen.getByRole('combobox', { name: 'Model' });
    expect(picker).toHaveProperty('value', 'All models');
    await user.click(picker);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All models',
      'Broken insulator',
      'Bird nest',
    ]);
    await user.click(screen.getByRole('option', { name: 'Bird nest' }));
    expect(onModel).toHaveBeenLastCalledWith(2);
  });

  it('shows the chosen model and goes back to all models', async () => {
    const onModel = vi.fn();
    const { user } = panel(1, onModel);
    const picker = screen.getByRole('combobox', { name: 'Model' });
    expect(picker).toHaveProperty('value', 'Broken insulator');
    await user.click(picker);
    await user.click(screen.getByRole('option', { name: 'All models' }));
    expect(onModel).toHaveBeenLastCalledWith(null);
  });
});
