import { STRUCTURE_MESSAGES } from '@linewalker/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';

/** How long the 'Deleted' dialog stays (spec 2 §8: shown for 5 seconds). */
export const DELETED_NOTICE_MS = 5000;

export type StructureNotice = 'duplicate' | 'deleted' | 'oops';

const NOTICES: Record<StructureNotice, { title: string; text: string }> = {
  duplicate: { title: 'Error', text: STRUCTURE_MESSAGES.duplicate },
  deleted: { title: 'Deleted', text: 'Your structure has been deleted.' },
  oops: { title: 'Oops...', text: 'Something went wrong!' },
};

/** The structure dialogs of spec 2 §8: a failed save, a removal done (closes itself) or failed. */
export function StructureNoticeDialog({
  notice,
  onClose,
}: {
  notice: StructureNotice | null;
  onClose: () => void;
}) {
  useEffect(() => {
    if (notice !== 'deleted') return;
    const timer = setTimeout(onClose, DELETED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, onClose]);
  const shown = notice ? NOTICES[notice] : null;
  return (
    <Modal opened={shown !== null} onClose={onClose} title={shown?.title} centered size="sm">
      <Text>{shown?.text}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>OK</Button>
      </Group>
    </Modal>
  );
}

/** 'Remove Structure' / 'Are you sure you want to remove this structure?' (spec 2 §8). */
export function RemoveStructureConfirm({
  opened,
  busy,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Remove Structure" centered size="sm">
      <Text>Are you sure you want to remove this structure?</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          Remove Structure
        </Button>
      </Group>
    </Modal>
  );
}
