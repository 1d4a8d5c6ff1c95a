import type { StructureRow } from '@linewalker/domain';
import { ScrollArea, Stack, Table, Text, Title } from '@mantine/core';

/** 'Sample Rows': up to the first 100 valid rows and 'There are N structures on M lines.' (spec 1 §2). */
export function CsvSampleRows({ rows, summary }: { rows: StructureRow[] | null; summary: string | null }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="csv-sample-rows">
      <Title order={3} size="h5" id="csv-sample-rows">
        Sample Rows
      </Title>
      {summary && <Text size="sm">{summary}</Text>}
      {rows === null ? (
        <Text size="sm" c="dimmed">
          Sample rows appear once both name columns are chosen and the rows are checked.
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No valid rows.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260} type="auto">
          <Table striped withTableBorder stickyHeader fz="xs" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Line</Table.Th>
                <Table.Th>Structure</Table.Th>
                <Table.Th>Latitude</Table.Th>
                <Table.Th>Longitude</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.rowNumber}>
                  <Table.Td>{r.rowNumber}</Table.Td>
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td>{r.structure}</Table.Td>
                  <Table.Td>{r.latitude}</Table.Td>
                  <Table.Td>{r.longitude}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
