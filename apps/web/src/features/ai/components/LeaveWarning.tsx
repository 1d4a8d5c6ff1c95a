import { AI_MESSAGES } from '@linewalker/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';

/** While images upload, leaving the model page asks first (spec 3 §2): 'Stop uploading' or 'Stay'. */
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
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={AI_MESSAGES.leaveTitle}
      centered
    >
      <Stack>
        <Text>{AI_MESSAGES.leaveText}</Text>
        <Group justify="flex-end">
          <Button
            color="red"
            variant="light"
            onClick={() => {
              onStop();
              blocker.proceed?.();
            }}
          >
            Stop uploading
          </Button>
          <Button onClick={() => blocker.reset?.()}>Stay</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
