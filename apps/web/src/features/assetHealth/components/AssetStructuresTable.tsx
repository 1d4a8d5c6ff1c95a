import { riskInfo, type TransmissionStructure } from '@linewalker/domain';
import { Badge, Box, Button, Loader, ScrollArea, Table, Text } from '@mantine/core';
import type { UIEvent } from 'react';
import { formatDateTime } from '../../../lib/format.ts';

interface AssetStructuresTableProps {
  rows: readonly TransmissionStructure[];
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  onOpen: (assetId: number) => void;
  onSensor: (row: TransmissionStructure) => void;
}

export const riskBadge = (level: number) => {
  const info = riskInfo(level);
  return (
    <Badge color={info.color} variant="filled" autoContrast>
      {info.label}
    </Badge>
  );
};

/** The structures table: 50 rows at a time, the next 50 when scrolled past two thirds (spec 3 §9). */
export function AssetStructuresTable({
  rows,
  loading,
  hasMore,
  onLoadMore,
  onOpen,
  onSensor,
}: AssetStructuresTableProps) {
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (hasMore && !loading && el.scrollTop + el.clientHeight > (el.scrollHeight * 2) / 3) onLoadMore();
  };
  return (
    <ScrollArea.Autosize mah={480} viewportProps={{ onScroll }} data-testid="asset-table-scroll" type="auto">
      <Table stickyHeader highlightOnHover striped data-testid="asset-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line Name</Table.Th>
            <Table.Th>Structure</Table.Th>
            <Table.Th>Risk</Table.Th>
            <Table.Th>Issues</Table.Th>
            <Table.Th>Inspected</Table.Th>
            <Table.Th>Sensor</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.asset_id}
              onClick={() => onOpen(row.asset_id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onOpen(row.asset_id);
                }
              }}
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              aria-label={`${row.line_name} ${row.struct_num}`}
              data-testid="asset-row"
            >
              <Table.Td>{row.line_name}</Table.Td>
              <Table.Td>{row.struct_num}</Table.Td>
              <Table.Td>{riskBadge(row.max_risk_level)}</Table.Td>
              <Table.Td>{row.issue_count}</Table.Td>
              <Table.Td>{row.health_date ? formatDateTime(row.health_date) : '—'}</Table.Td>
              <Table.Td>
                {row.device_id ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={(e) => {
                      e.stopPropagation();
                      onSensor(row);
                    }}
                  >
                    Sensor Data
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {loading && (
        <Box ta="center" p="sm">
          <Loader size="sm" aria-label="Loading structures" />
        </Box>
      )}
      {!loading && rows.length === 0 && (
        <Text ta="center" c="dimmed" p="md">
          No structures in this state.
        </Text>
      )}
    </ScrollArea.Autosize>
  );
}
