import type { UploadImage, UploadStructure } from '@linewalker/domain';
import { captureCompleteness } from '@linewalker/domain';
import { ActionIcon, Badge, Center, Loader, Text } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  Fragment,
  type KeyboardEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { nextSort, type SortValue, sortRows } from '../../../../components/DataTable/sorting.ts';
import type { SortState } from '../../../../components/DataTable/types.ts';
import { formatCount } from '../../../../lib/format.ts';
import { useStructureImages } from '../../api/getStructureImages.ts';
import { useUnassignedImages } from '../../api/getUnassignedImages.ts';
import { structureType } from '../model/format.ts';
import { ImageTable } from './ImageTable.tsx';
import classes from './StructuresTable.module.css';

/** Spec 2 §9: an expanded row is 260 px with content, else 64. */
export const ROW_PX = 44;
export const EXPANDED_PX = 260;
export const EMPTY_EXPANDED_PX = 64;

/** Column widths in pixels: 720 in all, the structures table's least width (spec 2 §9). */
const COLUMN_WIDTHS = [40, 150, 190, 80, 70, 110, 80];
const SPAN = COLUMN_WIDTHS.length;

type ColumnId = 'struct_num' | 'line_name' | 'type' | 'image_count' | 'capture' | 'inspected';

const HEADERS: Array<{ id: ColumnId; label: string; right?: boolean }> = [
  { id: 'struct_num', label: 'Structure' },
  { id: 'line_name', label: 'Line Name' },
  { id: 'type', label: 'Type' },
  { id: 'image_count', label: 'Images', right: true },
  { id: 'capture', label: 'Capture' },
  { id: 'inspected', label: 'Inspected' },
];

const SORT_VALUE: Record<ColumnId, (s: UploadStructure) => SortValue> = {
  struct_num: (s) => s.struct_num,
  line_name: (s) => s.line_name,
  type: (s) => structureType(s.structure_source_type_id),
  image_count: (s) => s.image_count,
  capture: (s) => captureCompleteness(s.image_count).found,
  inspected: (s) => (s.inspected ? 1 : 0),
};

/** The pinned first row stands for the photos on no structure. */
const UNASSIGNED = 'unassigned' as const;
type Row = typeof UNASSIGNED | UploadStructure;

export interface StructuresTableProps {
  projectId: number;
  structures: readonly UploadStructure[];
  /** Photos on no structure; undefined while not known. */
  unassignedCount: number | undefined;
  selectedStructureId: number | null;
  selectedImageIds: ReadonlySet<number>;
  /** Photos to leave out of the expansions (rejected always; archived while Hide Archived is on). */
  hideImage: (image: UploadImage) => boolean;
  onStructureClick: (structure: UploadStructure) => void;
  onImageClick: (image: UploadImage) => void;
  onImageDetails: (image: UploadImage) => void;
  /** Sort state from outside (the 'short first' shortcut); the table's own header clicks change it too. */
  sort: SortState<ColumnId> | null;
  onSort: (sort: SortState<ColumnId> | null) => void;
}

export type StructureSort = SortState<ColumnId> | null;
export const DEFAULT_STRUCTURE_SORT: StructureSort = { column: 'struct_num', direction: 'asc' };
export const SHORT_FIRST_SORT: StructureSort = { column: 'capture', direction: 'asc' };

function CaptureBadge({ imageCount }: { imageCount: number }) {
  const capture = captureCompleteness(imageCount);
  const missing = capture.expected - capture.found;
  const color = !capture.short ? 'green' : capture.found === 0 ? 'red' : 'orange';
  return (
    <Badge
      color={color}
      variant={capture.short ? 'filled' : 'light'}
      radius="sm"
      tt="none"
      title={capture.message ?? `${capture.found} of ${capture.expected} images found`}
    >
      {capture.found}/{capture.expected}
      {capture.short ? ` · ${missing} short` : ''}
    </Badge>
  );
}

function Expansion({
  images,
  loading,
  emptyText,
  label,
  props,
}: {
  images: readonly UploadImage[] | undefined;
  loading: boolean;
  emptyText: string;
  label: string;
  props: StructuresTableProps;
}) {
  const shown = useMemo(
    () => (images ?? []).filter((image) => !props.hideImage(image)),
    [images, props.hideImage],
  );
  if (loading) {
    return (
      <Center h={EXPANDED_PX - 8}>
        <Loader size="sm" aria-label="Loading images" />
      </Center>
    );
  }
  if (shown.length === 0) return <div className={classes.emptyExpansion}>{emptyText}</div>;
  return (
    <ImageTable
      images={shown}
      label={label}
      height={EXPANDED_PX - 8}
      selectedImageIds={props.selectedImageIds}
      onImageClick={props.onImageClick}
      onDetails={props.onImageDetails}
    />
  );
}

function StructureExpansion({
  structure,
  props,
}: {
  structure: UploadStructure;
  props: StructuresTableProps;
}) {
  const query = useStructureImages(props.projectId, structure.structure_id);
  return (
    <Expansion
      images={query.data?.images}
      loading={query.isPending}
      emptyText="No Images Assigned"
      label={`Images of ${structure.struct_num}`}
      props={props}
    />
  );
}

function UnassignedExpansion({ props }: { props: StructuresTableProps }) {
  const query = useUnassignedImages(props.projectId);
  return (
    <Expansion
      images={query.data}
      loading={query.isPending}
      emptyText="No Unassigned Images"
      label="Unassigned Images"
      props={props}
    />
  );
}

const keyOf = (row: Row) => (row === UNASSIGNED ? UNASSIGNED : row.structure_id);

/**
 * The structures table of the Upload tab (spec 2 §2, §9): Structure, Line Name, Type, Images,
 * Capture (photos found of the five expected) and Inspected, with the pinned 'Unassigned Images'
 * row first. A row expands into its photos; a click selects the structure on the map. Virtualised:
 * a project may hold thousands of structures.
 */
export function StructuresTable(props: StructuresTableProps) {
  const { structures, sort } = props;
  const [expanded, setExpanded] = useState<ReadonlySet<number | typeof UNASSIGNED>>(new Set());
  const scrollRef = useRef<HTMLDivElement>(null);

  const rows: Row[] = useMemo(() => {
    const value = sort ? SORT_VALUE[sort.column] : undefined;
    const sorted = sort && value ? sortRows(structures, sort.direction, value) : structures;
    return [UNASSIGNED, ...sorted];
  }, [structures, sort]);

  const heightOf = (row: Row) => {
    if (!expanded.has(keyOf(row))) return ROW_PX;
    const count = row === UNASSIGNED ? (props.unassignedCount ?? 1) : row.image_count;
    return ROW_PX + (count > 0 ? EXPANDED_PX : EMPTY_EXPANDED_PX);
  };

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => heightOf(rows[index]!),
    getItemKey: (index) => keyOf(rows[index]!),
    overscan: 8,
  });
  // Row heights change with expansions and counts: the virtualizer must measure again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these change the rows' heights.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, expanded, rows, props.unassignedCount]);

  // A structure picked on the map scrolls into view.
  const selectedIndex = useMemo(
    () => rows.findIndex((row) => row !== UNASSIGNED && row.structure_id === props.selectedStructureId),
    [rows, props.selectedStructureId],
  );
  useEffect(() => {
    if (selectedIndex > 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const toggle = (key: number | typeof UNASSIGNED) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const onRowKey = (row: Row, event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    const key = keyOf(row);
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (row === UNASSIGNED) toggle(key);
      else props.onStructureClick(row);
    } else if (event.key === 'ArrowRight' && !expanded.has(key)) toggle(key);
    else if (event.key === 'ArrowLeft' && expanded.has(key)) toggle(key);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const body = event.currentTarget.closest('tbody');
      const all = Array.from(body?.querySelectorAll<HTMLElement>('tr[data-row]') ?? []);
      const at = all.indexOf(event.currentTarget);
      all[at + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
    }
  };

  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const style = { '--upload-table-row-height': `${ROW_PX}px` } as CSSProperties;

  return (
    <div ref={scrollRef} className={classes.scroller} style={style} data-testid="upload-structure-table">
      <table className={classes.table} aria-label="Structures" aria-rowcount={rows.length + 1}>
        <colgroup>
          {COLUMN_WIDTHS.map((width, k) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
            <col key={k} style={{ width }} />
          ))}
        </colgroup>
        <thead className={classes.head}>
          <tr>
            <th className={classes.headCell}>
              <span className={classes.visuallyHidden}>Expand</span>
            </th>
            {HEADERS.map((h) => {
              const active = sort?.column === h.id ? sort.direction : null;
              return (
                <th
                  key={h.id}
                  aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
                  className={`${classes.headCell} ${h.right ? classes.right : ''}`}
                >
                  <button
                    type="button"
                    className={classes.sortButton}
                    onClick={() => props.onSort(nextSort(sort, h.id))}
                  >
                    {h.label}
                    {active === 'asc' && <IconSortAscending size={14} aria-hidden />}
                    {active === 'desc' && <IconSortDescending size={14} aria-hidden />}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden>
              <td colSpan={SPAN} style={{ height: top, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            const key = keyOf(row);
            const isOpen = expanded.has(key);
            const pinned = row === UNASSIGNED;
            const name = pinned ? 'Unassigned Images' : row.struct_num;
            const selected = !pinned && row.structure_id === props.selectedStructureId;
            return (
              <Fragment key={item.key}>
                <tr
                  tabIndex={0}
                  data-row
                  aria-rowindex={item.index + 2}
                  aria-expanded={isOpen}
                  aria-selected={pinned ? undefined : selected}
                  data-selected={selected || undefined}
                  data-pinned={pinned || undefined}
                  data-testid={pinned ? 'unassigned-row' : 'structure-row'}
                  className={classes.row}
                  onClick={() => (pinned ? toggle(key) : props.onStructureClick(row))}
                  onKeyDown={(event) => onRowKey(row, event)}
                >
                  <td className={classes.cell} style={{ paddingRight: 0 }}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      tabIndex={-1}
                      aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${name}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle(key);
                      }}
                    >
                      {isOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    </ActionIcon>
                  </td>
                  {pinned ? (
                    <>
                      <td className={classes.cell}>Unassigned Images</td>
                      <td className={classes.cell}>--</td>
                      <td className={classes.cell}>--</td>
                      <td className={`${classes.cell} ${classes.right}`}>
                        {props.unassignedCount === undefined ? '…' : formatCount(props.unassignedCount)}
                      </td>
                      <td className={classes.cell} />
                      <td className={classes.cell} />
                    </>
                  ) : (
                    <>
                      <td className={classes.cell} title={row.struct_num}>
                        {row.struct_num}
                      </td>
                      <td className={classes.cell} title={row.line_name}>
                        {row.line_name}
                      </td>
                      <td className={classes.cell}>{structureType(row.structure_source_type_id)}</td>
                      <td className={`${classes.cell} ${classes.right}`}>{formatCount(row.image_count)}</td>
                      <td className={classes.cell}>
                        <CaptureBadge imageCount={row.image_count} />
                      </td>
                      <td className={classes.cell}>{row.inspected ? 'Yes' : 'No'}</td>
                    </>
                  )}
                </tr>
                {isOpen && (
                  <tr className={classes.expansionRow}>
                    <td colSpan={SPAN} className={classes.expansion} style={{ height: item.size - ROW_PX }}>
                      {pinned ? (
                        <UnassignedExpansion props={props} />
                      ) : (
                        <StructureExpansion structure={row} props={props} />
                      )}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden>
              <td colSpan={SPAN} style={{ height: bottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
      {structures.length === 0 && (
        <Text c="dimmed" ta="center" py="md" size="sm">
          No structures match the filters.
        </Text>
      )}
    </div>
  );
}
