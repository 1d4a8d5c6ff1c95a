import type { UploadImage } from '@linewalker/domain';
import { Anchor, Center, Group, Image, Loader, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '../../../../components/DataTable/DataTable.tsx';
import { nextSort, type SortValue, sortRows } from '../../../../components/DataTable/sorting.ts';
import type { DataColumn, SortState } from '../../../../components/DataTable/types.ts';
import { imageUrl } from '../../api/imageUrl.ts';
import { captureTimeText, coordinatesText, dateText, distanceText, droneModel } from '../model/format.ts';
import { awaitingThumbnail } from '../model/thumbnails.ts';

/** Spec 2 §9: image rows 100 px, thumbnails 80 px high, the image table at least 900 px wide. */
export const IMAGE_ROW_PX = 100;
export const THUMB_PX = 80;

type ColumnId =
  | 'thumb'
  | 'image_name'
  | 'meters_from_struct'
  | 'uploaded_by_name'
  | 'upload_date'
  | 'capture_date'
  | 'assigned_date'
  | 'drone'
  | 'coordinates';

const SORT_VALUE: Partial<Record<ColumnId, (image: UploadImage) => SortValue>> = {
  image_name: (i) => i.image_name,
  meters_from_struct: (i) => i.meters_from_struct,
  uploaded_by_name: (i) => i.uploaded_by_name,
  upload_date: (i) => i.upload_date,
  capture_date: (i) => i.capture_date,
  assigned_date: (i) => i.assigned_date,
  drone: (i) => droneModel(i),
};

function columns(onDetails: (image: UploadImage) => void): DataColumn<UploadImage, ColumnId>[] {
  return [
    {
      id: 'thumb',
      header: 'Thumbnail',
      width: 132,
      cell: (image) =>
        image.has_thumb ? (
          <Image
            src={imageUrl(image.image_id, 'THUMBNAIL_IMG')}
            alt=""
            h={THUMB_PX}
            w={THUMB_PX * 1.4}
            fit="cover"
            radius="sm"
            loading="lazy"
            bg="gray.2"
            fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
          />
        ) : (
          <Center h={THUMB_PX} w={THUMB_PX * 1.4} bg="gray.1" style={{ borderRadius: 4 }}>
            {awaitingThumbnail(image) ? (
              <Group gap={4} wrap="nowrap">
                <Loader size={12} />
                <Text size="xs" c="dimmed">
                  Processing…
                </Text>
              </Group>
            ) : (
              <Text size="xs" c="dimmed">
                No preview
              </Text>
            )}
          </Center>
        ),
    },
    {
      id: 'image_name',
      header: 'Image Name',
      width: 210,
      sortable: true,
      title: (image) => image.image_name,
      cell: (image) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={(event) => {
            event.stopPropagation();
            onDetails(image);
          }}
          style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {image.image_name}
        </Anchor>
      ),
    },
    {
      id: 'meters_from_struct',
      header: 'Structure Distance',
      width: 160,
      align: 'right',
      sortable: true,
      cell: (image) => distanceText(image.meters_from_struct),
    },
    {
      id: 'uploaded_by_name',
      header: 'Uploaded By',
      width: 140,
      sortable: true,
      cell: (image) => image.uploaded_by_name ?? '--',
    },
    {
      id: 'upload_date',
      header: 'Uploaded Date',
      width: 130,
      sortable: true,
      cell: (image) => dateText(image.upload_date),
    },
    {
      id: 'capture_date',
      header: 'Capture Time',
      width: 185,
      sortable: true,
      cell: (image) => captureTimeText(image.capture_date, image.capture_offset),
    },
    {
      id: 'assigned_date',
      header: 'Assigned Date',
      width: 130,
      sortable: true,
      cell: (image) => dateText(image.assigned_date),
    },
    {
      id: 'drone',
      header: 'Drone Model',
      width: 160,
      sortable: true,
      cell: (image) => droneModel(image),
    },
    {
      id: 'coordinates',
      header: 'Coordinates',
      width: 300,
      cell: (image) => {
        const text = coordinatesText(image.latitude, image.longitude);
        return text === 'Invalid Coordinates' ? (
          <Text c="red" size="sm">
            {text}
          </Text>
        ) : (
          text
        );
      },
    },
  ];
}

/**
 * The photos of an expanded row (spec 2 §2 'Inner image columns'), sorted by Image Name first,
 * virtualised like every table; a row click selects the photo, its name opens the details.
 */
export function ImageTable({
  images,
  label,
  height,
  selectedImageIds,
  onImageClick,
  onDetails,
}: {
  images: readonly UploadImage[];
  label: string;
  height: number;
  selectedImageIds: ReadonlySet<number>;
  onImageClick: (image: UploadImage) => void;
  onDetails: (image: UploadImage) => void;
}) {
  const [sort, setSort] = useState<SortState<ColumnId> | null>({ column: 'image_name', direction: 'asc' });
  const cols = useMemo(() => columns(onDetails), [onDetails]);
  const rows = useMemo(() => {
    const value = sort ? SORT_VALUE[sort.column] : undefined;
    return sort && value ? sortRows(images, sort.direction, value) : images;
  }, [images, sort]);
  const onSort = useCallback((column: string) => setSort((s) => nextSort(s, column as ColumnId)), []);
  const isHighlighted = useCallback(
    (image: UploadImage) => selectedImageIds.has(image.image_id),
    [selectedImageIds],
  );
  return (
    <DataTable
      rows={rows}
      rowKey={(image) => image.image_id}
      columns={cols}
      label={label}
      rowHeight={IMAGE_ROW_PX}
      headerHeight={36}
      sort={sort}
      onSort={onSort}
      isHighlighted={isHighlighted}
      onOpen={onImageClick}
      empty={null}
      height={`${height}px`}
      bordered
      testId="image-table"
      rowTestId="image-row"
    />
  );
}
