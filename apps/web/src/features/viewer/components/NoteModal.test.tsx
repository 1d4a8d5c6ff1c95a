import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sessionFor } from '../../../testing/render.tsx';
import { NoteModal } from './NoteModal.tsx';

describe('Image Note modal (spec 2 §4, §5)', () => {
  it("reads 'Create Note' without a note and refuses a blank one with 'Note cannot be blank'", async () => {
    const onSave = vi.fn().mockResolvedValue({});
    const { user } = renderWithProviders(
      <NoteModal opened note={null} saving={false} onSave={onSave} onClose={() => {}} />,
      { session: sessionFor('inspector') },
    );
    await user.click(screen.getByRole('button', { name: 'Create Note' }));
    expect(await screen.findByText('Note cannot be blank')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Note'), '  Check the crossarm  ');
    await user.click(screen.getByRole('button', { name: 'Create Note' }));
    expect(onSave).toHaveBeenCalledWith('Check the crossarm');
  });

  it("opens a note read-only with 'Edit Note', then 'Save Note' while editing", async () => {
    const onSave = vi.fn().mockResolvedValue({});
    const { user } = renderWithProviders(
      <NoteModal opened note="Old note" saving={false} onSave={onSave} onClose={() => {}} />,
      { session: sessionFor('inspector') },
    );
    expect(screen.getByTestId('note-text').textContent).toBe('Old note');
    await user.click(screen.getByRole('button', { name: 'Edit Note' }));
    const box = screen.getByLabelText('Note') as HTMLTextAreaElement;
    expect(box.value).toBe('Old note');
    expect(box.maxLength).toBe(500);
    await user.clear(box);
    await user.type(box, 'New note');
    await user.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(onSave).toHaveBeenCalledWith('New note');
  });
});
