import {
  can,
  DELIVERY_FILTER_LABELS,
  DELIVERY_FILTERS,
  type DeliveryFilter,
  type DeliveryStructure,
  formatCount,
  IMAGE_BATCH_SIZE,
  type ProjectDetail,
} from '@linewalker/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconBuildingBroadcastTower } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { type BulkSelection, NO_SELECTION, selectedCount } from '../../../lib/bulkSelection.ts';
import { useProjectFilters } from '../../../lib/projectFilters.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreateDelivery } from '../api/deliveryPackages.ts';
import { useDeliveryCounts } from '../api/getDeliveryCounts.ts';
import { type StructureSortColumn, useDeliveryStructures } from '../api/getDeliveryStructures.ts';
import { type StructureCheck, toggleAll, toggleImage, toggleStructure } from '../model/selection.ts';
import { ArchiveSelectedModal } from './ArchiveSelectedModal.tsx';
import { DeliveryPackages } from './DeliveryPackages.tsx';
import { DeliveryStructureTable, type StructureSort } from './DeliveryStructureTable.tsx';

const COUNT_OF: Record<DeliveryFilter, 'all_count' | 'delivered' | 'undelivered'> = {
  all: 'all_count',
  delivered: 'delivered',
  undelivered: 'undelivered',
};

/**
 * The project's Delivery (archive) sub-page (spec 2 §2 'Archive (Delivery)', §4 'Archive'): All /
 * Delivered / Undelivered with counts, the structure table with its photos under the header's line and
 * search filters, 'Archive Selected' for the staff who deliver, and the delivery packages with their
 * progress and downloads. Customers see the same page read-only and download their packages.
 */
export default function DeliveryTab({ project }: { project: ProjectDetail }) {
  const projectId = project.id;
  const session = useSession();
  const principal = session.data ?? null;
  const canDeliver = principal
    ? can(principal, 'delivery.create', { kind: 'Project', companyId: project.company_id })
    : false;
  const { filters } = useProjectFilters();
  const [delivery, setDelivery] = useState<DeliveryFilter>('all');
  const [sort, setSort] = useState<StructureSort>({ column: 'struct_num', order: 'ASC' });
  const [selected, setSelected] = useState<BulkSelection>(NO_SELECTION);
  // The structure of each photo seen, and each structure's photos not delivered yet, as last loaded: how
  // many structures a delivery spans (rows leave the loaded window, the selection stays).
  const [structureOf, setStructureOf] = useState<ReadonlyMap<number, number>>(() => new Map());
  const [undeliveredOf, setUndeliveredOf] = useState<ReadonlyMap<number, readonly number[]>>(() => new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [confirming, setConfirming] = useState(false);

  const params = {
    lineIds: filters.lineIds,
    q: filters.q,
    delivery,
    orderBy: sort.column,
    order: sort.order,
  };
  const counts = useDeliveryCounts(projectId, filters);
  const table = useDeliveryStructures(projectId, params);
  const create = useCreateDelivery(projectId);
  const rows = useMemo(() => table.data?.pages.flatMap((p) => p.rows) ?? [], [table.data]);
  const total = table.data?.pages[0]?.total ?? 0;
  // What a select-all of these filters covers, loaded or not (every page answers the same counts).
  const selectable = table.data?.pages[0]?.selectable ?? { images: 0, structures: 0 };

  // A select-all means 'every photo these filters match': under other filters it would deliver photos the
  // manager never had in view (or miss ones now shown), and its unticked photos belong to the old list. So
  // changing a filter clears it; photos picked one by one stay picked, as they are named by id.
  const filterKey = JSON.stringify([filters.lineIds, filters.q, delivery]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filters change.
  useEffect(() => {
    setSelected((s) => (s.kind === 'all' ? NO_SELECTION : s));
  }, [filterKey]);

  const remember = useCallback((structureRows: readonly DeliveryStructure[]) => {
    setStructureOf((current) => {
      const next = new Map(current);
      for (const row of structureRows) for (const id of row.image_ids) next.set(id, row.structure_id);
      return next;
    });
    setUndeliveredOf((current) => {
      const next = new Map(current);
      for (const row of structureRows) next.set(row.structure_id, row.undelivered_image_ids);
      return next;
    });
  }, []);
  useEffect(() => remember(rows), [rows, remember]);

  const count = selectedCount(selected, selectable.images);
  // While the rows of new filters load, the old ones are shown: not a list to select all of.
  const allCheck: StructureCheck =
    selectable.images === 0 || table.isPlaceholderData
      ? 'nothing-to-deliver'
      : count >= selectable.images
        ? 'checked'
        : count > 0
          ? 'partial'
          : 'unchecked';

  const selection = canDeliver
    ? {
        selected,
        all: allCheck,
        toggleStructure: (row: DeliveryStructure) =>
          setSelected((s) => toggleStructure(s, row.undelivered_image_ids)),
        toggleImage: (imageId: number) => setSelected((s) => toggleImage(s, imageId)),
        toggleAll: () => setSelected((s) => toggleAll(s, selectable.images)),
      }
    : null;

  const onSort = (column: StructureSortColumn) =>
    setSort((s) =>
      s.column === column ? { column, order: s.order === 'ASC' ? 'DESC' : 'ASC' } : { column, order: 'ASC' },
    );
  const onToggleExpanded = (structureId: number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(structureId)) next.delete(structureId);
      else next.add(structureId);
      return next;
    });
  };

  const structuresSelected =
    selected.kind === 'ids'
      ? new Set([...selected.ids].map((id) => structureOf.get(id) ?? -id)).size
      : // Every structure with photos to deliver, less those whose photos were all unticked.
        selectable.structures -
        [...undeliveredOf.values()].filter(
          (ids) => ids.length > 0 && ids.every((id) => selected.except.has(id)),
        ).length;
  // Picked ids travel in the request; a select-all is resolved by the server, whatever its size.
  const tooMany = selected.kind === 'ids' && count > IMAGE_BATCH_SIZE;

  const deliverSelected = (archiveName: string | undefined) =>
    create.mutate(
      {
        projectId,
        ...(selected.kind === 'ids'
          ? { imageIds: [...selected.ids] }
          : {
              filter: { lineIds: [...filters.lineIds], q: filters.q.trim() || undefined, delivery },
              ...(selected.except.size > 0 ? { exclude: [...selected.except] } : {}),
            }),
        ...(archiveName ? { archiveName } : {}),
      },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          setSelected(NO_SELECTION);
          notifications.show({
            color: answer.created ? 'green' : 'blue',
            title: answer.created
              ? `${answer.package?.archive_name ?? 'Delivery'} started`
              : 'Already delivered',
            message: answer.created
              ? `${formatCount(answer.delivered)} images delivered; their package is being built below.`
              : `These images were delivered before${answer.package ? ` in ${answer.package.archive_name}` : ''}.`,
          });
        },
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="xs" role="group" aria-label="Delivery filter">
          {DELIVERY_FILTERS.map((f) => {
            const count = counts.data?.[COUNT_OF[f]];
            return (
              <Button
                key={f}
                variant={delivery === f ? 'filled' : 'default'}
                aria-pressed={delivery === f}
                onClick={() => setDelivery(f)}
                rightSection={
                  <Text span size="xs" fw={700} data-testid={`delivery-count-${f}`}>
                    {count === undefined ? '–' : formatCount(count)}
                  </Text>
                }
              >
                {DELIVERY_FILTER_LABELS[f]}
              </Button>
            );
          })}
        </Group>
        {canDeliver && (
          <Group gap="sm">
            <Text size="sm" c={tooMany ? 'red' : 'dimmed'} aria-live="polite">
              {tooMany
                ? `At most ${formatCount(IMAGE_BATCH_SIZE)} images at a time`
                : count > 0
                  ? `${formatCount(count)} ${count === 1 ? 'image' : 'images'} selected`
                  : 'No images selected'}
            </Text>
            <Button
              leftSection={<IconArchive size={16} />}
              disabled={count === 0 || tooMany}
              onClick={() => {
                create.reset();
                setConfirming(true);
              }}
            >
              Archive Selected
            </Button>
          </Group>
        )}
      </Group>

      {table.isError ? (
        <QueryError error={table.error} onRetry={() => table.refetch()} />
      ) : (
        <DeliveryStructureTable
          projectId={projectId}
          showCompleteness={principal ? can(principal, 'image.quality.read') : false}
          rows={rows}
          total={total}
          sort={sort}
          onSort={onSort}
          selection={selection}
          expanded={expanded}
          onToggleExpanded={onToggleExpanded}
          onNearEnd={() => {
            if (table.hasNextPage && !table.isFetchingNextPage) void table.fetchNextPage();
          }}
          onNearStart={() => {
            if (table.hasPreviousPage && !table.isFetchingPreviousPage) void table.fetchPreviousPage();
          }}
          loadingMore={table.isPending || table.isFetchingNextPage || table.isFetchingPreviousPage}
          empty={
            table.isPending ? null : (
              <EmptyState icon={<IconBuildingBroadcastTower size={24} />} title="No structures">
                {delivery === 'all'
                  ? 'No structure of this project matches the line and search filters above.'
                  : `No ${DELIVERY_FILTER_LABELS[delivery].toLowerCase()} structure matches the filters.`}
              </EmptyState>
            )
          }
        />
      )}

      <DeliveryPackages projectId={projectId} canDeliver={canDeliver} />

      <ArchiveSelectedModal
        key={confirming ? 'open' : 'closed'}
        opened={confirming}
        imageCount={count}
        structureCount={structuresSelected}
        customerName={project.company_name}
        pending={create.isPending}
        error={create.error}
        onCancel={() => setConfirming(false)}
        onConfirm={deliverSelected}
      />
    </Stack>
  );
}
