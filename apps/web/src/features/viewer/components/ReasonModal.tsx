import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';

interface ReasonModalProps {
  opened: boolean;
  title: string;
  label: string;
  placeholder?: string;
  maxLength: number;
  submitLabel: string;
  submitColor?: string;
  saving: boolean;
  error: string | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** A required reason in a text area: rejecting a photo, requesting a reshoot (spec 2 §2, §5). */
export function ReasonModal(props: ReasonModalProps) {
  const [text, setText] = useState('');
  useEffect(() => {
    if (props.opened) setText('');
  }, [props.opened]);
  const ready = text.trim() !== '' && !props.saving;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered zIndex={350}>
      <Stack>
        <Textarea
          label={props.label}
          placeholder={props.placeholder}
          data-autofocus
          autosize
          minRows={3}
          maxLength={props.maxLength}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          description={`${text.length} / ${props.maxLength}`}
          error={props.error}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            color={props.submitColor}
            disabled={!ready}
            loading={props.saving}
            onClick={() => props.onSubmit(text.trim())}
          >
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
