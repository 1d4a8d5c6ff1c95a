import { type KeyboardEvent, memo } from 'react';
import type { ColumnDef } from '../model/columns.ts';
import { type InspectionView, NO_DATE } from '../model/inspectionView.ts';
import classes from './InspectionTable.module.css';
import { RiskBadge } from './RiskBadge.tsx';

interface InspectionTableRowProps {
  view: InspectionView;
  columns: readonly ColumnDef[];
  selected: boolean;
  onToggle: (id: number) => void;
  onOpen: (view: InspectionView) => void;
  /** Position in the filtered list (1-based), for screen readers: only a window of rows is in the DOM. */
  ariaRowIndex: number;
}

function Cell({ column, view }: { column: ColumnDef; view: InspectionView }) {
  if (column.id === 'risk') return <RiskBadge risk={view.risk} />;
  const text = column.text(view);
  if (column.id === 'dateReviewed' && text === NO_DATE)
    return <span className={classes.dimmed}>{NO_DATE}</span>;
  return <>{text}</>;
}

/** One inspection; a click or Enter opens it, the box (or Space) selects it for export. */
export const InspectionTableRow = memo(function InspectionTableRow(props: InspectionTableRowProps) {
  const { view, columns, selected, onToggle, onOpen } = props;
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      onOpen(view);
    } else if (e.key === ' ') {
      e.preventDefault();
      onToggle(view.id);
    }
  };
  return (
    <tr
      className={classes.row}
      data-selected={selected || undefined}
      aria-selected={selected}
      aria-rowindex={props.ariaRowIndex}
      tabIndex={0}
      onClick={() => onOpen(view)}
      onKeyDown={onKeyDown}
      data-testid="inspection-row"
    >
      <td className={`${classes.cell} ${classes.checkCell}`}>
        <input
          type="checkbox"
          className={classes.rowCheck}
          aria-label={`Select ${view.lineName} ${view.structure}`}
          checked={selected}
          onChange={() => onToggle(view.id)}
          onClick={(e) => e.stopPropagation()}
          tabIndex={-1}
        />
      </td>
      {columns.map((column) => {
        const text = column.id === 'notes' ? view.notes : undefined;
        return (
          <td
            key={column.id}
            className={`${classes.cell} ${column.align === 'right' ? classes.right : ''}`}
            title={text || undefined}
          >
            <Cell column={column} view={view} />
          </td>
        );
      })}
    </tr>
  );
});
