import type { AdminJob } from '@linewalker/domain';
import { Button, Code, Table, Text } from '@mantine/core';
import { LogTable } from '../../../components/LogPage/LogTable.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { JobProgress } from './JobProgress.tsx';
import { JobStateBadge } from './JobStateBadge.tsx';

const HEADERS = ['Created', 'Job', 'Started by', 'State', 'Progress', 'Error', ''] as const;

interface JobsTableProps {
  items: AdminJob[];
  onRetry: (job: AdminJob) => void;
  /** The job whose retry is being sent. */
  retrying: number | null;
}

export function JobsTable({ items, onRetry, retrying }: JobsTableProps) {
  return (
    <LogTable headers={HEADERS} minWidth={960}>
      {items.map((job) => (
        <Table.Tr key={job.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.createdAt)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Code>{job.name}</Code>
            <Text span size="xs" c="dimmed">
              {' '}
              #{job.id}
            </Text>
          </Table.Td>
          <Table.Td>{job.createdByEmail ?? 'System'}</Table.Td>
          <Table.Td>
            <JobStateBadge state={job.state} />
          </Table.Td>
          <Table.Td>
            <JobProgress job={job} />
          </Table.Td>
          <Table.Td maw={320}>
            {job.error ? (
              <Text
                size="xs"
                c={job.state === 'failed' ? 'red' : 'dimmed'}
                lineClamp={2}
                title={job.error}
                style={{ overflowWrap: 'anywhere' }}
              >
                {job.error}
              </Text>
            ) : (
              '—'
            )}
          </Table.Td>
          <Table.Td>
            {job.state === 'failed' && (
              <Button
                size="xs"
                variant="light"
                loading={retrying === job.id}
                onClick={() => onRetry(job)}
                aria-label={`Retry job ${job.id}`}
              >
                Retry
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </LogTable>
  );
}
