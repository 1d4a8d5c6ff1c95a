import type { DeliveryStructure, TableOrder } from '@linewalker/domain';
import { Badge, Checkbox, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/QueryError.tsx';
import { API_BASE } from '../../../lib/api.ts';
import { type BulkSelection, isSelected } from '../../../lib/bulkSelection.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type ImageSortColumn, useArchivedImages } from '../api/getArchivedImages.ts';
import classes from './DeliveryTable.module.css';

const thumbnailUrl = (imageId: number) => `${API_BASE}/image/${imageId}?size=THUMBNAIL_IMG`;
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/**
 * The photos of one structure in the archive table (spec 2 §3 'Archived image'), sortable by name and
 * dates. With `onToggleImage` each undelivered photo has a box; delivered ones show when and in which
 * delivery.
 */
export function StructureImages({
  projectId,
  structure,
  selected,
  onToggleImage,
}: {
  projectId: number;
  structure: DeliveryStructure;
  selected: BulkSelection | null;
  onToggleImage: ((imageId: number) => void) | null;
}) {
  const [sort, setSort] = useState<{ orderBy: ImageSortColumn; order: TableOrder }>({
    orderBy: 'image_name',
    order: 'ASC',
  });
  const images = useArchivedImages(projectId, structure.structure_id, sort);
  const header = (id: ImageSortColumn, label: string) => {
    const active = sort.orderBy === id;
    const Icon = sort.order === 'ASC' ? IconSortAscending : IconSortDescending;
    return (
      <th key={id}>
        <UnstyledButton
          className={classes.sortButton}
          onClick={() =>
            setSort(
              active
                ? { orderBy: id, order: sort.order === 'ASC' ? 'DESC' : 'ASC' }
                : { orderBy: id, order: 'ASC' },
            )
          }
        >
          <Group gap={4} wrap="nowrap">
            <span>{label}</span>
            {active && <Icon size={14} aria-hidden />}
          </Group>
        </UnstyledButton>
      </th>
    );
  };

  if (images.isError) return <QueryError error={images.error} onRetry={() => images.refetch()} />;
  if (!images.data) return <Loader size="sm" aria-label={`Loading images of ${structure.struct_num}`} />;

  return (
    <table className={classes.imagesTable} aria-label={`Images of ${structure.struct_num}`}>
      <thead>
        <tr>
          {onToggleImage && (
            <th className={classes.checkCell}>
              <span className={classes.visuallyHidden}>Select</span>
            </th>
          )}
          <th>
            <span className={classes.visuallyHidden}>Thumbnail</span>
          </th>
          {header('image_name', 'Image')}
          {header('capture_date', 'Captured')}
          {header('upload_date', 'Uploaded')}
          <th>Uploaded By</th>
          <th>Inspected By</th>
          {header('archived_date', 'Delivered')}
        </tr>
      </thead>
      <tbody>
        {images.data.map((image) => (
          <tr key={image.id} data-testid="delivery-image-row">
            {onToggleImage && selected && (
              <td className={classes.checkCell}>
                <Checkbox
                  aria-label={`Select image ${image.image_name}`}
                  checked={image.archived_date === null && isSelected(selected, image.id)}
                  disabled={image.archived_date !== null}
                  onChange={() => onToggleImage(image.id)}
                />
              </td>
            )}
            <td>
              <img
                className={classes.thumb}
                src={thumbnailUrl(image.id)}
                alt={image.image_name}
                loading="lazy"
              />
            </td>
            <td>
              <Text size="sm" fw={500}>
                {image.image_name}
              </Text>
            </td>
            <td>
              <Text size="sm">{when(image.capture_date)}</Text>
            </td>
            <td>
              <Text size="sm">{when(image.upload_date)}</Text>
            </td>
            <td>
              <Text size="sm">{image.uploaded_by_name ?? '—'}</Text>
            </td>
            <td>
              <Text size="sm">{image.inspected_by_name ?? '—'}</Text>
            </td>
            <td>
              {image.archived_date ? (
                <Stack gap={2}>
                  <Badge color="green" variant="light" tt="none">
                    {image.archive_name ?? 'Delivered'}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {when(image.archived_date)}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  Not delivered
                </Text>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
