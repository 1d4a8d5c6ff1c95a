import { failedDialogText, failedDialogTitle, retryButtonLabel, UPLOAD_MESSAGES } from '@linewalker/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** 'Error Uploading N Images' with 'Retry N Images' (failed only) and 'Ignore' (spec 2 §4, §8). */
export function FailedUploadsDialog({
  count,
  onRetry,
  onIgnore,
}: {
  count: number;
  onRetry: () => void;
  onIgnore: () => void;
}) {
  return (
    <Modal opened={count > 0} onClose={onIgnore} title={failedDialogTitle(count)} centered>
      <Stack>
        <Text>{failedDialogText(count)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onIgnore}>
            Ignore
          </Button>
          <Button onClick={onRetry}>{retryButtonLabel(count)}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Alert 'Error 1001': the project's existing photos could not be listed, so nothing was sent. */
export function ExistingListFailedDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={UPLOAD_MESSAGES.existingListFailed} centered>
      <Stack>
        <Text>
          The upload was cancelled because the photos already in this project could not be checked. Please try
          again.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
