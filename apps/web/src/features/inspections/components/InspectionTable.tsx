import type { ProjectLine } from '@linewalker/domain';
import { Badge, MultiSelect, TextInput } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { DataTable, type DataTableSelection } from '../../../components/DataTable/DataTable.tsx';
import type { DataColumn } from '../../../components/DataTable/types.ts';
import { formatCount } from '../../../lib/format.ts';
import type { ColumnDef, ColumnId } from '../model/columns.ts';
import type { ViewFilters } from '../model/filterViews.ts';
import { type InspectionView, NO_DATE } from '../model/inspectionView.ts';
import type { SortState } from '../model/sortViews.ts';
import classes from './InspectionTable.module.css';
import { RiskBadge } from './RiskBadge.tsx';

/** Table geometry of spec 2 §2: rows 40 px, header 31 px (79 with the column filters). */
export const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 31;

interface InspectionTableProps {
  columns: readonly ColumnDef[];
  /** Every position of the filtered list; rows not loaded yet are undefined. */
  views: ArrayLike<InspectionView | undefined>;
  /** The positions in view changed: the window loads their pages. */
  onRangeChange: (first: number, last: number) => void;
  sort: SortState | null;
  onSort: (column: ColumnId) => void;
  selection: Omit<DataTableSelection<InspectionView, number>, 'allLabel' | 'rowLabel'>;
  onOpen: (view: InspectionView) => void;
  showFilters: boolean;
  filters: ViewFilters;
  onFiltersChange: (patch: Partial<ViewFilters>) => void;
  /** The project's lines, for the Line Name filter. */
  lines: readonly ProjectLine[];
  /** Shown under the header when no row passes the filters. */
  empty: ReactNode;
  /** Changes whenever sort or filters change: the table then scrolls back to its first row. */
  resetKey: string;
}

function cellOf(column: ColumnDef): (view: InspectionView) => ReactNode {
  if (column.id === 'risk') return (view) => <RiskBadge risk={view.risk} />;
  if (column.id === 'aiMarkups')
    return (view) =>
      view.aiMarkups > 0 ? (
        <Badge color="violet" variant="light" title={`${formatCount(view.aiMarkups)} open AI markups`}>
          {formatCount(view.aiMarkups)}
        </Badge>
      ) : (
        <span className={classes.dimmed}>0</span>
      );
  if (column.id === 'dateReviewed')
    return (view) =>
      view.dateReviewed === NO_DATE ? <span className={classes.dimmed}>{NO_DATE}</span> : view.dateReviewed;
  return column.text;
}

/** The columns whose text may be cut short (long names, notes, 'Complete (no photos)'). */
const CUT_SHORT: ReadonlySet<ColumnId> = new Set([
  'lineName',
  'structure',
  'component',
  'reviewedBy',
  'reviewStatus',
  'notes',
]);

const rowLabel = (view: InspectionView) => `Select ${view.lineName} ${view.structure}`;

/**
 * The summary table (spec 1 §2, spec 2 §2) on the shared DataTable: every column sorts, Line Name and
 * Structure have column filters, a click or Enter opens an inspection, the boxes select rows for export.
 */
export function InspectionTable(props: InspectionTableProps) {
  const { columns, filters, onFiltersChange, lines } = props;
  const lineOptions = useMemo(
    () =>
      [...lines]
        .sort((a, b) =>
          a.line_name.localeCompare(b.line_name, 'en-US', { numeric: true, sensitivity: 'base' }),
        )
        .map((l) => ({ value: String(l.id), label: l.line_name })),
    [lines],
  );

  const tableColumns = useMemo(
    (): DataColumn<InspectionView>[] =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        width: column.width,
        minWidth: column.minWidth,
        align: column.align,
        sortable: true,
        cell: cellOf(column),
        // Text a narrow column may cut short is shown whole on hover.
        title: CUT_SHORT.has(column.id) ? (view) => String(column.text(view)) : undefined,
        filter:
          column.id === 'lineName' ? (
            <MultiSelect
              size="xs"
              placeholder={filters.lineIds.length === 0 ? 'Line Name' : undefined}
              aria-label="Filter by line name"
              data={lineOptions}
              value={filters.lineIds.map(String)}
              onChange={(ids) => onFiltersChange({ lineIds: ids.map(Number) })}
              searchable
              clearable
              maxDropdownHeight={224}
              classNames={{ pillsList: classes.oneLinePills }}
              comboboxProps={{ withinPortal: true }}
            />
          ) : column.id === 'structure' ? (
            <TextInput
              size="xs"
              placeholder="Structure"
              aria-label="Filter by structure"
              value={filters.structure}
              onChange={(e) => onFiltersChange({ structure: e.currentTarget.value })}
            />
          ) : undefined,
      })),
    [columns, filters.lineIds, filters.structure, onFiltersChange, lineOptions],
  );

  const selection = useMemo(
    () => ({ ...props.selection, allLabel: 'Select all matching inspections', rowLabel }),
    [props.selection],
  );

  return (
    <DataTable
      rows={props.views}
      onRangeChange={props.onRangeChange}
      rowKey={(view) => view.id}
      columns={tableColumns}
      label="Inspections"
      rowHeight={ROW_HEIGHT}
      headerHeight={HEADER_HEIGHT}
      sort={props.sort}
      onSort={props.onSort as (column: string) => void}
      showFilters={props.showFilters}
      selection={selection}
      onOpen={props.onOpen}
      empty={props.empty}
      resetKey={props.resetKey}
      testId="inspection-table"
      rowTestId="inspection-row"
      bordered
      // The table fills the tab below its toolbar; the rows scroll inside it.
      height="max(420px, calc(100vh - 330px))"
    />
  );
}
