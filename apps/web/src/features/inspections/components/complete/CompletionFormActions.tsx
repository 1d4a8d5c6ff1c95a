import { COMPLETION_LIMITS, INSPECTION_MESSAGES } from '@linewalker/domain';
import { Alert, Button, Group, Textarea, type TextareaProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface CompletionFormActionsProps {
  /** False for users who may not inspect: they see the form read-only and no Save. */
  canSave: boolean;
  saveDisabled: boolean;
  saving: boolean;
  failed: boolean;
  onClose: () => void;
  /** The Notes box every variant ends with (value/onChange/error from the form). */
  notes: Pick<TextareaProps, 'value' | 'onChange' | 'error'>;
}

/** The Notes box, failure alert (spec 1 §8: the dialog stays open) and buttons every variant shares. */
export function CompletionFormActions(props: CompletionFormActionsProps) {
  return (
    <>
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxRows={6}
        readOnly={!props.canSave}
        maxLength={COMPLETION_LIMITS.commentsMax}
        {...props.notes}
      />
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
