import type { SensorStructureValue } from '@linewalker/domain';
import { ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
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

const ROW_PX = 40;
const VIEW_PX = 240;
/** Rows drawn above and below the visible ones. */
const OVERSCAN = 10;

/**
 * Spec 3 §2 'Sensors page': the sortable table (row height 40, header 31); a click selects the row. Only the
 * rows in view (and a few around them) are drawn, spacers standing for the others, so 10,000 devices render
 * and refresh as fast as 10.
 */
export function SensorsTable({ rows, selectedId, sort, onSort, onSelect }: SensorsTableProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / ROW_PX) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + VIEW_PX) / ROW_PX) + OVERSCAN);
  if (rows.length === 0) {
    return (
      <Text ta="center" py="lg" data-testid="sensors-empty">
        No Alerts
      </Text>
    );
  }
  return (
    <ScrollArea h={VIEW_PX} type="auto" onScrollPositionChange={({ y }) => setScrollTop(y)}>
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
          {first > 0 && <Spacer height={first * ROW_PX} />}
          {rows.slice(first, last).map((r) => (
            <Table.Tr
              key={r.common_sense_device_id}
              h={ROW_PX}
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
          {last < rows.length && <Spacer height={(rows.length - last) * ROW_PX} />}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** Stands for rows not drawn (keeps the scroll height). */
function Spacer({ height }: { height: number }) {
  return (
    <tr data-spacer style={{ height }}>
      <td colSpan={COLUMNS.length} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}
