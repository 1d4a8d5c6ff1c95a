import { Button, Group, Modal, Stack, Text } from '@mantine/core';

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

/** A yes/no question above whatever is open (it stacks over another modal). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      centered
      size="sm"
      zIndex={400}
      closeOnClickOutside={false}
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
