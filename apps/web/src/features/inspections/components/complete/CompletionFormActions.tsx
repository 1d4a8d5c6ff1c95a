import { INSPECTION_MESSAGES } from '@linewalker/domain';
import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface CompletionFormActionsProps {
  /** False for users who may not inspect: they see the form read-only and no Save. */
  canSave: boolean;
  saveDisabled: boolean;
  saving: boolean;
  failed: boolean;
  onClose: () => void;
}

/** The failure alert (spec 1 §8: the dialog stays open) and the buttons every variant shares. */
export function CompletionFormActions(props: CompletionFormActionsProps) {
  return (
    <>
      {props.failed && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {INSPECTION_MESSAGES.saveFailed}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onClose}>
          {props.canSave ? 'Cancel' : 'Close'}
        </Button>
        {props.canSave && (
          <Button type="submit" loading={props.saving} disabled={props.saveDisabled}>
            Save
          </Button>
        )}
      </Group>
    </>
  );
}
