import {
  IMAGE_VIEW_LABELS,
  IMAGE_VIEWS,
  type ImageView,
  type InspectionImage,
  isViewDisabled,
  rangeBetween,
} from '@linewalker/domain';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useRef } from 'react';
import { imageUrl } from '../api/viewerQueries.ts';

interface ImageListProps {
  all: readonly InspectionImage[];
  shown: readonly InspectionImage[];
  view: ImageView;
  onViewChange: (view: ImageView) => void;
  currentId: number | null;
  onOpen: (id: number) => void;
  selected: ReadonlySet<number>;
  onSelectedChange: (ids: Set<number>) => void;
  onPreview: () => void;
  /** The Rejected view: staff only (a customer is shown the accepted photos, spec 2 §6). */
  showRejected: boolean;
}

/**
 * The image list (spec 2 §2): the views To Archive / Rejected (disabled without rejected photos) / Annotated
 * (disabled without annotated ones), Select All, a box per photo (Shift-click selects a range) and Preview.
 */
export function ImageList(props: ImageListProps) {
  const lastClicked = useRef<number | null>(null);
  const ids = props.shown.map((i) => i.id);
  const allChecked = ids.length > 0 && ids.every((id) => props.selected.has(id));
  const someChecked = ids.some((id) => props.selected.has(id));

  const toggle = (id: number, shift: boolean) => {
    const next = new Set(props.selected);
    const on = !next.has(id);
    const range = shift && lastClicked.current !== null ? rangeBetween(ids, lastClicked.current, id) : [id];
    for (const r of range) {
      if (on) next.add(r);
      else next.delete(r);
    }
    lastClicked.current = id;
    props.onSelectedChange(next);
  };

  return (
    <Stack gap="xs" h="100%" data-testid="image-list">
      <SegmentedControl
        size="xs"
        fullWidth
        value={props.view}
        onChange={(v) => props.onViewChange(v as ImageView)}
        data={IMAGE_VIEWS.filter((v) => props.showRejected || v !== 'rejected').map((v) => ({
          value: v,
          label: IMAGE_VIEW_LABELS[v],
          disabled: isViewDisabled(props.all, v),
        }))}
        aria-label="Image view"
      />
      <Group justify="space-between">
        <Checkbox
          size="xs"
          label="Select All"
          checked={allChecked}
          indeterminate={someChecked && !allChecked}
          onChange={() => props.onSelectedChange(allChecked ? new Set() : new Set(ids))}
        />
        <Button size="compact-xs" variant="light" onClick={props.onPreview} disabled={ids.length === 0}>
          Preview
        </Button>
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={4}>
          {props.shown.length === 0 && (
            <Text size="sm" c="dimmed" p="xs">
              No photos in this view.
            </Text>
          )}
          {props.shown.map((img, index) => (
            <Group
              key={img.id}
              gap={6}
              wrap="nowrap"
              p={4}
              data-testid="image-row"
              data-current={img.id === props.currentId || undefined}
              style={{
                borderRadius: 4,
                background: img.id === props.currentId ? 'var(--mantine-color-blue-light)' : undefined,
              }}
            >
              <Checkbox
                size="xs"
                aria-label={`Select ${img.image_name}`}
                checked={props.selected.has(img.id)}
                onChange={() => undefined}
                onClick={(e) => toggle(img.id, e.shiftKey)}
              />
              <UnstyledButton onClick={() => props.onOpen(img.id)} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Image
                    src={imageUrl(img.id, 'THUMBNAIL_IMG')}
                    alt=""
                    w={48}
                    h={36}
                    radius="xs"
                    fit="cover"
                  />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="xs" truncate fw={img.id === props.currentId ? 700 : 400}>
                      {index + 1}. {img.image_name}
                    </Text>
                    <Group gap={4}>
                      {img.anno_count > 0 && (
                        <Badge size="xs" variant="light" color="red">
                          {img.anno_count} marked
                        </Badge>
                      )}
                      {img.first_viewed && (
                        <Badge size="xs" variant="light" color="blue">
                          viewed
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                </Group>
              </UnstyledButton>
            </Group>
          ))}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
