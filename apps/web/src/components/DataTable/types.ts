import type { SortOrder } from '@linewalker/domain';
import type { ReactNode } from 'react';

/** What identifies a row across sorting, filtering and refetches. */
export type RowKey = string | number;

export type SortDirection = SortOrder;

export interface SortState<ColumnId extends string = string> {
  column: ColumnId;
  direction: SortDirection;
}

/** One column of a DataTable: how it is headed, sized, drawn, sorted and filtered. */
export interface DataColumn<Row, ColumnId extends string = string> {
  id: ColumnId;
  header: string;
  /** Pixels; wider tables scroll sideways, narrower ones share out the rest in proportion. */
  width: number;
  /** How narrow the column may get (its text then cut with an ellipsis) before the table scrolls sideways. */
  minWidth?: number;
  align?: 'right';
  /** The cell's content. */
  cell: (row: Row) => ReactNode;
  /** A tooltip for text that may be cut off (e.g. notes). */
  title?: (row: Row) => string | undefined;
  /** The header is a button that asks for the next sort of this column. */
  sortable?: boolean;
  /** The column's filter control, shown in the filter row under the header. */
  filter?: ReactNode;
}
