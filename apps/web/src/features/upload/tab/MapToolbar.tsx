import { Button, Group, Paper } from '@mantine/core';
import { DrawToolButtons } from '../../../components/map/DrawTools.tsx';
import type { DrawMode } from '../../../components/map/useDrawShapes.ts';

const DRAW_LABELS = {
  static: 'Pan and click pins',
  rectangle: 'Select images by rectangle',
  polygon: 'Select images by polygon',
};

/** '+ Add Structure', '+ Add Line' and the selection tools, over the map's top-left corner. */
export function MapToolbar({
  canAddStructure,
  canAddLine,
  canSelect,
  mode,
  onMode,
  onAddStructure,
  onAddLine,
}: {
  canAddStructure: boolean;
  canAddLine: boolean;
  canSelect: boolean;
  mode: DrawMode;
  onMode: (mode: DrawMode) => void;
  onAddStructure: () => void;
  onAddLine: () => void;
}) {
  if (!canAddStructure && !canAddLine && !canSelect) return null;
  return (
    <Paper
      pos="absolute"
      top={8}
      left={8}
      p={4}
      shadow="sm"
      radius="md"
      style={{ zIndex: 2, maxWidth: 'calc(100% - 64px)' }}
    >
      <Group gap={6} wrap="wrap">
        {canAddStructure && (
          <Button size="xs" onClick={onAddStructure}>
            + Add Structure
          </Button>
        )}
        {canAddLine && (
          <Button size="xs" variant="default" onClick={onAddLine}>
            + Add Line
          </Button>
        )}
        {canSelect && <DrawToolButtons mode={mode} onMode={onMode} labels={DRAW_LABELS} />}
      </Group>
    </Paper>
  );
}
