import { CreateLineBody, LINE_MESSAGES } from '@linewalker/domain';
import { Alert, Button, Group, Modal, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../../lib/api.ts';
import { useCreateLine } from '../../api/createLine.ts';

/**
 * 'Add New Line' (spec 2 §2, §5): Line Name is required, at most 50 characters, and must not be a
 * line the customer has already ('Line already exists', checked by the server, any case).
 */
export function AddLineModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateLine(projectId);

  const close = () => {
    setName('');
    setError(null);
    create.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateLineBody.safeParse({ lineName: name, projectId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? LINE_MESSAGES.required);
      return;
    }
    create.mutate(parsed.data.lineName, {
      onSuccess: close,
      onError: (cause) => {
        if (isApiError(cause, 'line_exists')) setError(LINE_MESSAGES.exists);
      },
    });
  };

  const otherFailure = create.isError && !isApiError(create.error, 'line_exists');
  return (
    <Modal opened={opened} onClose={close} title="Add New Line" centered size="sm">
      <form onSubmit={onSubmit} noValidate>
        <TextInput
          label="Line Name"
          required
          data-autofocus
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
        />
        {otherFailure && (
          <Alert color="red" mt="sm" role="alert">
            Something went wrong!
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
