import {
  formatCount,
  type OverviewStructure,
  RISK,
  reviewStatusLabel,
  STRUCTURE_PAGE_SIZE,
  type StructureOrderBy,
  type TableOrder,
} from '@linewalker/domain';
import { ColorSwatch, Group, LoadingOverlay, Paper, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { Pager } from '../../../components/Pager.tsx';

export interface TableSort {
  orderBy: StructureOrderBy;
  order: TableOrder;
}

const COLUMNS: Array<{ key: StructureOrderBy; label: string; numeric?: boolean }> = [
  { key: 'struct_num', label: 'Structure' },
  { key: 'line_name', label: 'Line Name' },
  { key: 'line_num', label: 'Line Number' },
  { key: 'review_status', label: 'Status' },
  { key: 'issue_count', label: 'Issues', numeric: true },
];

interface StructuresTableProps {
  rows: OverviewStructure[];
  total: number;
  page: number;
  sort: TableSort;
  loading: boolean;
  selectedId: number | null;
  onPage: (page: number) => void;
  onSort: (sort: TableSort) => void;
  onPick: (row: OverviewStructure) => void;
}

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  sort: TableSort;
  onSort: (s: TableSort) => void;
}) {
  const active = sort.orderBy === column.key;
  const Icon = !active ? IconSelector : sort.order === 'ASC' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (sort.order === 'ASC' ? 'ascending' : 'descending') : 'none'}
      style={{ textAlign: column.numeric ? 'right' : undefined }}
    >
      <UnstyledButton
        onClick={() =>
          onSort({ orderBy: column.key, order: active && sort.order === 'ASC' ? 'DESC' : 'ASC' })
        }
        fw={600}
        fz="sm"
      >
        <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : undefined}>
          {column.label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The overview's structure table (spec 2 §2: Structure, Line Name, Line Number, Status, Issues), paged by 50 on
 * the server and sorted by a column header. A row click (or Enter) shows the structure on the map.
 */
export function StructuresTable({
  rows,
  total,
  page,
  sort,
  loading,
  selectedId,
  onPage,
  onSort,
  onPick,
}: StructuresTableProps) {
  return (
    <Paper withBorder radius="md" p="sm" pos="relative">
      <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <Table.ScrollContainer minWidth={720}>
        <Table highlightOnHover striped aria-label="Structures" data-testid="overview-structures">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const risk = RISK[row.risk];
              return (
                <Table.Tr
                  key={row.structure_id}
                  tabIndex={0}
                  aria-selected={row.structure_id === selectedId}
                  bg={row.structure_id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
                  style={{ cursor: 'pointer' }}
                  onClick={() => onPick(row)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      onPick(row);
                    }
                  }}
                >
                  <Table.Td>
                    <Group gap={8} wrap="nowrap">
                      <ColorSwatch
                        color={risk.color}
                        size={12}
                        withShadow={false}
                        aria-label={risk.label}
                        title={risk.label}
                      />
                      <Text size="sm" fw={500}>
                        {row.struct_num}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{row.line_name}</Table.Td>
                  <Table.Td>{row.line_num ?? '--'}</Table.Td>
                  <Table.Td>{reviewStatusLabel(row.review_status)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.issue_count)}</Table.Td>
                </Table.Tr>
              );
            })}
            {rows.length === 0 && !loading && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Text c="dimmed" ta="center" py="md">
                    No structures match these filters.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager page={page} pageSize={STRUCTURE_PAGE_SIZE} total={total} onChange={onPage} />
    </Paper>
  );
}
