import type { OutboxMessage } from '@linewalker/domain';
import { Button, Table, Text } from '@mantine/core';
import { LogTable } from '../../../components/LogPage/LogTable.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { OutboxStatusBadge } from './OutboxStatusBadge.tsx';

const HEADERS = ['Time', 'Channel', 'Recipient', 'Subject', 'Status', 'Attempts', 'Body'] as const;

interface OutboxTableProps {
  items: OutboxMessage[];
  onOpen: (message: OutboxMessage) => void;
}

export function OutboxTable({ items, onOpen }: OutboxTableProps) {
  return (
    <LogTable headers={HEADERS} minWidth={760} highlightOnHover>
      {items.map((message) => (
        <Table.Tr key={message.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(message.createdAt)}</Table.Td>
          <Table.Td>{message.channel}</Table.Td>
          <Table.Td>{message.recipient}</Table.Td>
          <Table.Td>
            <Text size="sm" lineClamp={1}>
              {message.subject ?? '—'}
            </Text>
          </Table.Td>
          <Table.Td>
            <OutboxStatusBadge status={message.status} />
          </Table.Td>
          <Table.Td title={message.error ?? undefined}>{message.attempts || '—'}</Table.Td>
          <Table.Td>
            <Button
              size="xs"
              variant="light"
              onClick={() => onOpen(message)}
              aria-label={`View message to ${message.recipient}`}
            >
              View
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </LogTable>
  );
}
