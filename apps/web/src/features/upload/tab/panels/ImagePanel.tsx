import {
  MAX_IMAGE_SELECTION,
  REJECT_REASON_MAX,
  type UploadImage,
  type UploadStructure,
} from '@linewalker/domain';
import { Alert, Button, Group, Image, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatCount } from '../../../../lib/format.ts';
import { imageUrl } from '../../api/imageUrl.ts';
import { useReassignImages } from '../../api/reassignImages.ts';
import { useRejectImages } from '../../api/rejectImages.ts';
import { DraggablePanel } from './DraggablePanel.tsx';

type Mode = 'choose' | 'assign' | 'reject';

interface ImagePanelProps {
  projectId: number;
  images: readonly UploadImage[];
  structures: readonly UploadStructure[];
  canReassign: boolean;
  canReject: boolean;
  onClose: () => void;
  /** Reassigned or rejected: the selection is spent. */
  onDone: () => void;
  onDetails: (image: UploadImage) => void;
}

/** Above 500 selected photos nothing can be sent (spec 2 §5). */
export const TOO_MANY_MESSAGE = `Please select fewer than ${MAX_IMAGE_SELECTION} images at a time.`;

/**
 * 'Image' / 'Reassign Images' (spec 2 §2 'Map edit panels', §4): the selected photos; assign or
 * reassign them to a structure (Save waits for a structure) or reject them with a reason.
 */
export function ImagePanel(props: ImagePanelProps) {
  const { projectId, images, structures, canReassign, canReject } = props;
  const [mode, setMode] = useState<Mode>('choose');
  const [structureId, setStructureId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const reassign = useReassignImages(projectId);
  const reject = useRejectImages(projectId);
  const tooMany = images.length > MAX_IMAGE_SELECTION;
  const single = images.length === 1 ? images[0]! : null;
  const allUnassigned = images.every((image) => image.structure_id === null);
  const assignWord = allUnassigned ? 'Assign' : 'Reassign';
  const structureName = useMemo(
    () => new Map(structures.map((s) => [s.structure_id, s.struct_num])),
    [structures],
  );
  const options = useMemo(
    () =>
      structures.map((s) => ({ value: String(s.structure_id), label: `${s.struct_num} — ${s.line_name}` })),
    [structures],
  );
  const failed = reassign.isError || reject.isError;
  const ids = images.map((image) => image.image_id);

  const onSaveAssign = () => {
    if (structureId === null) return;
    reassign.mutate({ structureId: Number(structureId), imageIds: ids }, { onSuccess: props.onDone });
  };
  const onSaveReject = () => {
    const notes = reason.trim();
    if (!notes) return;
    reject.mutate({ notes, imageIds: ids }, { onSuccess: props.onDone });
  };

  return (
    <DraggablePanel title={single ? 'Image' : 'Reassign Images'} onClose={props.onClose} testId="image-panel">
      <Stack gap="xs">
        {single ? (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Image
              src={single.has_thumb ? imageUrl(single.image_id, 'THUMBNAIL_IMG') : null}
              alt={single.image_name}
              h={64}
              w={86}
              radius="sm"
              fit="cover"
              fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
              bg="gray.2"
            />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" truncate="end">
                {single.image_name}
              </Text>
              <Text size="xs" c="dimmed">
                {single.structure_id === null
                  ? 'Unassigned'
                  : `Structure ${structureName.get(single.structure_id) ?? single.structure_id}`}
              </Text>
              <Button variant="subtle" size="compact-xs" px={0} onClick={() => props.onDetails(single)}>
                Image details
              </Button>
            </Stack>
          </Group>
        ) : (
          <Text size="sm">
            {formatCount(images.length)} images selected
            {allUnassigned ? ', all unassigned' : ''}
          </Text>
        )}
        {tooMany && (
          <Text c="red" size="sm" role="alert">
            {TOO_MANY_MESSAGE}
          </Text>
        )}
        {mode === 'choose' && (
          <Group gap="xs">
            {canReassign && (
              <Button disabled={tooMany} onClick={() => setMode('assign')}>
                {assignWord}
              </Button>
            )}
            {canReject && (
              <Button color="red" variant="light" disabled={tooMany} onClick={() => setMode('reject')}>
                Reject
              </Button>
            )}
          </Group>
        )}
        {mode === 'assign' && (
          <>
            <Select
              label="Structure"
              placeholder="Pick a structure"
              searchable
              limit={100}
              data={options}
              value={structureId}
              onChange={setStructureId}
              comboboxProps={{ withinPortal: true, zIndex: 400 }}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setMode('choose')}>
                Back
              </Button>
              <Button
                onClick={onSaveAssign}
                disabled={structureId === null || tooMany}
                loading={reassign.isPending}
              >
                Save
              </Button>
            </Group>
          </>
        )}
        {mode === 'reject' && (
          <>
            <Textarea
              label="Why are you rejecting this photo?"
              autosize
              minRows={3}
              maxLength={REJECT_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              description={`${reason.length}/${REJECT_REASON_MAX}`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setMode('choose')}>
                Back
              </Button>
              <Button
                color="red"
                onClick={onSaveReject}
                disabled={reason.trim() === '' || tooMany}
                loading={reject.isPending}
              >
                Save Reject
              </Button>
            </Group>
          </>
        )}
        {failed && (
          <Alert color="red" role="alert" py={6}>
            Something went wrong!
          </Alert>
        )}
      </Stack>
    </DraggablePanel>
  );
}
