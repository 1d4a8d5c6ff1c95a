import type { InspectionReport } from '@linewalker/domain';
import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconForms } from '@tabler/icons-react';
import { QueryError } from '../../../../components/QueryError.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { inspectionReportPdfUrl, useInspectionReport } from '../../api/inspectionReport.ts';
import { AnnotationCrop } from './AnnotationCrop.tsx';

export interface InspectionReportModalProps {
  inspectionId: number;
  opened: boolean;
  onClose: () => void;
  /** Opens the saved completion form (what 'View Inspection Report' showed before the report existed). */
  onOpenForm: () => void;
}

function Facts({ report }: { report: InspectionReport }) {
  const rows: Array<[string, string]> = [
    ['Project', report.project_name],
    ['Line', report.line_num ? `${report.line_name} (${report.line_num})` : report.line_name],
    ...(report.component ? ([['Component', report.component]] as Array<[string, string]>) : []),
    ['Location', `${report.latitude.toFixed(6)}, ${report.longitude.toFixed(6)}`],
    ['Reviewer', report.reviewer ?? '—'],
    ['Date Reviewed', report.date_reviewed ? formatDateTime(report.date_reviewed) : '—'],
    ...report.completion.map((c) => [c.label, c.value] as [string, string]),
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={4} maw={640}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160} fw={600}>
              {label}
            </Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th fw={600}>Risk</Table.Th>
          <Table.Td>
            <Badge color={report.risk.color} variant="filled" data-testid="report-risk">
              {report.risk.label}
            </Badge>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function AnnotationCard({ annotation: a }: { annotation: InspectionReport['annotations'][number] }) {
  const fields: Array<[string, string]> = [
    ['Component', a.component ?? '—'],
    ['Deficiency', a.deficiency ?? '—'],
    ['Severity', `${a.severity} (${a.risk_level})`],
    ['Notes', a.note ?? '—'],
  ];
  return (
    <Card withBorder padding="sm" data-testid="report-annotation">
      <Card.Section>
        <AnnotationCrop annotation={a} />
      </Card.Section>
      <Text fw={600} mt="sm" size="sm">
        #{a.annotation_number} · {a.image_name}
      </Text>
      <Stack gap={2} mt={4}>
        {fields.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" w={76} style={{ flexShrink: 0 }}>
              {label}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * 'View Inspection Report': the completed inspection's report — structure, line, location, reviewer, date,
 * risk, completion answers and every annotation with its outlined photo crop — with its PDF download.
 */
export function InspectionReportModal(props: InspectionReportModalProps) {
  const report = useInspectionReport(props.inspectionId, props.opened);
  const data = report.data;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size="80rem"
      zIndex={400}
      title={data ? `Inspection Report · ${data.structure}` : 'Inspection Report'}
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700 } }}
    >
      {report.isError ? (
        <QueryError error={report.error} onRetry={() => report.refetch()} />
      ) : !data ? (
        <Center h={200}>
          <Loader />
        </Center>
      ) : (
        <Stack>
          <Group justify="space-between" align="flex-start">
            <Facts report={data} />
            <Group gap="xs">
              <Button variant="default" leftSection={<IconForms size={16} />} onClick={props.onOpenForm}>
                Completion Form
              </Button>
              <Button
                component="a"
                href={inspectionReportPdfUrl(props.inspectionId)}
                download
                leftSection={<IconDownload size={16} />}
              >
                Download PDF
              </Button>
            </Group>
          </Group>
          <Title order={4}>Annotations ({data.annotations.length})</Title>
          {data.annotations.length === 0 ? (
            <Text c="dimmed">No annotations.</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {data.annotations.map((a) => (
                <AnnotationCard key={a.id} annotation={a} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
    </Modal>
  );
}
