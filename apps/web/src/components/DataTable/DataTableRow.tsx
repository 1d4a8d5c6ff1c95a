import { type KeyboardEvent, memo } from 'react';
import classes from './DataTable.module.css';
import type { DataColumn } from './types.ts';

interface DataTableRowProps<Row> {
  row: Row;
  /** Position in the shown rows (0-based). */
  index: number;
  columns: readonly DataColumn<Row>[];
  /** The row's checkbox state, or undefined when the table has no selection column. */
  selected: boolean | undefined;
  /** Highlighted from outside the table (e.g. picked on a map). */
  highlighted: boolean;
  /** The one row the Tab key reaches (roving focus); arrows move it. */
  focusable: boolean;
  interactive: boolean;
  checkLabel: string | undefined;
  testId: string | undefined;
  onToggle: (index: number, range: boolean) => void;
  onOpen: (index: number) => void;
  onKey: (index: number, event: KeyboardEvent<HTMLTableRowElement>) => void;
  onFocusRow: (index: number) => void;
}

function DataTableRowImpl<Row>(props: DataTableRowProps<Row>) {
  const { row, index, columns, selected } = props;
  return (
    <tr
      className={`${classes.row} ${props.interactive ? classes.interactive : ''}`}
      data-index={index}
      data-selected={selected || undefined}
      data-highlighted={props.highlighted || undefined}
      data-testid={props.testId}
      aria-selected={selected}
      // Header rows come first: the first data row is row 2.
      aria-rowindex={index + 2}
      tabIndex={props.focusable ? 0 : -1}
      onClick={props.interactive ? () => props.onOpen(index) : undefined}
      onKeyDown={(event) => props.onKey(index, event)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) props.onFocusRow(index);
      }}
    >
      {selected !== undefined && (
        <td className={`${classes.cell} ${classes.checkCell}`}>
          <input
            type="checkbox"
            className={classes.rowCheck}
            aria-label={props.checkLabel}
            checked={selected}
            // A checkbox's change comes from a click: its shiftKey asks for a range.
            onChange={(event) => props.onToggle(index, (event.nativeEvent as MouseEvent).shiftKey === true)}
            onClick={(event) => event.stopPropagation()}
            tabIndex={-1}
          />
        </td>
      )}
      {columns.map((column) => (
        <td
          key={column.id}
          className={`${classes.cell} ${column.align === 'right' ? classes.right : ''}`}
          title={column.title?.(row) || undefined}
        >
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
}

/** One row; memoised so scrolling re-renders only rows that enter the window. */
export const DataTableRow = memo(DataTableRowImpl) as typeof DataTableRowImpl;

interface LoadingRowProps {
  index: number;
  span: number;
  focusable: boolean;
  testId: string | undefined;
  onKey: (index: number, event: KeyboardEvent<HTMLTableRowElement>) => void;
  onFocusRow: (index: number) => void;
}

/** A position of a windowed table whose row is still on its way: keeps its place, height and keys. */
export const LoadingRow = memo(function LoadingRow(props: LoadingRowProps) {
  return (
    <tr
      className={classes.row}
      data-index={props.index}
      data-loading=""
      data-testid={props.testId}
      aria-rowindex={props.index + 2}
      aria-busy="true"
      tabIndex={props.focusable ? 0 : -1}
      onKeyDown={(event) => props.onKey(props.index, event)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) props.onFocusRow(props.index);
      }}
    >
      <td className={`${classes.cell} ${classes.loadingCell}`} colSpan={props.span}>
        <span className={classes.loadingBar} />
      </td>
    </tr>
  );
});
