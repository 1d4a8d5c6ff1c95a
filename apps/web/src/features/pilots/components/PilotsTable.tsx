import { availabilityLabel, type PilotItem } from '@linewalker/domain';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { DataColumn, SortState } from '../../../components/DataTable/types.ts';
import { formatDay, pilotName } from '../model/pilotView.ts';

export type PilotColumnId =
  | 'name'
  | 'availability'
  | 'home_base'
  | 'phone'
  | 'email'
  | 'license'
  | 'aircraft'
  | 'certifications';

const dash = (t: string | null | undefined) => (t ? t : '—');

const COLUMNS: DataColumn<PilotItem, PilotColumnId>[] = [
  { id: 'name', header: 'Name', width: 180, sortable: true, cell: (p) => pilotName(p) },
  {
    id: 'availability',
    header: 'Availability',
    width: 140,
    sortable: true,
    cell: (p) => availabilityLabel(p.availability),
  },
  { id: 'home_base', header: 'Home Base', width: 170, sortable: true, cell: (p) => dash(p.home_base) },
  { id: 'phone', header: 'Phone', width: 150, sortable: true, cell: (p) => dash(p.phone) },
  { id: 'email', header: 'Email', width: 230, sortable: true, cell: (p) => p.email, title: (p) => p.email },
  {
    id: 'license',
    header: 'License Expiration',
    width: 160,
    sortable: true,
    cell: (p) => formatDay(p.license_expiration),
  },
  { id: 'aircraft', header: 'Aircraft', width: 180, sortable: true, cell: (p) => dash(p.aircraft) },
  {
    id: 'certifications',
    header: 'Certifications',
    width: 200,
    cell: (p) => (
      <Text size="sm" truncate="end">
        {p.certifications.join(', ') || '—'}
      </Text>
    ),
    title: (p) => p.certifications.join(', ') || undefined,
  },
];

export const pilotSortValue = (p: PilotItem, column: PilotColumnId): string | null => {
  switch (column) {
    case 'name':
      return `${p.last_name} ${p.first_name}`;
    case 'availability':
      return availabilityLabel(p.availability);
    case 'license':
      return p.license_expiration;
    case 'certifications':
      return p.certifications.join(', ') || null;
    default:
      return p[column] ?? null;
  }
};

interface PilotsTableProps {
  rows: PilotItem[];
  sort: SortState<PilotColumnId> | null;
  onSort: (column: PilotColumnId) => void;
  onOpen: (pilot: PilotItem) => void;
  selectedUserId: number | null;
  empty: ReactNode;
}

/** The pilot directory's table: every column but certifications sorts; a click or Enter edits the pilot. */
export function PilotsTable({ rows, sort, onSort, onOpen, selectedUserId, empty }: PilotsTableProps) {
  return (
    <DataTable
      rows={rows}
      rowKey={(p) => p.user_id}
      columns={COLUMNS as DataColumn<PilotItem>[]}
      label="Pilots"
      rowHeight={44}
      sort={sort}
      onSort={(column) => onSort(column as PilotColumnId)}
      onOpen={onOpen}
      isHighlighted={(p) => p.user_id === selectedUserId}
      empty={empty}
      resetKey={sort ? `${sort.column}-${sort.direction}` : 'none'}
      rowTestId="pilot-row"
      bordered
      height="max(280px, calc(100vh - 640px))"
    />
  );
}
