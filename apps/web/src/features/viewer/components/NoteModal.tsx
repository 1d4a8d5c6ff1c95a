import { IMAGE_NOTE_MAX, NOTE_BLANK_MESSAGE } from '@linewalker/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';

interface NoteModalProps {
  opened: boolean;
  note: string | null;
  saving: boolean;
  onSave: (text: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The Image Note modal (spec 2 §4): read-only when a note exists ('Edit Note', then 'Save Note' while
 * editing); 'Create Note' without one. At most 500 characters; 'Note cannot be blank'.
 */
export function NoteModal({ opened, note, saving, onSave, onClose }: NoteModalProps) {
  const [editing, setEditing] = useState(note === null);
  const [text, setText] = useState(note ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setEditing(note === null);
      setText(note ?? '');
      setError(null);
    }
  }, [opened, note]);
  const save = async () => {
    if (text.trim() === '') return setError(NOTE_BLANK_MESSAGE);
    try {
      await onSave(text.trim());
      setEditing(false);
      onClose();
    } catch {
      setError('Could not save the note. Please try again.');
    }
  };
  const label = !editing ? 'Edit Note' : note === null ? 'Create Note' : 'Save Note';
  return (
    <Modal opened={opened} onClose={onClose} title="Image Note" centered zIndex={350}>
      <Stack>
        {editing ? (
          <Textarea
            aria-label="Note"
            data-autofocus
            autosize
            minRows={4}
            maxLength={IMAGE_NOTE_MAX}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            description={`${text.length} / ${IMAGE_NOTE_MAX}`}
          />
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="note-text">
            {note}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button loading={saving} onClick={() => (editing ? void save() : setEditing(true))}>
            {label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
