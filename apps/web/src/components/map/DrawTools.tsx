import { ActionIcon, Paper, Text, Tooltip } from '@mantine/core';
import { IconHandStop, IconMarquee, IconPolygon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DrawMode, ShapeMode } from './useDrawShapes.ts';

/** What each tool is called (tooltip and accessible name); the defaults suit picking markers. */
export type DrawToolLabels = Record<DrawMode, string>;

const DEFAULT_LABELS: DrawToolLabels = {
  static: 'Pan and click markers',
  rectangle: 'Select by rectangle',
  polygon: 'Select by polygon',
};

const ICONS: Record<DrawMode, ReactNode> = {
  static: <IconHandStop size={16} />,
  rectangle: <IconMarquee size={16} />,
  polygon: <IconPolygon size={16} />,
};

const MODES: DrawMode[] = ['static', 'rectangle', 'polygon'];

/** Pan / rectangle / polygon as a pressed-button group, for a map toolbar. */
export function DrawToolButtons({
  mode,
  onMode,
  labels = DEFAULT_LABELS,
}: {
  mode: DrawMode;
  onMode: (mode: DrawMode) => void;
  labels?: DrawToolLabels;
}) {
  return (
    <ActionIcon.Group aria-label="Map tool">
      {MODES.map((tool) => (
        <Tooltip key={tool} label={labels[tool]}>
          <ActionIcon
            size="md"
            variant={mode === tool ? 'filled' : 'default'}
            aria-pressed={mode === tool}
            aria-label={labels[tool]}
            onClick={() => onMode(tool)}
          >
            {ICONS[tool]}
          </ActionIcon>
        </Tooltip>
      ))}
    </ActionIcon.Group>
  );
}

const HINTS: Record<ShapeMode, string> = {
  rectangle: 'Drag, or click two corners. Esc cancels.',
  polygon: 'Click to add corners; click the first one or press Enter to finish. Esc cancels.',
};

/** How to draw the current shape, at the bottom of the map (out of the way of where shapes start). */
export function DrawHint({ mode }: { mode: DrawMode }) {
  if (mode === 'static') return null;
  return (
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
  );
}
