import { Alert, Button, Group, Modal, Text } from '@mantine/core';

interface ArchiveProjectModalProps {
  projectName: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  archiving: boolean;
  error: string | null;
}

/** Archiving needs confirmation (spec 1 §4); unarchiving does not. */
export function ArchiveProjectModal({
  projectName,
  onConfirm,
  onCancel,
  archiving,
  error,
}: ArchiveProjectModalProps) {
  return (
    <Modal opened={projectName !== null} onClose={onCancel} title="Archive Project" centered>
      <Text>
        Archive <b>{projectName}</b>? It leaves the project list and shows under the Archived filter, where it
        can be unarchived.
      </Text>
      {error && (
        <Alert color="red" mt="md" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={archiving}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={archiving}>
          Archive Project
        </Button>
      </Group>
    </Modal>
  );
}
