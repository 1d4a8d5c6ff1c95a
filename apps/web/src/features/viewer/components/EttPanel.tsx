import {
  type AbbIdType,
  ARM_CLASSIFICATIONS,
  ARM_MANUFACTURERS,
  type EttArm,
  type EttSelection,
  type KnuckleFlat,
} from '@linewalker/domain';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  MultiSelect,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';

/** The panel's edits of one arm (flange) before they are saved. */
export interface ArmDraft {
  classification: string | null;
  manufacturer: string | null;
  part: string;
  serial_num: string;
  release_num: string;
  newNote: string;
}

export const draftOf = (arm: EttArm | undefined): ArmDraft => ({
  classification: arm?.classification ?? null,
  manufacturer: arm?.manufacturer ?? null,
  part: arm?.part ?? '',
  serial_num: arm?.serial_num ?? '',
  release_num: arm?.release_num ?? '',
  newNote: '',
});

export interface EttPanelProps {
  opened: boolean;
  /** 'Flange' for ABB projects, 'Arms' otherwise. */
  title: string;
  /** 'Flange' for ABB projects, 'Arm' otherwise. */
  word: string;
  abb: boolean;
  /** Customers read; they pick nothing and add no note. */
  readOnly: boolean;
  selection: EttSelection;
  onPhotoType: (type: 1 | 2 | 3) => void;
  onArm: (armPositionId: number | null) => void;
  onKnuckleFlat: (id: number | null) => void;
  arms: EttArm[];
  draft: ArmDraft | null;
  onDraft: (patch: Partial<ArmDraft>) => void;
  knuckleFlats: KnuckleFlat[];
  abbIdTypes: AbbIdType[];
  abbSelected: number[];
  onAbbSelected: (ids: number[]) => void;
  error: string | null;
  onClose: () => void;
}

const COMBO = { zIndex: 400 } as const;

/** The panel's width when open. */
export const ETT_PANEL_WIDTH = 340;

/**
 * The ETT arm or ABB flange side panel of the viewer (spec 2 §2, §3 'ETT arm', §4, §5); slides in in 0.15 s.
 * A column beside the photo, not a layer over it: the photo, its Map and 3D View buttons and their panels
 * stay whole while the panel is open.
 */
export function EttPanel(p: EttPanelProps) {
  const { selection, word } = p;
  const typeLabels = { 1: 'ID', 2: word, 3: 'Knuckle/Flat' } as const;
  const arm = p.arms.find((a) => a.arm_position_id === selection.armPositionId);
  const showArm = selection.photoType === 1 || selection.photoType === 2;
  const d = p.draft;
  return (
    <Paper
      role="region"
      aria-label={p.title}
      aria-hidden={!p.opened}
      radius={0}
      data-testid="ett-panel"
      style={{
        flexShrink: 0,
        width: p.opened ? ETT_PANEL_WIDTH : 0,
        overflow: 'hidden',
        borderLeft: p.opened ? '1px solid var(--mantine-color-default-border)' : 'none',
        visibility: p.opened ? 'visible' : 'hidden',
        transition: 'width 0.15s ease-out, visibility 0.15s',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      {/* A fixed width inside, so the content does not reflow while the column slides. */}
      <Box
        style={{ width: ETT_PANEL_WIDTH, flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Group
          justify="space-between"
          px="sm"
          py={6}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text fw={700}>{p.title}</Text>
          <ActionIcon variant="subtle" color="gray" aria-label={`Close ${p.title}`} onClick={p.onClose}>
            <IconX size={18} />
          </ActionIcon>
        </Group>
        <ScrollArea style={{ flex: 1 }} px="sm" py="xs">
          <Stack gap="sm">
            {p.readOnly ? (
              <Text size="sm" data-testid="ett-photo-type">
                Image Type: {selection.photoType ? typeLabels[selection.photoType] : '—'}
              </Text>
            ) : (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Image Type
                </Text>
                <Group gap={6} role="group" aria-label="Image Type">
                  {([1, 2, 3] as const).map((t) => (
                    <Button
                      key={t}
                      size="compact-sm"
                      variant={selection.photoType === t ? 'filled' : 'default'}
                      aria-pressed={selection.photoType === t}
                      onClick={() => p.onPhotoType(t)}
                    >
                      {typeLabels[t]}
                    </Button>
                  ))}
                </Group>
              </Stack>
            )}

            {showArm && (
              <Select
                label={word}
                placeholder={`Pick ${word}`}
                data={p.arms.map((a) => ({ value: String(a.arm_position_id), label: a.arm_position_text }))}
                value={selection.armPositionId === null ? null : String(selection.armPositionId)}
                onChange={(v) => p.onArm(v === null ? null : Number(v))}
                readOnly={p.readOnly}
                clearable={!p.readOnly}
                comboboxProps={COMBO}
              />
            )}

            {showArm && arm && d && (
              <Stack gap="xs" data-testid="ett-arm-form">
                <Select
                  label="Classification"
                  data={[...ARM_CLASSIFICATIONS]}
                  value={d.classification}
                  onChange={(v) => p.onDraft({ classification: v })}
                  readOnly={p.readOnly}
                  clearable={!p.readOnly}
                  comboboxProps={COMBO}
                />
                <Select
                  label="Manufacturer"
                  data={[...ARM_MANUFACTURERS]}
                  value={d.manufacturer}
                  onChange={(v) => p.onDraft({ manufacturer: v })}
                  readOnly={p.readOnly}
                  clearable={!p.readOnly}
                  comboboxProps={COMBO}
                />
                <TextInput
                  label={p.abb ? 'RFID' : 'Part'}
                  value={d.part}
                  maxLength={100}
                  readOnly={p.readOnly}
                  onChange={(e) => p.onDraft({ part: e.currentTarget.value })}
                />
                <TextInput
                  label="Serial"
                  value={d.serial_num}
                  maxLength={100}
                  readOnly={p.readOnly}
                  onChange={(e) => p.onDraft({ serial_num: e.currentTarget.value })}
                />
                <TextInput
                  label="Release"
                  value={d.release_num}
                  maxLength={100}
                  readOnly={p.readOnly}
                  onChange={(e) => p.onDraft({ release_num: e.currentTarget.value })}
                />
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    Notes
                  </Text>
                  {arm.notes.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      No notes
                    </Text>
                  ) : (
                    arm.notes.map((n) => (
                      <Text key={n.id} size="sm" data-testid="ett-arm-note">
                        {n.note_text}
                        <Text span size="xs" c="dimmed">
                          {' '}
                          — {n.created_by_name ?? 'Unknown'}, {n.created_at.slice(0, 10)}
                        </Text>
                      </Text>
                    ))
                  )}
                </Stack>
                {!p.readOnly && (
                  <Textarea
                    label="New Note"
                    value={d.newNote}
                    maxLength={500}
                    autosize
                    minRows={2}
                    onChange={(e) => p.onDraft({ newNote: e.currentTarget.value })}
                  />
                )}
              </Stack>
            )}

            {selection.photoType === 3 && (
              <Select
                label="Knuckle/Flat Position"
                placeholder="Pick Knuckle/Flat"
                data={p.knuckleFlats.map((k) => ({ value: String(k.id), label: k.name }))}
                value={
                  selection.knuckleFlatPositionId === null ? null : String(selection.knuckleFlatPositionId)
                }
                onChange={(v) => p.onKnuckleFlat(v === null ? null : Number(v))}
                readOnly={p.readOnly}
                comboboxProps={COMBO}
              />
            )}

            {p.abb && (
              <MultiSelect
                label="ID Types"
                data={p.abbIdTypes.map((t) => ({ value: String(t.id), label: t.id_type_name }))}
                value={p.abbSelected.map(String)}
                onChange={(v) => p.onAbbSelected(v.map(Number))}
                readOnly={p.readOnly}
                maxDropdownHeight={224}
                comboboxProps={COMBO}
              />
            )}

            {p.error && (
              <Text size="sm" c="red" role="alert">
                {p.error}
              </Text>
            )}
          </Stack>
        </ScrollArea>
      </Box>
    </Paper>
  );
}
