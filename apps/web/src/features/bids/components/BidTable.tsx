import { type BidListItem, formatUsDate, projectSlug } from '@linewalker/domain';
import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { BidImportProgress } from './BidImportProgress.tsx';

/** Every bid with its customer, dates, structures and a link to its project. */
export function BidTable({ bids }: { bids: BidListItem[] }) {
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
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bids.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>{b.rfp_name}</Table.Td>
              <Table.Td>{b.company_name}</Table.Td>
              <Table.Td>{formatUsDate(b.project_duration)}</Table.Td>
              <Table.Td>{formatUsDate(b.created_at)}</Table.Td>
              <Table.Td>{b.files.join(', ')}</Table.Td>
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
