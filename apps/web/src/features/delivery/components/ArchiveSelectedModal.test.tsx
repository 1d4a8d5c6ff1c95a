import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ArchiveSelectedModal } from './ArchiveSelectedModal.tsx';

function open(onConfirm = vi.fn()) {
  const view = renderWithProviders(
    <ArchiveSelectedModal
      opened
      imageCount={12}
      structureCount={1}
      customerName="Northern Plains"
      pending={false}
      error={null}
      onCancel={vi.fn()}
      onConfirm={onConfirm}
    />,
  );
  return { ...view, onConfirm };
}

describe('ArchiveSelectedModal', () => {
  it('says what is delivered to whom, and delivers with the default name when none is typed', async () => {
    const { user, onConfirm } = open();
    expect(screen.getByRole('dialog', { name: 'Archive Selected' }).textContent).toContain(
      'Deliver 12 images of 1 structure to Northern Plains?',
    );
    await user.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(onConfirm).toHaveBeenCalledWith(undefined);
  });

  it('sends a typed name trimmed, and refuses one past 100 characters', async () => {
    const { user, onConfirm } = open();
    const name = screen.getByLabelText(/Delivery name/);
    await user.type(name, 'x'.repeat(101));
    expect(screen.getByText('Maximum character is 100')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deliver' }).hasAttribute('disabled')).toBe(true);
    await user.clear(name);
    await user.type(name, '  Spring patrol  ');
    await user.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(onConfirm).toHaveBeenCalledWith('Spring patrol');
  });
});
