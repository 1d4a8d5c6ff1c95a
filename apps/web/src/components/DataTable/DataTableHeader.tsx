import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { memo } from 'react';
import classes from './DataTable.module.css';
import type { DataColumn, SortState } from './types.ts';

export interface HeaderSelection {
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  label: string;
}

interface DataTableHeaderProps<Row> {
  columns: readonly DataColumn<Row>[];
  sort: SortState | null;
  onSort?: (column: string) => void;
  selection: HeaderSelection | null;
  showFilters: boolean;
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  if (direction === 'asc') return <IconChevronUp size={14} aria-hidden />;
  if (direction === 'desc') return <IconChevronDown size={14} aria-hidden />;
  return <IconSelector size={14} aria-hidden opacity={0.45} />;
}

const ariaSort = (direction: 'asc' | 'desc' | null) =>
  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';

/**
 * Column labels (sortable ones are buttons) and, when shown, a row of column filters. Memoised:
 * the table re-renders on every scroll frame, the header only when its props change.
 */
function DataTableHeaderImpl<Row>({
  columns,
  sort,
  onSort,
  selection,
  showFilters,
}: DataTableHeaderProps<Row>) {
  return (
    <thead className={classes.head}>
      <tr>
        {selection && (
          <th className={`${classes.headCell} ${classes.checkCell}`} scope="col">
            <input
              type="checkbox"
              className={classes.rowCheck}
              aria-label={selection.label}
              checked={selection.allSelected}
              // 'indeterminate' exists only as a DOM property, not as an attribute.
              ref={(box) => {
                if (box) box.indeterminate = !selection.allSelected && selection.someSelected;
              }}
              onChange={selection.onToggleAll}
            />
          </th>
        )}
        {columns.map((column) => {
          const direction = sort?.column === column.id ? sort.direction : null;
          const align = column.align === 'right' ? classes.right : '';
          return (
            <th
              key={column.id}
              className={`${classes.headCell} ${align}`}
              scope="col"
              aria-sort={column.sortable ? ariaSort(direction) : undefined}
            >
              {column.sortable && onSort ? (
                <UnstyledButton className={classes.sortButton} onClick={() => onSort(column.id)}>
                  <span>{column.header}</span>
                  <SortIcon direction={direction} />
                </UnstyledButton>
              ) : (
                column.header
              )}
            </th>
          );
        })}
      </tr>
      {showFilters && (
        <tr>
          {selection && <td className={`${classes.filterCell} ${classes.checkCell}`} />}
          {columns.map((column) => (
            <td key={column.id} className={classes.filterCell}>
              {column.filter}
            </td>
          ))}
        </tr>
      )}
    </thead>
  );
}

export const DataTableHeader = memo(DataTableHeaderImpl) as typeof DataTableHeaderImpl;
