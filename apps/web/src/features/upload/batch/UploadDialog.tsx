import {
  type ProjectDetail,
  parseStepClip,
  STEP_CLIP_MESSAGE,
  type StepClipAngles,
  UPLOAD_MESSAGES,
} from '@linewalker/domain';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { useProjectLines } from '../../../lib/projectLines.ts';
import { useUploadStructures } from '../api/getUploadStructures.ts';
import { acceptedImages } from './collectFiles.ts';
import { DropArea } from './DropArea.tsx';
import { ImagePreview } from './ImagePreview.tsx';
import type { DroppedFile } from './uploadTypes.ts';

type Mode = 'auto' | 'manual';

export interface UploadRequest {
  files: DroppedFile[];
  structureId: number | null;
  stepClip: StepClipAngles | null;
}

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * 'Upload Images' (spec 2 §2 'Upload'): Automatic or Manual Assignment (Line → Structure, Step Clip on
 * component projects), then drop or choose photos and folders; only JPEG/PNG photos are taken.
 */
export function UploadDialog({
  project,
  opened,
  onClose,
  onStart,
  notice,
}: {
  project: ProjectDetail;
  opened: boolean;
  onClose: () => void;
  onStart: (request: UploadRequest) => void;
  /** Shown above the choices (the unfinished last upload). */
  notice?: ReactNode;
}) {
  const component = project.inspection_type === '1';
  const [mode, setMode] = useState<Mode>(component ? 'manual' : 'auto');
  const [lineId, setLineId] = useState<string | null>(null);
  const [structureId, setStructureId] = useState<string | null>(null);
  const [stepClip, setStepClip] = useState('');
  const [stepClipError, setStepClipError] = useState<string | null>(null);
  const [files, setFiles] = useState<DroppedFile[]>([]);
  const [error, setError] = useState<string | null>(null);

  const manual = mode === 'manual';
  const narrow = useMediaQuery('(max-width: 36em)');
  const lines = useProjectLines(project.id);
  const structures = useUploadStructures(project.id, opened && manual);
  const lineOptions = useMemo(
    () => (lines.data ?? []).map((line) => ({ value: String(line.id), label: line.line_name })),
    [lines.data],
  );
  const structureOptions = useMemo(
    () =>
      (structures.data ?? [])
        .filter((s) => String(s.line_id) === lineId)
        .sort((a, b) => byName.compare(a.struct_num, b.struct_num))
        .map((s) => ({ value: String(s.structure_id), label: s.struct_num })),
    [structures.data, lineId],
  );
  const showDrop = !manual || structureId !== null;

  const addFiles = (dropped: DroppedFile[]) => {
    const images = acceptedImages(dropped);
    if (images.length === 0) {
      setError(UPLOAD_MESSAGES.noValidImages);
      return;
    }
    setError(null);
    setFiles((current) => acceptedImages([...current, ...images]));
  };

  const reset = () => {
    setFiles([]);
    setError(null);
    setStepClipError(null);
  };

  const close = () => {
    reset();
    onClose();
  };

  const submit = () => {
    if (manual && !structureId) {
      setError(UPLOAD_MESSAGES.structureRequired);
      return;
    }
    if (files.length === 0) {
      setError(UPLOAD_MESSAGES.atLeastOne);
      return;
    }
    let clip: StepClipAngles | null = null;
    if (component && manual) {
      const parsed = parseStepClip(stepClip);
      if (!parsed.ok) {
        setStepClipError(STEP_CLIP_MESSAGE);
        return;
      }
      clip = parsed.value;
    }
    onStart({ files, structureId: manual ? Number(structureId) : null, stepClip: clip });
    reset();
  };

  return (
    <Modal opened={opened} onClose={close} title="Upload Images" size="lg" centered fullScreen={narrow}>
      <Stack gap="md">
        {notice}
        <SegmentedControl
          value={mode}
          orientation={narrow ? 'vertical' : 'horizontal'}
          onChange={(value) => {
            setMode(value as Mode);
            setError(null);
          }}
          fullWidth
          data={[
            { value: 'auto', label: 'Automatic Assignment', disabled: component },
            { value: 'manual', label: 'Manual Assignment' },
          ]}
          aria-label="Assignment"
        />
        {manual ? (
          <Stack gap="sm">
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label="Line"
                placeholder={lines.isPending ? 'Loading lines…' : 'Choose a line'}
                data={lineOptions}
                value={lineId}
                onChange={(value) => {
                  setLineId(value);
                  setStructureId(null);
                }}
                searchable
                nothingFoundMessage="No line matches"
                miw={200}
              />
              <Select
                label="Structure"
                placeholder={
                  lineId
                    ? structures.isPending
                      ? 'Loading structures…'
                      : 'Choose a structure'
                    : 'Choose a line first'
                }
                data={structureOptions}
                value={structureId}
                onChange={(value) => {
                  setStructureId(value);
                  if (value) setError(null);
                }}
                disabled={!lineId}
                searchable
                limit={200}
                nothingFoundMessage="No structure matches"
                miw={200}
              />
            </Group>
            {component && (
              <TextInput
                label="Step Clip"
                description="Top outer, top, bottom outer and bottom angle, separated by commas"
                placeholder="e.g. 12, 10, 8, 6"
                value={stepClip}
                onChange={(event) => {
                  setStepClip(event.currentTarget.value);
                  setStepClipError(null);
                }}
                error={stepClipError}
              />
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Each photo is placed on the structure it shows, from its GPS position and camera direction. Photos
            that cannot be placed with confidence wait under Unassigned Images.
          </Text>
        )}

        {showDrop ? (
          <DropArea onFiles={addFiles} />
        ) : (
          <Text
            size="sm"
            c="dimmed"
            ta="center"
            py="md"
            style={{ border: '2px dashed var(--mantine-color-gray-3)', borderRadius: 8 }}
          >
            Choose a line and a structure to add photos.
          </Text>
        )}

        {error && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" p="xs">
            {error}
          </Alert>
        )}

        {files.length > 0 && <ImagePreview files={files} />}

        <Group justify="space-between">
          <Button variant="subtle" color="gray" onClick={() => setFiles([])} disabled={files.length === 0}>
            Clear
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit}>
              {files.length > 0 ? `Upload ${formatCount(files.length)} Images` : 'Upload'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
