import { CATEGORY_NAME_MAX } from '@linewalker/domain';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api.ts';
import { useAddCategory } from '../api/viewerMutations.ts';

interface AddCategoryModalProps {
  kind: 'component' | 'deficiency' | null;
  componentId: number | null;
  onClose: () => void;
  onAdded: (kind: 'component' | 'deficiency', id: number) => void;
}

/** Add New Component / Add New Deficiency (spec 2 §2): a name, required, at most 35 characters. */
export function AddCategoryModal({ kind, componentId, onClose, onAdded }: AddCategoryModalProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { addComponent, addDeficiency } = useAddCategory();
  const pending = addComponent.isPending || addDeficiency.isPending;
  const title = kind === 'deficiency' ? 'Add New Deficiency' : 'Add New Component';
  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError('A name is required');
    if (trimmed.length > CATEGORY_NAME_MAX) return setError(`At most ${CATEGORY_NAME_MAX} characters`);
    try {
      const answer =
        kind === 'deficiency' && componentId !== null
          ? await addDeficiency.mutateAsync({ newDeficiency: trimmed, categoryId: componentId })
          : await addComponent.mutateAsync(trimmed);
      onAdded(kind ?? 'component', answer.id);
      close();
    } catch (err) {
      setError(
        err instanceof ApiRequestError && err.code === 'category_exists'
          ? `${kind === 'deficiency' ? 'This deficiency' : 'This component'} exists already`
          : 'Could not save. Please try again.',
      );
    }
  };
  return (
    <Modal opened={kind !== null} onClose={close} title={title} centered size="sm" zIndex={400}>
      <Stack>
        <TextInput
          label="Name"
          data-autofocus
          value={name}
          maxLength={CATEGORY_NAME_MAX}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void submit();
          }}
          error={error}
          description={`At most ${CATEGORY_NAME_MAX} characters`}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={pending}>
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
