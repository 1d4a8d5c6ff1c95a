import { ActionIcon, Button, Group, Paper, Tooltip } from '@mantine/core';
import { IconFocusCentered } from '@tabler/icons-react';
import { DrawHint, DrawToolButtons } from '../../../../components/map/DrawTools.tsx';
import type { DrawMode } from '../../../../components/map/useDrawShapes.ts';
import { formatCount } from '../../../../lib/format.ts';

interface SelectionToolbarProps {
  mode: DrawMode;
  onMode: (mode: DrawMode) => void;
  canEdit: boolean;
  shownCount: number;
  onSelectShown: () => void;
  onFit: () => void;
}

/**
 * Pan / rectangle / polygon over the map. Drawing a shape selects the shown structures inside it;
 * 'Select shown' is the keyboard way to select the same (whatever the filters show).
 */
export function SelectionToolbar({
  mode,
  onMode,
  canEdit,
  shownCount,
  onSelectShown,
  onFit,
}: SelectionToolbarProps) {
  return (
    <>
      <Paper pos="absolute" top={8} left={8} p={4} shadow="sm" radius="md" style={{ zIndex: 2 }}>
        <Group gap={6} wrap="nowrap">
          {canEdit && <DrawToolButtons mode={mode} onMode={onMode} />}
          {canEdit && (
            <Button size="compact-sm" variant="light" disabled={shownCount === 0} onClick={onSelectShown}>
              Select shown ({formatCount(shownCount)})
            </Button>
          )}
          <Tooltip label="Fit the map to the shown structures">
            <ActionIcon
              variant="default"
              size="md"
              onClick={onFit}
              aria-label="Fit the map to the shown structures"
            >
              <IconFocusCentered size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Paper>
      <DrawHint mode={mode} />
    </>
  );
}
