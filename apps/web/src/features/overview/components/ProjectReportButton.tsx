import { PROJECT_REPORT_MIN_RISK, type ProjectReport, riskInfo } from '@linewalker/domain';
import { Alert, Badge, Button, Group, Loader, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  projectReportDownloadUrl,
  useCreateProjectReport,
  useProjectReports,
} from '../api/projectReports.ts';

const LEVELS = [3, 4, 5].map((l) => riskInfo(l).label).join(', ');

function ReportState({ report }: { report: ProjectReport }) {
  if (report.status === 'ready') {
    return (
      <Button
        component="a"
        href={projectReportDownloadUrl(report.id)}
        download
        size="xs"
        leftSection={<IconDownload size={14} />}
      >
        Download PDF
      </Button>
    );
  }
  if (report.status === 'failed') {
    return (
      <Badge color="red" variant="light">
        Failed
      </Badge>
    );
  }
  const total = report.structure_count;
  return (
    <Group gap="xs" wrap="nowrap" miw={180}>
      <Loader size="xs" />
      {total ? (
        <Progress value={(100 * report.structures_done) / total} w={120} aria-label="Report progress" />
      ) : (
        <Text size="sm" c="dimmed">
          Queued
        </Text>
      )}
    </Group>
  );
}

/**
 * The Overview's 'Risk Report': a PDF of every completed structure at risk 3 (Significant) or higher, with
 * each annotation's photo crop, built in the background; the dialog lists the project's recent reports with
 * their progress and downloads.
 */
export function ProjectReportButton({ projectId }: { projectId: number }) {
  const [opened, setOpened] = useState(false);
  const reports = useProjectReports(projectId, opened);
  const create = useCreateProjectReport(projectId);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileTypePdf size={14} />}
        onClick={() => setOpened(true)}
      >
        Risk Report
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Risk Report" size="lg">
        <Stack>
          <Text size="sm">
            A PDF of every completed structure at risk {PROJECT_REPORT_MIN_RISK} or higher ({LEVELS}),
            riskiest first, with each annotation's photo crop, component, deficiency, severity and note.
          </Text>
          {create.isError && (
            <Alert color="red" variant="light">
              {create.error.message}
            </Alert>
          )}
          <Group>
            <Button loading={create.isPending} onClick={() => create.mutate()}>
              Build Report
            </Button>
          </Group>
          {reports.isError ? (
            <QueryError error={reports.error} onRetry={() => reports.refetch()} />
          ) : reports.isPending ? (
            <Loader size="sm" />
          ) : reports.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No reports yet.
            </Text>
          ) : (
            <Table verticalSpacing="xs" data-testid="project-reports">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Structures</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reports.data.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{formatDateTime(r.created_at)}</Table.Td>
                    <Table.Td>{r.structure_count ?? '—'}</Table.Td>
                    <Table.Td>
                      <ReportState report={r} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Modal>
    </>
  );
}
