import type { OutboxMessage } from '@linewalker/domain';
import { Alert, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { LinkifiedText } from '../../../components/LinkifiedText.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { OutboxStatusBadge } from './OutboxStatusBadge.tsx';

interface OutboxMessageModalProps {
  message: OutboxMessage | null;
  onClose: () => void;
}

/** One outgoing message in full; links in the body (such as reset links) can be opened. */
export function OutboxMessageModal({ message, onClose }: OutboxMessageModalProps) {
  return (
    <Modal opened={message !== null} onClose={onClose} title={message?.subject || 'Message'} size="lg">
      {message && (
        <Stack gap="sm">
          <Group gap="lg" wrap="wrap">
            <Text size="sm">
              <Text span c="dimmed">
                To:{' '}
              </Text>
              {message.recipient}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Via:{' '}
              </Text>
              {message.channel}
            </Text>
            <Text size="sm">{formatDateTime(message.createdAt)}</Text>
            <OutboxStatusBadge status={message.status} />
            {message.attempts > 0 && (
              <Text size="sm" c="dimmed">
                {message.attempts} delivery {message.attempts === 1 ? 'attempt' : 'attempts'}
              </Text>
            )}
          </Group>
          {message.error && (
            <Alert
              color={message.status === 'failed' ? 'red' : 'orange'}
              title={
                message.status === 'retrying' ? 'Delivery failed; it will be tried again' : 'Delivery error'
              }
            >
              {message.error}
            </Alert>
          )}
          <Paper withBorder p="md" bg="gray.0">
            <LinkifiedText text={message.body} />
          </Paper>
        </Stack>
      )}
    </Modal>
  );
}
