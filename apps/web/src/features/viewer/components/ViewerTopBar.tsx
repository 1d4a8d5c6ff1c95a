import { type InspectionImage, reviewStatusLabel, type ViewerInspection } from '@linewalker/domain';
import { ActionIcon, Badge, Group, Select, Text } from '@mantine/core';
import { IconHistory, IconX } from '@tabler/icons-react';
import { ShortcutsPanel } from './ShortcutsPanel.tsx';
import { ToolButton } from './ToolButton.tsx';

interface ViewerTopBarProps {
  data: ViewerInspection | undefined;
  shown: InspectionImage[];
  current: InspectionImage | null;
  index: number;
  onOpen: (imageId: number) => void;
  /** Staff see the review history; customers do not. */
  showHistory: boolean;
  historyOpen: boolean;
  onHistory: () => void;
  onClose: () => void;
}

/** The viewer's top bar: the structure and its status, the current photo with n/N, history, shortcuts, close. */
export function ViewerTopBar({ data, shown, current, index, ...props }: ViewerTopBarProps) {
  const row = data?.inspection ?? null;
  const reshootRequested = row?.review_status === 'Reshoot Requested';
  return (
    <Group
      justify="space-between"
      px="md"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Text fw={700} truncate data-testid="viewer-structure">
          {row ? row.structure : 'Loading…'}
        </Text>
        {row && (
          <Text size="sm" c="dimmed" truncate>
            {row.line_name}
            {row.component ? ` · ${row.component}` : ''}
          </Text>
        )}
        {row && (
          <Badge variant="light" color={reshootRequested ? 'orange' : row.date_reviewed ? 'green' : 'gray'}>
            {reviewStatusLabel(row.review_status)}
          </Badge>
        )}
        {data?.escalated_at && (
          <Badge variant="light" color="red">
            Escalated
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label="Current image"
          w={320}
          size="xs"
          data={shown.map((img, i) => ({
            value: String(img.id),
            label: `${img.image_name}  ${i + 1}/${shown.length}`,
          }))}
          value={current ? String(current.id) : null}
          onChange={(v) => v && props.onOpen(Number(v))}
          comboboxProps={{ zIndex: 400 }}
          allowDeselect={false}
          searchable
        />
        <Text size="sm" fw={600} data-testid="image-counter">
          {current ? `${index + 1}/${shown.length}` : `0/${shown.length}`}
        </Text>
        {props.showHistory && (
          <ToolButton
            label="Review history"
            active={props.historyOpen}
            icon={<IconHistory size={20} />}
            onClick={props.onHistory}
          />
        )}
        <ShortcutsPanel />
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Close viewer"
          // The modal focuses this on open; otherwise the first tabbable element, the searchable photo
          // picker, would take focus and open its list over the photo.
          data-autofocus
          onClick={props.onClose}
        >
          <IconX size={22} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
