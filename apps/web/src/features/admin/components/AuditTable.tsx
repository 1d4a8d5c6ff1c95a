import type { AuditRecord } from '@linewalker/domain';
import { Code, Table, Text } from '@mantine/core';
import { LogTable } from '../../../components/LogPage/LogTable.tsx';
import { formatDateTime } from '../../../lib/format.ts';

const HEADERS = ['Time', 'User', 'Action', 'Object', 'IP', 'Details'] as const;

function detailsText(details: unknown): string {
  if (details === null || details === undefined) return '';
  return typeof details === 'string' ? details : JSON.stringify(details);
}

export function AuditTable({ items }: { items: AuditRecord[] }) {
  return (
    <LogTable headers={HEADERS} minWidth={880}>
      {items.map((record) => {
        const details = detailsText(record.details);
        return (
          <Table.Tr key={record.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(record.createdAt)}</Table.Td>
            <Table.Td>
              {record.userEmail ?? (record.userId === null ? 'System' : `User #${record.userId}`)}
            </Table.Td>
            <Table.Td>
              <Code>{record.action}</Code>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {record.objectType}
              {record.objectId !== null && ` #${record.objectId}`}
            </Table.Td>
            <Table.Td>{record.ip ?? '—'}</Table.Td>
            <Table.Td maw={320}>
              <Text
                size="xs"
                ff="monospace"
                lineClamp={2}
                title={details}
                style={{ overflowWrap: 'anywhere' }}
              >
                {details || '—'}
              </Text>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </LogTable>
  );
}
