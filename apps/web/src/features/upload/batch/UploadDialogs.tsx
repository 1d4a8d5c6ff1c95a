import { failedDialogText, failedDialogTitle, retryButtonLabel, UPLOAD_MESSAGES } from '@linewalker/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';

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

/**
 * While photos upload, leaving the page asks first ('Uploading Images', spec 2 §2): in-app navigation
 * through the router's blocker, closing or reloading the tab through the browser's own prompt.
 * Changing only the query (the header's filters) is not leaving.
 */
export function LeaveWarning({ active, onStop }: { active: boolean; onStop: () => void }) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
    [active],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  useEffect(() => {
    if (!active && blocker.state === 'blocked') blocker.proceed();
  }, [active, blocker]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={UPLOAD_MESSAGES.leaveTitle}
      centered
    >
      <Stack>
        <Text>{UPLOAD_MESSAGES.leaveText}</Text>
        <Group justify="flex-end">
          <Button
            color="red"
            variant="light"
            onClick={() => {
              onStop();
              blocker.proceed?.();
            }}
          >
            {UPLOAD_MESSAGES.leaveStop}
          </Button>
          <Button onClick={() => blocker.reset?.()}>{UPLOAD_MESSAGES.leaveStay}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
