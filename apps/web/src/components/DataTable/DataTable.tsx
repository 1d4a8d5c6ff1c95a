import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import classes from './DataTable.module.css';
import { DataTableHeader, type HeaderSelection } from './DataTableHeader.tsx';
import { DataTableRow, LoadingRow } from './DataTableRow.tsx';
import { fitColumnWidths } from './fitColumns.ts';
import { itemKeys } from './itemKeys.ts';
import type { DataColumn, RowKey, SortState } from './types.ts';
import { useBoxWidth } from './useBoxWidth.ts';

const CHECK_COLUMN_WIDTH = 44;
const OVERSCAN = 12;

/** Checkbox selection, as `useRowSelection` gives it, plus the boxes' accessible names. */
export interface DataTableSelection<Row, K extends RowKey> {
  selected: ReadonlySet<K>;
  /** How many of the shown rows are selected (drives the header box). */
  shownSelectedCount: number;
  toggle: (key: K, range: boolean) => void;
  toggleAll: () => void;
  /** The header box's label, e.g. 'Select all shown inspections'. */
  allLabel: string;
  rowLabel: (row: Row) => string;
}

export interface DataTableProps<Row, K extends RowKey> {
  /**
   * The rows to show, already filtered and sorted, in order. A windowed table passes every position with
   * the rows it has not loaded yet left undefined: those show as loading rows until they arrive.
   */
  rows: ArrayLike<Row | undefined>;
  /** The positions in view (with the overscan) changed: a windowed table loads the rows there. */
  onRangeChange?: (first: number, last: number) => void;
  rowKey: (row: Row) => K;
  columns: readonly DataColumn<Row>[];
  /** Accessible name of the table. */
  label: string;
  rowHeight: number;
  /** Height of the label row of the header; the row height when not given. */
  headerHeight?: number;
  sort?: SortState | null;
  /** A sortable column's header was clicked (see `nextSort`). */
  onSort?: (column: string) => void;
  /** Shows the columns' `filter` controls in a second header row. */
  showFilters?: boolean;
  selection?: DataTableSelection<Row, K>;
  /** Rows marked from outside the table (e.g. picked on a map). */
  isHighlighted?: (row: Row) => boolean;
  /** A click or Enter on a row; rows are not clickable without it. */
  onOpen?: (row: Row) => void;
  /** Shown under the header when there are no rows. */
  empty: ReactNode;
  /** Whenever it changes (a new sort or filter), the table scrolls back to its first row. */
  resetKey?: string;
  testId?: string;
  rowTestId?: string;
  /** A border and rounded corners, for a table standing on its own (not inside a panel). */
  bordered?: boolean;
  /** CSS height of the scrolling area; it fills its parent when not given. */
  height?: string;
}

/**
 * The app's table: virtualised (only the rows in view, plus a margin, are in the DOM, with spacer
 * rows standing in for the rest, so 50,000 rows scroll like 50), with a sticky header, sortable
 * columns, a filter row, checkbox selection with shift-click ranges and keyboard access: Tab
 * reaches one row, arrows / Page Up / Page Down / Home / End move between rows, Enter opens a row
 * and Space (Shift+Space for a range) selects it.
 */
export function DataTable<Row, K extends RowKey>(props: DataTableProps<Row, K>) {
  const { rows, columns, rowHeight, selection, onOpen, rowKey } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // Columns with a minWidth give way to the box before the table scrolls sideways (fitColumns.ts).
  const boxWidth = useBoxWidth(scrollRef);
  // Callers write rowKey inline (a new function each render, the same rule): the keys change only with the
  // rows, not on every scroll frame's render of 50,000 positions.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowKey is the same rule every render.
  const keys = useMemo(() => itemKeys(rows, rowKey), [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    getItemKey: (index) => keys[index]!,
  });

  // Roving focus: the row Tab reaches, moved by the arrow keys.
  const [active, setActive] = useState(0);
  const pendingFocus = useRef<number | null>(null);

  // A new order or a new filter starts at the top, not somewhere in the middle of the old list.
  useEffect(() => {
    if (props.resetKey === undefined) return;
    scrollRef.current?.scrollTo({ top: 0 });
    setActive(0);
  }, [props.resetKey]);

  const items = virtualizer.getVirtualItems();
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    if (!element) return;
    // A loading row is replaced by its real row when it arrives: keep the focus request until then, and
    // take the focus back only if nothing else has it (the replaced row's focus fell to the body).
    if (element.dataset.loading === undefined) pendingFocus.current = null;
    const free = !document.activeElement || document.activeElement === document.body;
    if (free || scrollRef.current?.contains(document.activeElement)) element.focus({ preventScroll: true });
  });

  const firstIndex = items[0]?.index ?? -1;
  const lastIndex = items.at(-1)?.index ?? -1;
  const { onRangeChange } = props;
  useEffect(() => {
    if (onRangeChange && lastIndex >= 0) onRangeChange(firstIndex, lastIndex);
  }, [onRangeChange, firstIndex, lastIndex]);

  // Handlers read the latest props through a ref, so the memoised rows keep stable callbacks.
  const latest = useRef(props);
  latest.current = props;

  const onToggle = useCallback((index: number, range: boolean) => {
    const { rows, rowKey, selection } = latest.current;
    const row = rows[index];
    if (row !== undefined && selection) selection.toggle(rowKey(row), range);
  }, []);

  const onOpenRow = useCallback((index: number) => {
    const { rows, onOpen } = latest.current;
    const row = rows[index];
    if (row !== undefined) onOpen?.(row);
  }, []);

  const moveTo = useCallback(
    (index: number) => {
      const count = latest.current.rows.length;
      if (count === 0) return;
      const target = Math.max(0, Math.min(count - 1, index));
      setActive(target);
      pendingFocus.current = target;
      virtualizer.scrollToIndex(target, { align: 'auto' });
    },
    [virtualizer],
  );

  const onKey = useCallback(
    (index: number, event: KeyboardEvent<HTMLTableRowElement>) => {
      if (event.target !== event.currentTarget) return;
      const page = Math.max(
        1,
        Math.floor((scrollRef.current?.clientHeight ?? 0) / latest.current.rowHeight) - 2,
      );
      const moves: Record<string, number> = {
        ArrowDown: index + 1,
        ArrowUp: index - 1,
        PageDown: index + page,
        PageUp: index - page,
        Home: 0,
        End: latest.current.rows.length - 1,
      };
      const target = moves[event.key];
      if (target !== undefined) {
        event.preventDefault();
        moveTo(target);
      } else if (event.key === 'Enter' && latest.current.onOpen) {
        event.preventDefault();
        onOpenRow(index);
      } else if (event.key === ' ' && latest.current.selection) {
        event.preventDefault();
        onToggle(index, event.shiftKey);
      }
    },
    [moveTo, onOpenRow, onToggle],
  );

  const onFocusRow = useCallback((index: number) => setActive(index), []);

  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const span = columns.length + (selection ? 1 : 0);
  const checkWidth = selection ? CHECK_COLUMN_WIDTH : 0;
  const widths = useMemo(
    () => fitColumnWidths(columns, boxWidth, checkWidth),
    [columns, boxWidth, checkWidth],
  );
  const width = checkWidth + widths.reduce((sum, w) => sum + w, 0);
  // If the active row has scrolled out of the rendered window, Tab lands on the first rendered one.
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const focusIndex = active >= first && active <= last ? active : first;

  const headerSelection: HeaderSelection | null = selection
    ? {
        allSelected: rows.length > 0 && selection.shownSelectedCount === rows.length,
        someSelected: selection.shownSelectedCount > 0,
        onToggleAll: selection.toggleAll,
        label: selection.allLabel,
      }
    : null;

  const style = {
    '--data-table-row-height': `${rowHeight}px`,
    '--data-table-header-height': `${props.headerHeight ?? rowHeight}px`,
    height: props.height,
  } as CSSProperties;

  return (
    <div
      ref={scrollRef}
      className={`${classes.scroller} ${props.bordered ? classes.bordered : ''}`}
      style={style}
      data-testid={props.testId}
    >
      <table
        className={classes.table}
        style={{ width, minWidth: '100%' }}
        aria-rowcount={rows.length + 1}
        aria-label={props.label}
      >
        <colgroup>
          {selection && <col style={{ width: CHECK_COLUMN_WIDTH }} />}
          {columns.map((c, i) => (
            <col key={c.id} style={{ width: widths[i] }} />
          ))}
        </colgroup>
        <DataTableHeader
          columns={columns}
          sort={props.sort ?? null}
          onSort={props.onSort}
          selection={headerSelection}
          showFilters={props.showFilters ?? false}
        />
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={span}>{props.empty}</td>
            </tr>
          )}
          {top > 0 && (
            <tr aria-hidden>
              <td colSpan={span} className={classes.spacer} style={{ height: top }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) {
              return (
                <LoadingRow
                  key={item.key}
                  index={item.index}
                  span={span}
                  focusable={item.index === focusIndex}
                  testId={props.rowTestId ? `${props.rowTestId}-loading` : undefined}
                  onKey={onKey}
                  onFocusRow={onFocusRow}
                />
              );
            }
            return (
              <DataTableRow
                key={item.key}
                row={row}
                index={item.index}
                columns={columns}
                selected={selection ? selection.selected.has(rowKey(row)) : undefined}
                highlighted={props.isHighlighted?.(row) ?? false}
                focusable={item.index === focusIndex}
                interactive={onOpen !== undefined}
                checkLabel={selection?.rowLabel(row)}
                testId={props.rowTestId}
                onToggle={onToggle}
                onOpen={onOpenRow}
                onKey={onKey}
                onFocusRow={onFocusRow}
              />
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden>
              <td colSpan={span} className={classes.spacer} style={{ height: bottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
