import { Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { AssignmentModel } from '../../model/assignmentModel.ts';
import classes from './StructureTable.module.css';

const ROW_PX = 32;
const COLUMNS = ['Structure', 'Line Name', 'Crew', 'Image Count'] as const;

interface StructureTableProps {
  model: AssignmentModel;
  /** The structures the filters keep, in data order. */
  rows: Uint32Array;
  /** Mask over all structures of the current selection, or null. */
  selectedMask: Uint8Array | null;
}

/**
 * The shown structures (spec 1 §2: Structure, Line Name, Crew, Image Count). Only the rows in view
 * are rendered, so 50,000 structures scroll like 50. The table is laid out as a grid (rows are
 * absolutely positioned), keeping table semantics for assistive technology.
 */
export function StructureTable({ model, rows, selectedMask }: StructureTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
  });

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be focusable to scroll by keyboard
    <div ref={scroller} className={classes.scroller} data-testid="structure-table" tabIndex={0}>
      <table className={classes.table} aria-rowcount={rows.length + 1}>
        <thead className={classes.head}>
          <tr className={classes.row} style={{ height: ROW_PX }}>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={`${classes.cell} ${column === 'Image Count' ? classes.numeric : ''}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const index = rows[item.index]!;
            const structure = model.structures[index]!;
            const crewNumber = model.crewNumbers[index]!;
            return (
              <tr
                key={item.key}
                aria-rowindex={item.index + 2}
                className={`${classes.row} ${classes.bodyRow} ${selectedMask?.[index] ? classes.selected : ''}`}
                style={{ height: ROW_PX, transform: `translateY(${item.start}px)` }}
              >
                <td className={classes.cell}>{structure.struct_num}</td>
                <td className={classes.cell}>{structure.line_name}</td>
                <td className={classes.cell}>
                  <span
                    aria-hidden
                    className={classes.swatch}
                    style={{ background: model.palette[crewNumber] }}
                  />
                  {crewNumber > 0 ? `Crew ${crewNumber}` : 'Unassigned'}
                </td>
                <td className={`${classes.cell} ${classes.numeric}`}>{structure.image_count}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md" size="sm">
          No structures match the filters.
        </Text>
      )}
    </div>
  );
}
