import { Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '../../../../components/DataTable/DataTable.tsx';
import { nextSort, type SortValue, sortRows } from '../../../../components/DataTable/sorting.ts';
import type { DataColumn, SortState } from '../../../../components/DataTable/types.ts';
import { type AssignmentModel, lineNameOf } from '../../model/assignmentModel.ts';
import classes from './StructureTable.module.css';

const ROW_PX = 32;

type ColumnId = 'structure' | 'lineName' | 'crew' | 'imageCount';

interface StructureTableProps {
  model: AssignmentModel;
  /** The structures the filters keep, in data order. */
  rows: Uint32Array;
  /** Mask over all structures of the current selection, or null. */
  selectedMask: Uint8Array | null;
}

/** What each column sorts by; unassigned structures go last by Crew. */
function sortValue(model: AssignmentModel, column: ColumnId): (index: number) => SortValue {
  switch (column) {
    case 'structure':
      return (i) => model.columns.struct_num[i]!;
    case 'lineName':
      return (i) => lineNameOf(model, i);
    case 'crew':
      return (i) => model.crewNumbers[i]! || null;
    case 'imageCount':
      return (i) => model.columns.image_count[i]!;
  }
}

function structureColumns(model: AssignmentModel): DataColumn<number>[] {
  return [
    {
      id: 'structure',
      header: 'Structure',
      width: 160,
      sortable: true,
      cell: (i) => model.columns.struct_num[i]!,
    },
    {
      id: 'lineName',
      header: 'Line Name',
      width: 220,
      sortable: true,
      cell: (i) => lineNameOf(model, i),
    },
    {
      id: 'crew',
      header: 'Crew',
      width: 150,
      sortable: true,
      cell: (i) => {
        const crewNumber = model.crewNumbers[i]!;
        return (
          <>
            <span aria-hidden className={classes.swatch} style={{ background: model.palette[crewNumber] }} />
            {crewNumber > 0 ? `Crew ${crewNumber}` : 'Unassigned'}
          </>
        );
      },
    },
    {
      id: 'imageCount',
      header: 'Image Count',
      width: 110,
      align: 'right',
      sortable: true,
      cell: (i) => model.columns.image_count[i]!,
    },
  ];
}

const empty = (
  <Text c="dimmed" ta="center" py="md" size="sm">
    No structures match the filters.
  </Text>
);

/**
 * The shown structures (spec 1 §2: Structure, Line Name, Crew, Image Count) on the shared DataTable,
 * sortable by any column; the structures selected on the map are highlighted.
 */
export function StructureTable({ model, rows, selectedMask }: StructureTableProps) {
  const [sort, setSort] = useState<SortState<ColumnId> | null>(null);
  const columns = useMemo(() => structureColumns(model), [model]);
  const shown = useMemo(
    () => (sort ? sortRows(Array.from(rows), sort.direction, sortValue(model, sort.column)) : rows),
    [rows, sort, model],
  );
  const onSort = useCallback((column: string) => setSort((s) => nextSort(s, column as ColumnId)), []);
  const isHighlighted = useCallback((index: number) => selectedMask?.[index] === 1, [selectedMask]);

  return (
    <DataTable
      rows={shown}
      rowKey={(index) => index}
      columns={columns}
      label="Structures"
      rowHeight={ROW_PX}
      sort={sort}
      onSort={onSort}
      isHighlighted={isHighlighted}
      empty={empty}
      resetKey={JSON.stringify(sort)}
      testId="structure-table"
    />
  );
}
