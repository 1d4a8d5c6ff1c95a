import { type ProjectLine, STRUCTURE_MESSAGES } from '@linewalker/domain';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useRemoveStructure } from '../../api/removeStructure.ts';
import { useSaveStructure } from '../../api/saveStructure.ts';
import { checkDraft, isDraftFilled, type StructureDraft } from '../model/structureDraft.ts';
import { DraggablePanel } from './DraggablePanel.tsx';
import { RemoveStructureConfirm, type StructureNotice } from './StructureNotices.tsx';

interface StructurePanelProps {
  projectId: number;
  draft: StructureDraft;
  lines: readonly ProjectLine[];
  onChange: (draft: StructureDraft) => void;
  onClose: () => void;
  /** Saved (created or updated); the structure's id. */
  onSaved: (structureId: number) => void;
  onRemoved: () => void;
  onNotice: (notice: StructureNotice) => void;
  /** '+ Add Line' from the panel (a structure needs a line). */
  onAddLine: () => void;
}

/**
 * 'Add New Structure' / 'Structure' (spec 2 §2 'Map edit panels', §4, §5): name, line, latitude and
 * longitude; a click on the map or dragging the pin sets the position. Save is enabled once all four
 * are filled; an invalid pair says 'Invalid Latitude, Longitude!'.
 */
export function StructurePanel(props: StructurePanelProps) {
  const { projectId, draft, lines, onChange } = props;
  const isNew = draft.structureId === null;
  const save = useSaveStructure(projectId);
  const remove = useRemoveStructure(projectId);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const change = (patch: Partial<StructureDraft>) => {
    setInvalid(null);
    onChange({ ...draft, ...patch });
  };

  const onSave = () => {
    const check = checkDraft(draft, STRUCTURE_MESSAGES.invalidCoordinates);
    if (!check.ok) {
      setInvalid(check.message);
      return;
    }
    save.mutate(
      draft.structureId === null
        ? { kind: 'create', body: check.body }
        : {
            kind: 'update',
            structureId: draft.structureId,
            body: check.body,
            latLonChanged: check.latLonChanged,
          },
      {
        onSuccess: (answer) => props.onSaved(answer.structure_id),
        onError: () => props.onNotice('duplicate'),
      },
    );
  };

  const onRemove = () => {
    if (draft.structureId === null) return;
    remove.mutate(draft.structureId, {
      onSuccess: () => {
        setConfirming(false);
        props.onRemoved();
        props.onNotice('deleted');
      },
      onError: () => {
        setConfirming(false);
        props.onNotice('oops');
      },
    });
  };

  const title = isNew ? 'Add New Structure' : 'Structure';
  return (
    <DraggablePanel title={title} onClose={props.onClose} testId="structure-panel">
      <Stack gap="xs">
        <TextInput
          label="Structure Name"
          required
          maxLength={100}
          value={draft.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label="Line"
            required
            searchable
            placeholder={lines.length === 0 ? 'No lines yet' : 'Pick a line'}
            data={lines.map((line) => ({ value: String(line.id), label: line.line_name }))}
            value={draft.lineId === null ? null : String(draft.lineId)}
            onChange={(value) => change({ lineId: value === null ? null : Number(value) })}
            style={{ flex: 1 }}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
          />
          <Button variant="default" onClick={props.onAddLine}>
            + Add Line
          </Button>
        </Group>
        <Group gap="xs" grow>
          <TextInput
            label="Latitude"
            required
            inputMode="decimal"
            value={draft.latitude}
            onChange={(event) => change({ latitude: event.currentTarget.value })}
          />
          <TextInput
            label="Longitude"
            required
            inputMode="decimal"
            value={draft.longitude}
            onChange={(event) => change({ longitude: event.currentTarget.value })}
          />
        </Group>
        <Text size="xs" c="dimmed">
          Click the map or drag the pin to set the position.
        </Text>
        {invalid && (
          <Alert color="red" role="alert" py={6}>
            {invalid}
          </Alert>
        )}
        <Group justify="space-between" mt={4}>
          {isNew ? (
            <span />
          ) : (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Remove
            </Button>
          )}
          <Group gap="xs">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button onClick={onSave} disabled={!isDraftFilled(draft)} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
      <RemoveStructureConfirm
        opened={confirming}
        busy={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => setConfirming(false)}
      />
    </DraggablePanel>
  );
}
