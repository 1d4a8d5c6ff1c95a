import { MultiSelect, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { memo } from 'react';
import type { ColumnDef, ColumnId } from '../model/columns.ts';
import type { ViewFilters } from '../model/filterViews.ts';
import type { SortState } from '../model/sortViews.ts';
import classes from './InspectionTable.module.css';

interface InspectionTableHeaderProps {
  columns: readonly ColumnDef[];
  sort: SortState | null;
  onSort: (column: ColumnId) => void;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  showFilters: boolean;
  filters: ViewFilters;
  onFiltersChange: (patch: Partial<ViewFilters>) => void;
  lineNames: readonly string[];
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  if (direction === 'asc') return <IconChevronUp size={14} aria-hidden />;
  if (direction === 'desc') return <IconChevronDown size={14} aria-hidden />;
  return <IconSelector size={14} aria-hidden opacity={0.45} />;
}

/**
 * Column labels that sort on click (31 px), plus a row of column filters when shown (79 px in all).
 * Memoised: the table re-renders on every scroll frame, the header only when its props change.
 */
export const InspectionTableHeader = memo(function InspectionTableHeader(props: InspectionTableHeaderProps) {
  const { columns, sort, onSort, filters, onFiltersChange } = props;
  return (
    <thead className={classes.head}>
      <tr>
        <th className={`${classes.headCell} ${classes.checkCell}`} scope="col">
          <input
            type="checkbox"
            className={classes.rowCheck}
            aria-label="Select all shown inspections"
            checked={props.allSelected}
            // 'indeterminate' exists only as a DOM property, not as an attribute.
            ref={(box) => {
              if (box) box.indeterminate = !props.allSelected && props.someSelected;
            }}
            onChange={props.onToggleAll}
          />
        </th>
        {columns.map((column) => {
          const direction = sort?.column === column.id ? sort.direction : null;
          return (
            <th
              key={column.id}
              className={`${classes.headCell} ${column.align === 'right' ? classes.right : ''}`}
              scope="col"
              aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
            >
              <UnstyledButton className={classes.sortButton} onClick={() => onSort(column.id)}>
                <span>{column.header}</span>
                <SortIcon direction={direction} />
              </UnstyledButton>
            </th>
          );
        })}
      </tr>
      {props.showFilters && (
        <tr>
          <td className={`${classes.filterCell} ${classes.checkCell}`} />
          {columns.map((column) => (
            <td key={column.id} className={classes.filterCell}>
              {column.id === 'lineName' && (
                <MultiSelect
                  size="xs"
                  placeholder={filters.lineNames.length === 0 ? 'Line Name' : undefined}
                  aria-label="Filter by line name"
                  data={props.lineNames as string[]}
                  value={filters.lineNames as string[]}
                  onChange={(lineNames) => onFiltersChange({ lineNames })}
                  searchable
                  clearable
                  maxDropdownHeight={224}
                  classNames={{ pillsList: classes.oneLinePills }}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
              {column.id === 'structure' && (
                <TextInput
                  size="xs"
                  placeholder="Structure"
                  aria-label="Filter by structure"
                  value={filters.structure}
                  onChange={(e) => onFiltersChange({ structure: e.currentTarget.value })}
                />
              )}
            </td>
          ))}
        </tr>
      )}
    </thead>
  );
});
