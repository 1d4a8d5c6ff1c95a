import { UPLOAD_MESSAGES } from '@linewalker/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';

/**
 * While files upload, leaving the page asks first ('Uploading Images', spec 2 §2 and spec 3 §2 for AI
 * images): in-app navigation through the router's blocker, closing or reloading the tab through the
 * browser's own prompt. Changing only the query (the header's filters) is not leaving.
 */
export function UploadLeaveWarning({ active, onStop }: { active: boolean; onStop: () => void }) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
    [active],
  );
  const blocker = useBlocker(shouldBlock);
  // 'Stop uploading' ends the upload (active turns false, which lets the blocked navigation go on below) and
  // proceeds itself: the blocker may proceed once only ('proceeding -> proceeding' is refused).
  const proceeded = useRef(false);
  const proceed = useCallback(() => {
    if (blocker.state !== 'blocked' || proceeded.current) return;
    proceeded.current = true;
    blocker.proceed();
  }, [blocker]);
  useEffect(() => {
    if (blocker.state !== 'blocked') proceeded.current = false;
  }, [blocker.state]);

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
    if (!active) proceed();
  }, [active, proceed]);

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
              proceed();
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
