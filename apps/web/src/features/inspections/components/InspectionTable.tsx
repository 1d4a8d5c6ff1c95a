import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';
import type { ColumnDef, ColumnId } from '../model/columns.ts';
import type { ViewFilters } from '../model/filterViews.ts';
import type { InspectionView } from '../model/inspectionView.ts';
import type { SortState } from '../model/sortViews.ts';
import classes from './InspectionTable.module.css';
import { InspectionTableHeader } from './InspectionTableHeader.tsx';
import { InspectionTableRow } from './InspectionTableRow.tsx';

/** Table geometry of spec 2 §2: rows 40 px, header 31 px (79 with the column filters). */
export const ROW_HEIGHT = 40;
const CHECK_COLUMN_WIDTH = 44;
const OVERSCAN = 12;

interface InspectionTableProps {
  columns: readonly ColumnDef[];
  views: readonly InspectionView[];
  sort: SortState | null;
  onSort: (column: ColumnId) => void;
  selected: ReadonlySet<number>;
  visibleSelectedCount: number;
  onToggleRow: (id: number) => void;
  onToggleAll: () => void;
  onOpen: (view: InspectionView) => void;
  showFilters: boolean;
  filters: ViewFilters;
  onFiltersChange: (patch: Partial<ViewFilters>) => void;
  lineNames: readonly string[];
  /** Shown under the header when no row passes the filters. */
  empty: ReactNode;
  /** Changes whenever sort or filters change: the table then scrolls back to its first row. */
  resetKey: string;
}

/**
 * The summary table, virtualised: only the rows in view (plus a margin) are in the DOM, with spacer rows
 * standing in for the rest, so 50,000 inspections scroll as smoothly as 50.
 */
export function InspectionTable(props: InspectionTableProps) {
  const { columns, views } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: views.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => views[index]?.id ?? index,
  });
  // A new order or a new filter starts at the top, not somewhere in the middle of the old list.
  useEffect(() => {
    if (props.resetKey) scrollRef.current?.scrollTo({ top: 0 });
  }, [props.resetKey]);
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const width = CHECK_COLUMN_WIDTH + columns.reduce((sum, c) => sum + c.width, 0);

  return (
    <div ref={scrollRef} className={classes.scroller} data-testid="inspection-table">
      <table
        className={classes.table}
        style={{ width, minWidth: '100%' }}
        aria-rowcount={views.length + 1}
        aria-label="Inspections"
      >
        <colgroup>
          <col style={{ width: CHECK_COLUMN_WIDTH }} />
          {columns.map((c) => (
            <col key={c.id} style={{ width: c.width }} />
          ))}
        </colgroup>
        <InspectionTableHeader
          columns={columns}
          sort={props.sort}
          onSort={props.onSort}
          allSelected={views.length > 0 && props.visibleSelectedCount === views.length}
          someSelected={props.visibleSelectedCount > 0}
          onToggleAll={props.onToggleAll}
          showFilters={props.showFilters}
          filters={props.filters}
          onFiltersChange={props.onFiltersChange}
          lineNames={props.lineNames}
        />
        <tbody>
          {views.length === 0 && (
            <tr>
              <td colSpan={columns.length + 1}>{props.empty}</td>
            </tr>
          )}
          {top > 0 && (
            <tr aria-hidden>
              <td colSpan={columns.length + 1} style={{ height: top, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const view = views[item.index]!;
            return (
              <InspectionTableRow
                key={view.id}
                view={view}
                columns={columns}
                selected={props.selected.has(view.id)}
                onToggle={props.onToggleRow}
                onOpen={props.onOpen}
                ariaRowIndex={item.index + 2}
              />
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden>
              <td colSpan={columns.length + 1} style={{ height: bottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
