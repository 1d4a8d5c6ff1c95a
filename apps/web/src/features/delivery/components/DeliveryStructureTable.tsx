import {
  captureCompleteness,
  type DeliveryStructure,
  formatCount,
  type TableOrder,
} from '@linewalker/domain';
import { ActionIcon, Badge, Center, Checkbox, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconCircleCheck,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { type ReactNode, type UIEvent, useCallback, useLayoutEffect, useRef } from 'react';
import type { BulkSelection } from '../../../lib/bulkSelection.ts';
import type { StructureSortColumn } from '../api/getDeliveryStructures.ts';
import { type StructureCheck, structureCheck } from '../model/selection.ts';
import classes from './DeliveryTable.module.css';
import { StructureImages } from './StructureImages.tsx';

export interface StructureSort {
  column: StructureSortColumn;
  order: TableOrder;
}

interface Props {
  projectId: number;
  rows: readonly DeliveryStructure[];
  total: number;
  sort: StructureSort;
  onSort: (column: StructureSortColumn) => void;
  /** Null: read-only (customers), no boxes. */
  selection: {
    selected: BulkSelection;
    /** The header box: every photo the filters match selected, some, none, or none to deliver. */
    all: StructureCheck;
    toggleStructure: (row: DeliveryStructure) => void;
    toggleImage: (imageId: number) => void;
    toggleAll: () => void;
  } | null;
  expanded: ReadonlySet<number>;
  onToggleExpanded: (structureId: number) => void;
  /** Scrolled past two thirds of the loaded rows / back to the top of the window. */
  onNearEnd: () => void;
  onNearStart: () => void;
  loadingMore: boolean;
  empty: ReactNode;
  /**
   * The capture completeness badges ('Only N of 5 images found'): the inspection company's quality work,
   * staff only. A customer's last column says only whether the structure is delivered (spec 2 §6).
   */
  showCompleteness: boolean;
}

const COLUMNS: Array<{ id: StructureSortColumn | 'completeness'; label: string; numeric?: boolean }> = [
  { id: 'struct_num', label: 'Structure' },
  { id: 'line_name', label: 'Line Name' },
  { id: 'image_count', label: 'Images', numeric: true },
  { id: 'archived_count', label: 'Delivered', numeric: true },
  { id: 'completeness', label: 'Completeness' },
];

function SortHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: StructureSortColumn;
  label: string;
  sort: StructureSort;
  onSort: (column: StructureSortColumn) => void;
}) {
  const active = sort.column === column;
  const Icon = sort.order === 'ASC' ? IconSortAscending : IconSortDescending;
  return (
    <UnstyledButton onClick={() => onSort(column)} className={classes.sortButton}>
      <Group gap={4} wrap="nowrap">
        <span>{label}</span>
        {active && <Icon size={14} aria-hidden />}
      </Group>
    </UnstyledButton>
  );
}

/** The delivery state of a structure: all delivered, some, or none yet. */
function DeliveredCell({ row }: { row: DeliveryStructure }) {
  if (row.image_count > 0 && row.archived_count === row.image_count) {
    return (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <IconCircleCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
        <Text size="sm">{formatCount(row.archived_count)}</Text>
      </Group>
    );
  }
  return <Text size="sm">{formatCount(row.archived_count)}</Text>;
}

/** '0 of 5 images found' / 'Only N of 5 images found' (spec 2 §4), or nothing when all are there. */
function CompletenessCell({ row, show }: { row: DeliveryStructure; show: boolean }) {
  const { message, found } = captureCompleteness(row.image_count);
  if (!message || !show) {
    return row.image_count > 0 && row.archived_count === row.image_count ? (
      <Badge color="green" variant="light">
        Delivered
      </Badge>
    ) : null;
  }
  return (
    <Badge color={found === 0 ? 'red' : 'orange'} variant="light" tt="none">
      {message}
    </Badge>
  );
}

/**
 * The archive table (spec 2 §2, §4): structures with expandable photo lists, loaded page by page as it is
 * scrolled. The rows are a window of at most about 500: pages far behind are dropped and fetched again
 * when scrolled back to. The first visible row keeps its place on screen whenever rows above it come or go.
 */
export function DeliveryStructureTable(props: Props) {
  const { rows, selection, expanded, sort } = props;
  const columns = props.showCompleteness
    ? COLUMNS
    : COLUMNS.map((c) => (c.id === 'completeness' ? { ...c, label: 'Status' } : c));
  const scrollRef = useRef<HTMLDivElement>(null);
  // The row at the top of the view and how far below the view's top it starts.
  const anchor = useRef<{ id: number; offset: number } | null>(null);

  const rememberAnchor = useCallback(() => {
    const box = scrollRef.current;
    if (!box) return;
    const rowsInView = box.querySelectorAll<HTMLTableRowElement>('tr[data-structure-id]');
    for (const tr of rowsInView) {
      if (tr.offsetTop + tr.offsetHeight > box.scrollTop) {
        anchor.current = { id: Number(tr.dataset.structureId), offset: tr.offsetTop - box.scrollTop };
        return;
      }
    }
  }, []);

  // Rows came or went above the anchor: put it back where it was.
  const firstId = rows[0]?.structure_id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the window's first row changes
  useLayoutEffect(() => {
    const box = scrollRef.current;
    const a = anchor.current;
    if (!box || !a) return;
    const tr = box.querySelector<HTMLTableRowElement>(`tr[data-structure-id="${a.id}"]`);
    if (tr) box.scrollTop = tr.offsetTop - a.offset;
  }, [firstId]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    rememberAnchor();
    if (box.scrollTop + box.clientHeight > (box.scrollHeight * 2) / 3) props.onNearEnd();
    if (box.scrollTop < box.clientHeight / 3) props.onNearStart();
  };

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      onScroll={onScroll}
      data-testid="delivery-table"
      data-row-count={rows.length}
    >
      <table className={classes.table} aria-label="Structures" aria-rowcount={props.total + 1}>
        <thead>
          <tr>
            {selection && (
              <th className={classes.checkCell}>
                <Checkbox
                  aria-label="Select all structures"
                  checked={selection.all === 'checked'}
                  indeterminate={selection.all === 'partial'}
                  disabled={selection.all === 'nothing-to-deliver'}
                  onChange={selection.toggleAll}
                />
              </th>
            )}
            <th className={classes.expandCell}>
              <span className={classes.visuallyHidden}>Images</span>
            </th>
            {columns.map((c) => (
              <th key={c.id} className={c.numeric ? classes.numeric : undefined}>
                {c.id === 'completeness' ? (
                  c.label
                ) : (
                  <SortHeader column={c.id} label={c.label} sort={sort} onSort={props.onSort} />
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length + 2}>{props.empty}</td>
            </tr>
          )}
          {rows.map((row) => {
            const open = expanded.has(row.structure_id);
            const check = selection ? structureCheck(row.undelivered_image_ids, selection.selected) : null;
            return [
              <tr
                key={row.structure_id}
                data-structure-id={row.structure_id}
                data-testid="delivery-structure-row"
                className={classes.structureRow}
              >
                {selection && (
                  <td className={classes.checkCell}>
                    <Checkbox
                      aria-label={`Select structure ${row.struct_num}`}
                      checked={check === 'checked'}
                      indeterminate={check === 'partial'}
                      disabled={check === 'nothing-to-deliver'}
                      onChange={() => selection.toggleStructure(row)}
                    />
                  </td>
                )}
                <td className={classes.expandCell}>
                  {row.image_count > 0 && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`${open ? 'Hide' : 'Show'} images of ${row.struct_num}`}
                      aria-expanded={open}
                      onClick={() => props.onToggleExpanded(row.structure_id)}
                    >
                      {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    </ActionIcon>
                  )}
                </td>
                <td>
                  <Text size="sm" fw={600}>
                    {row.struct_num}
                  </Text>
                </td>
                <td>
                  <Text size="sm">{row.line_name}</Text>
                </td>
                <td className={classes.numeric}>
                  <Text size="sm">{formatCount(row.image_count)}</Text>
                </td>
                <td className={classes.numeric}>
                  <DeliveredCell row={row} />
                </td>
                <td>
                  <CompletenessCell row={row} show={props.showCompleteness} />
                </td>
              </tr>,
              open && (
                <tr key={`${row.structure_id}-images`} className={classes.expandedRow}>
                  <td colSpan={COLUMNS.length + (selection ? 2 : 1)}>
                    <StructureImages
                      projectId={props.projectId}
                      structure={row}
                      selected={selection?.selected ?? null}
                      onToggleImage={selection?.toggleImage ?? null}
                    />
                  </td>
                </tr>
              ),
            ];
          })}
        </tbody>
      </table>
      {props.loadingMore && (
        <Center py="sm">
          <Loader size="sm" aria-label="Loading more structures" />
        </Center>
      )}
    </div>
  );
}
