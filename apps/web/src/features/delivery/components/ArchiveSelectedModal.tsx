import { ARCHIVE_NAME_MAX, formatCount } from '@linewalker/domain';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api.ts';

/**
 * Confirms 'Archive Selected': how many photos of how many structures, and the delivery's name (the
 * server names it 'Delivery N (date)' when left empty).
 */
export function ArchiveSelectedModal({
  opened,
  imageCount,
  structureCount,
  customerName,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  imageCount: number;
  structureCount: number;
  customerName: string;
  pending: boolean;
  error: Error | null;
  onCancel: () => void;
  onConfirm: (archiveName: string | undefined) => void;
}) {
  const [name, setName] = useState('');
  const tooLong = name.trim().length > ARCHIVE_NAME_MAX;
  const images = `${formatCount(imageCount)} ${imageCount === 1 ? 'image' : 'images'}`;
  const structures = `${formatCount(structureCount)} ${structureCount === 1 ? 'structure' : 'structures'}`;
  return (
    <Modal opened={opened} onClose={onCancel} title="Archive Selected" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooLong) onConfirm(name.trim() || undefined);
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Deliver {images} of {structures} to {customerName}? They are marked delivered, and a delivery
            package (a ZIP with the original photos, an index and the annotations) is built for download.
          </Text>
          <TextInput
            label="Delivery name"
            description="Optional. Left empty, it is named after its number and today's date."
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={tooLong ? `Maximum character is ${ARCHIVE_NAME_MAX}` : undefined}
            data-autofocus
          />
          {error && (
            <Alert color="red" title="Could not deliver">
              {error instanceof ApiRequestError ? error.message : 'Please try again.'}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={tooLong}>
              Deliver
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
