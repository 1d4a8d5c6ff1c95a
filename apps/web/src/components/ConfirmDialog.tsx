import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Red confirm button for actions that lose or remove something. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Escape answers the question with Cancel, listening only while the question is open. A modal's own
 * Escape listener stays on the window while closed, so the Escape that closed the form beneath (and
 * opened this question) would reach it too, and answer it before anyone saw it.
 */
function useEscapeToCancel(opened: boolean, onCancel: () => void) {
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useEffect(() => {
    if (!opened) return;
    // Added now, during the opening Escape's delivery if that is what opened it, the listener misses
    // that Escape (the DOM delivers an event only to listeners present when it reached the window).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.isComposing) cancel.current();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [opened]);
}

/** A yes/no question above whatever is open (it stacks over another modal). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  useEscapeToCancel(props.opened, props.onCancel);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      centered
      size="sm"
      zIndex={400}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Stack gap="lg">
        <Text size="sm">{props.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-autofocus>
            {props.cancelLabel}
          </Button>
          <Button color={props.destructive ? 'red' : undefined} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
