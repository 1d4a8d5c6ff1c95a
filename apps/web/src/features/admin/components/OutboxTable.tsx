import type { OutboxMessage } from '@linewalker/domain';
import { Button, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format.ts';
import { OutboxStatusBadge } from './OutboxStatusBadge.tsx';

interface OutboxTableProps {
  items: OutboxMessage[];
  onOpen: (message: OutboxMessage) => void;
}

export function OutboxTable({ items, onOpen }: OutboxTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Body</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
