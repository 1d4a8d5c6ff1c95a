import type { AiModelImage } from '@linewalker/domain';
import { Badge, Box, Button, Checkbox, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ApiRequestError } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { createAiPatch, deleteAiPatch, setNothingToFind, useAiModelImages } from '../api/aiModels.ts';
import { type DrawnPatch, MarkupStage, type MarkupTool } from './MarkupStage.tsx';

interface Props {
  modelId: number;
  /** 'markup': every image of the model in turn; 'review': only the marked-up ones. */
  mode: 'markup' | 'review' | null;
  onClose: () => void;
}

const boundsOf = (points: [number, number][]) => {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
};

/** Markup Images / Review Marked-up Images: the model's images one after the other in the markup stage. */
export function MarkupModal({ modelId, mode, onClose }: Props) {
  const queryClient = useQueryClient();
  const images = useAiModelImages(modelId, mode !== null);
  const [index, setIndex] = useState(0);
  const [tool, setTool] = useState<MarkupTool>('rectangle');
  const [selected, setSelected] = useState<number | null>(null);
  // The list of a session is fixed when it opens (marking up an image keeps it in the list).
  const [ids, setIds] = useState<number[] | null>(null);
  useEffect(() => {
    if (mode === null) setIds(null);
    else if (ids === null && images.data) {
      setIds(images.data.images.filter((i) => mode === 'markup' || i.marked_up).map((i) => i.image_id));
      setIndex(0);
    }
  }, [mode, images.data, ids]);
  const byId = useMemo(
    () => new Map<number, AiModelImage>((images.data?.images ?? []).map((i) => [i.image_id, i])),
    [images.data],
  );
  const image = ids && ids[index] !== undefined ? byId.get(ids[index]!) : undefined;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.ai.images(modelId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.ai.model(modelId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.ai.models() }),
    ]);
  const fail = (err: unknown) =>
    notifications.show({
      color: 'red',
      message: err instanceof ApiRequestError ? err.message : 'Saving failed',
    });

  const onDrawn = async (shape: DrawnPatch) => {
    if (!image) return;
    const rect = shape.kind === 'rectangle' ? shape : boundsOf(shape.points);
    try {
      await createAiPatch(modelId, {
        image_id: image.image_id,
        left: rect.left,
        top: rect.top,
        width: rect.width,
        height: rect.height,
        polygon: shape.kind === 'polygon' ? shape.points : null,
        note: null,
      });
      await refresh();
    } catch (err) {
      fail(err);
    }
  };
  const remove = async () => {
    if (selected === null) return;
    try {
      await deleteAiPatch(selected);
      setSelected(null);
      await refresh();
    } catch (err) {
      fail(err);
    }
  };
  const toggleNothing = async (value: boolean) => {
    if (!image) return;
    try {
      await setNothingToFind(modelId, image.image_id, value);
      await refresh();
    } catch (err) {
      fail(err);
    }
  };

  const count = ids?.length ?? 0;
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      // Escape cancels the shape being drawn, not the session.
      closeOnEscape={false}
      fullScreen
      title={mode === 'review' ? 'Review Marked-up Images' : 'Markup Images'}
    >
      {count === 0 && ids !== null ? (
        <Text>No images to show.</Text>
      ) : (
        <Stack h="calc(100vh - 90px)" gap="xs">
          <Group justify="space-between">
            <Group>
              <SegmentedControl
                value={tool}
                onChange={(v) => setTool(v as MarkupTool)}
                data={[
                  { label: 'Rectangle', value: 'rectangle' },
                  { label: 'Polygon', value: 'polygon' },
                ]}
                aria-label="Markup tool"
              />
              <Checkbox
                label="Nothing to find here"
                checked={image?.nothing_to_find ?? false}
                disabled={!image || image.patches.length > 0}
                onChange={(e) => toggleNothing(e.currentTarget.checked)}
              />
              <Button color="red" variant="light" disabled={selected === null} onClick={remove}>
                Delete Patch
              </Button>
            </Group>
            <Group>
              {image && (
                <Badge color={image.marked_up ? 'green' : 'gray'} data-testid="markup-state">
                  {image.marked_up ? 'Marked up' : 'Not marked up'}
                </Badge>
              )}
              <Text size="sm" data-testid="markup-position">
                {count === 0 ? 0 : index + 1} / {count}
              </Text>
              <Button variant="default" disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
                Back
              </Button>
              <Button variant="default" disabled={index >= count - 1} onClick={() => setIndex((i) => i + 1)}>
                Next
              </Button>
              <Button onClick={onClose}>Done</Button>
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            Rectangle: drag. Polygon: click the points, Enter or double-click confirms. Escape cancels. Wheel
            zooms, right-drag pans. Click a patch to select it.
          </Text>
          <Box style={{ flex: 1, minHeight: 0 }}>
            {image?.img_width && image.img_height ? (
              <MarkupStage
                url={image.url}
                name={image.image_name}
                width={image.img_width}
                height={image.img_height}
                patches={image.patches}
                tool={tool}
                selectedId={selected}
                onSelect={setSelected}
                onDrawn={onDrawn}
              />
            ) : null}
          </Box>
        </Stack>
      )}
    </Modal>
  );
}
