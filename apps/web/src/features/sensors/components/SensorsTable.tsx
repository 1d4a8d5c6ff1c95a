import type { SensorStructureValue } from '@linewalker/domain';
import { ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { round, type SensorColumnId, type SensorSort } from '../model/sensorView.ts';

const COLUMNS: { id: SensorColumnId; header: string }[] = [
  { id: 'line_name', header: 'Line Name' },
  { id: 'struct_num', header: 'Structure' },
  { id: 'tilt_x', header: 'Tilt x' },
  { id: 'tilt_y', header: 'Tilt y' },
  { id: 'tilt_z', header: 'Tilt z' },
  { id: 'recent_vibration_x', header: 'Vibration x' },
  { id: 'recent_vibration_y', header: 'Vibration y' },
  { id: 'recent_vibration_z', header: 'Vibration z' },
  { id: 'alert', header: 'Risk' },
];

interface SensorsTableProps {
  rows: readonly SensorStructureValue[];
  selectedId: string | null;
  sort: SensorSort | null;
  onSort: (column: SensorColumnId) => void;
  onSelect: (deviceId: string) => void;
}

const cell = (r: SensorStructureValue, id: SensorColumnId) => {
  const v = r[id];
  if (id === 'line_name' || id === 'struct_num') return v ?? 'N/A';
  if (id === 'alert') return String(v);
  return round(v as number | null, 2);
};

/** Spec 3 §2 'Sensors page': the sortable table (row height 40, header 31); a click selects the row. */
export function SensorsTable({ rows, selectedId, sort, onSort, onSelect }: SensorsTableProps) {
  if (rows.length === 0) {
    return (
      <Text ta="center" py="lg" data-testid="sensors-empty">
        No Alerts
      </Text>
    );
  }
  return (
    <ScrollArea h={240} type="auto">
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={8}
        data-testid="sensors-table"
        aria-label="Sensors"
      >
        <Table.Thead>
          <Table.Tr h={31}>
            {COLUMNS.map((c) => (
              <Table.Th
                key={c.id}
                aria-sort={
                  sort?.column === c.id ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                }
              >
                <UnstyledButton onClick={() => onSort(c.id)} fw={600} fz="sm">
                  {c.header}
                  {sort?.column === c.id &&
                    (sort.direction === 'asc' ? <IconChevronUp size={12} /> : <IconChevronDown size={12} />)}
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={r.common_sense_device_id}
              h={40}
              data-testid="sensor-row"
              data-device={r.common_sense_device_id}
              aria-selected={r.common_sense_device_id === selectedId}
              bg={r.common_sense_device_id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={() => onSelect(r.common_sense_device_id)}
            >
              {COLUMNS.map((c) => (
                <Table.Td key={c.id}>{cell(r, c.id)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
