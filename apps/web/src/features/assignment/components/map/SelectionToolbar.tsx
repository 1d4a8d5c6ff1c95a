import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconFocusCentered, IconHandStop, IconMarquee, IconPolygon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCount } from '../../../../lib/format.ts';
import type { DrawMode } from './useDrawSelection.ts';

interface SelectionToolbarProps {
  mode: DrawMode;
  onMode: (mode: DrawMode) => void;
  canEdit: boolean;
  shownCount: number;
  onSelectShown: () => void;
  onFit: () => void;
}

const HINTS: Record<Exclude<DrawMode, 'static'>, string> = {
  rectangle: 'Drag, or click two corners. Esc cancels.',
  polygon: 'Click to add corners; click the first one or press Enter to finish. Esc cancels.',
};

const TOOLS: Array<{ mode: DrawMode; label: string; icon: ReactNode }> = [
  { mode: 'static', label: 'Pan and click markers', icon: <IconHandStop size={16} /> },
  { mode: 'rectangle', label: 'Select by rectangle', icon: <IconMarquee size={16} /> },
  { mode: 'polygon', label: 'Select by polygon', icon: <IconPolygon size={16} /> },
];

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
          {canEdit && (
            <ActionIcon.Group aria-label="Map tool">
              {TOOLS.map((tool) => (
                <Tooltip key={tool.mode} label={tool.label}>
                  <ActionIcon
                    size="md"
                    variant={mode === tool.mode ? 'filled' : 'default'}
                    aria-pressed={mode === tool.mode}
                    aria-label={tool.label}
                    onClick={() => onMode(tool.mode)}
                  >
                    {tool.icon}
                  </ActionIcon>
                </Tooltip>
              ))}
            </ActionIcon.Group>
          )}
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
      {/* At the bottom, out of the way of where shapes usually start. */}
      {mode !== 'static' && (
        <Paper
          pos="absolute"
          bottom={8}
          left="50%"
          px="sm"
          py={4}
          shadow="sm"
          radius="xl"
          style={{ zIndex: 2, transform: 'translateX(-50%)', pointerEvents: 'none' }}
        >
          <Text size="xs" role="status">
            {HINTS[mode]}
          </Text>
        </Paper>
      )}
    </>
  );
}
