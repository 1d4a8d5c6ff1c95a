import { BID_STATUS_LABELS, type BidListItem, formatUsDate, projectSlug } from '@linewalker/domain';
import { Anchor, Badge, Button, Group, Table, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useMarkBidWon } from '../api/markBidWon.ts';
import { BidImportProgress } from './BidImportProgress.tsx';

/**
 * Every bid with its customer, dates, structures, a link to its project and its state: an open bid is a
 * proposal whose project the customer does not see until staff mark it won.
 */
export function BidTable({ bids }: { bids: BidListItem[] }) {
  const markWon = useMarkBidWon();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label="Bids">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>RFP Name</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Project duration</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>KMZ files</Table.Th>
            <Table.Th ta="right">Structures</Table.Th>
            <Table.Th>Project</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bids.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>{b.rfp_name}</Table.Td>
              <Table.Td>{b.company_name}</Table.Td>
              <Table.Td>{formatUsDate(b.project_duration)}</Table.Td>
              <Table.Td>{formatUsDate(b.created_at)}</Table.Td>
              {/* Real file names are long words: they break anywhere rather than push Status off the screen. */}
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{b.files.join(', ')}</Table.Td>
              <Table.Td ta="right">{b.structures.toLocaleString('en-US')}</Table.Td>
              <Table.Td>
                {b.importing ? (
                  <BidImportProgress jobId={b.importing.jobId} projectName={b.project_name} />
                ) : b.project_name ? (
                  <Anchor component={Link} to={paths.project.getHref(projectSlug(b.project_name))}>
                    {b.project_name}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                {b.status === 'won' ? (
                  <Badge color="green" variant="light" style={{ flex: 'none' }}>
                    {BID_STATUS_LABELS.won}
                  </Badge>
                ) : (
                  // Neither gives way to long names in the other columns (the cell widens instead).
                  <Group gap="xs" wrap="nowrap" w="max-content">
                    <Badge variant="light" color="gray" style={{ flex: 'none' }}>
                      {BID_STATUS_LABELS.open}
                    </Badge>
                    <Tooltip label="The customer sees the project once the bid is won">
                      <Button
                        size="compact-xs"
                        style={{ flex: 'none' }}
                        variant="light"
                        loading={markWon.isPending && markWon.variables === b.id}
                        disabled={b.importing !== null || b.project_id === null}
                        onClick={() => markWon.mutate(b.id)}
                      >
                        Mark as Won
                      </Button>
                    </Tooltip>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
