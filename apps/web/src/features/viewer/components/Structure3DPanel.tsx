import { type CompassSide, can, type StructureModel } from '@linewalker/domain';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconCube,
  IconMinus,
  IconRefresh,
  IconZoomReset,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../lib/session.ts';
import { useCheck3D, useProcess3D } from '../api/model3dQueries.ts';
import { SIDE_COLORS } from '../three/sideColors.ts';

// three.js (~140 kB gzipped) is a chunk of its own, fetched only once the panel is opened.
const loadCanvas = () => import('../three/Structure3DCanvas.tsx');
const Structure3DCanvas = lazy(loadCanvas);

/** The panel's layouts (spec 2 §2 names halfScreen, bottomLeft and minimized for the Map and 3D panel). */
export type Panel3DLayout = 'halfScreen' | 'corner' | 'minimized';

export interface Structure3DPanelProps {
  inspectionId: number;
  currentId: number | null;
  onOpen: (imageId: number) => void;
  /** 'corner' or 'halfScreen': the viewer shows the panel only while it is not minimized. */
  layout: Exclude<Panel3DLayout, 'minimized'>;
  onLayout: (layout: Panel3DLayout) => void;
}

/**
 * The button that opens the 3D view. The viewer puts it beside the Map button, bottom left of the photo,
 * where no side panel reaches. three.js starts loading on the click, while the panel asks for the model.
 */
export function Structure3DLauncher({ onOpen }: { onOpen: () => void }) {
  return (
    <Button
      size="compact-sm"
      variant="white"
      color="dark"
      leftSection={<IconCube size={16} />}
      onClick={() => {
        void loadCanvas();
        onOpen();
      }}
      style={{ boxShadow: '0 1px 4px #0006' }}
    >
      3D View
    </Button>
  );
}

/**
 * The viewer's 3D view (spec 2 §2 'Map and 3D'): where each photo's camera stood and looked, around a model
 * of the structure, so an inspector sees which sides were photographed. Clicking a camera, in the view or
 * in the list beside it, opens its photo.
 */
export function Structure3DPanel({
  inspectionId,
  currentId,
  onOpen,
  layout,
  onLayout,
}: Structure3DPanelProps) {
  const check = useCheck3D(inspectionId, true);
  const process = useProcess3D(inspectionId);
  const session = useSession().data;
  const canProcess = session ? can(session, 'structure.model3d.process') : false;
  const [resetSignal, setResetSignal] = useState(0);

  const data = check.data;
  const model = data?.model ?? null;
  const build = (label: string) =>
    canProcess && (
      <Button
        size="compact-sm"
        leftSection={<IconRefresh size={14} />}
        loading={process.isPending}
        onClick={() => process.mutate()}
      >
        {label}
      </Button>
    );

  let body: React.ReactNode;
  if (check.isPending) {
    body = (
      <Center h="100%">
        <Loader size="sm" />
      </Center>
    );
  } else if (check.isError) {
    body = (
      <Center h="100%">
        <Stack align="center" gap="xs">
          <Text size="sm">Could not load the 3D view.</Text>
          <Button size="compact-sm" variant="default" onClick={() => void check.refetch()}>
            Try Again
          </Button>
        </Stack>
      </Center>
    );
  } else if (!model) {
    body = (
      <Center h="100%" p="md">
        <Stack align="center" gap="xs">
          {data?.status === 'processing' ? (
            <>
              <Loader size="sm" />
              <Text size="sm">Building the 3D view from the photos…</Text>
            </>
          ) : (
            <>
              <Text size="sm" ta="center">
                {data?.status === 'failed'
                  ? 'The 3D view could not be built.'
                  : 'There is no 3D view of this structure yet.'}
              </Text>
              {build(data?.status === 'failed' ? 'Try Again' : 'Build 3D View')}
            </>
          )}
        </Stack>
      </Center>
    );
  } else {
    body = (
      <Box style={{ display: 'grid', gridTemplateColumns: '1fr 190px', height: '100%', minHeight: 0 }}>
        <Box style={{ position: 'relative', minWidth: 0, minHeight: 0 }}>
          <Suspense
            fallback={
              <Center h="100%">
                <Loader size="sm" />
              </Center>
            }
          >
            <Structure3DCanvas
              model={model}
              currentId={currentId}
              onPick={onOpen}
              resetSignal={resetSignal}
            />
          </Suspense>
        </Box>
        <CameraList model={model} currentId={currentId} onOpen={onOpen} />
      </Box>
    );
  }

  return (
    <Paper
      shadow="md"
      withBorder
      data-testid="structure-3d-panel"
      data-layout={layout}
      role="region"
      aria-label="3D view"
      style={{
        position: 'absolute',
        // Above the step-clip panel (top right of the photo): the reviewer opened this one last.
        zIndex: 7,
        display: 'grid',
        gridTemplateRows: 'auto auto 1fr',
        overflow: 'hidden',
        ...(layout === 'halfScreen'
          ? { right: 0, top: 0, bottom: 0, width: '50%' }
          : // At most 55 % less a gap: the map's bottom-left panel takes up to 45 %, and they never overlap.
            { right: 12, bottom: 12, width: 'min(560px, calc(55% - 24px))', height: 'min(360px, 70%)' }),
      }}
    >
      <Group
        justify="space-between"
        px="xs"
        py={4}
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap={6} wrap="nowrap">
          <IconCube size={16} />
          <Text size="sm" fw={600}>
            3D View
          </Text>
        </Group>
        <Group gap={2} wrap="nowrap">
          {model && (
            <Tooltip label="Reset view" zIndex={400}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Reset view"
                onClick={() => setResetSignal((n) => n + 1)}
              >
                <IconZoomReset size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={layout === 'halfScreen' ? 'Smaller' : 'Half screen'} zIndex={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={layout === 'halfScreen' ? 'Smaller' : 'Half screen'}
              onClick={() => onLayout(layout === 'halfScreen' ? 'corner' : 'halfScreen')}
            >
              {layout === 'halfScreen' ? <IconArrowsMinimize size={16} /> : <IconArrowsMaximize size={16} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Minimize" zIndex={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Minimize"
              onClick={() => onLayout('minimized')}
            >
              <IconMinus size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {model && data ? (
        <Group gap="xs" px="xs" py={4} wrap="nowrap" justify="space-between">
          <Text size="xs" c="dimmed" truncate>
            {model.sides.length > 0
              ? `Sides photographed: ${model.sides.join(', ')}`
              : 'No photo could be placed.'}
            {` · Height about ${Math.round(model.structure.height)} m`}
          </Text>
          {data.status === 'processing' ? (
            <Group gap={4} wrap="nowrap">
              <Loader size={12} />
              <Text size="xs">Updating…</Text>
            </Group>
          ) : (
            data.stale && build('Rebuild')
          )}
        </Group>
      ) : (
        <div />
      )}
      <Box style={{ minHeight: 0, position: 'relative' }}>{body}</Box>
      {process.isError && (
        <Alert color="red" p={6} style={{ position: 'absolute', left: 8, bottom: 8 }}>
          <Text size="xs">Could not start building the 3D view. Please try again.</Text>
        </Alert>
      )}
    </Paper>
  );
}

/** The cameras as a keyboard-reachable list: the same choice as clicking them in the view. */
function CameraList({
  model,
  currentId,
  onOpen,
}: {
  model: StructureModel;
  currentId: number | null;
  onOpen: (imageId: number) => void;
}) {
  return (
    <ScrollArea style={{ borderLeft: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap={0} role="list" aria-label="Photo cameras">
        {model.cameras.map((c) => {
          const current = c.image_id === currentId;
          return (
            <UnstyledButton
              key={c.image_id}
              role="listitem"
              aria-current={current ? 'true' : undefined}
              aria-label={`${c.image_name}, ${sideName(c.side)}, ${Math.round(c.position.u)} m up, ${Math.round(c.distance)} m away`}
              onClick={() => onOpen(c.image_id)}
              px={8}
              py={4}
              style={{
                background: current ? 'var(--mantine-color-red-light)' : undefined,
                borderBottom: '1px solid var(--mantine-color-default-border)',
              }}
            >
              <Group gap={6} wrap="nowrap">
                <Box
                  w={10}
                  h={10}
                  style={{
                    borderRadius: 2,
                    flexShrink: 0,
                    background: c.side ? SIDE_COLORS[c.side] : '#868e96',
                  }}
                />
                <Text size="xs" truncate fw={current ? 700 : 400}>
                  {c.image_name}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" pl={16}>
                {c.side ?? 'Above'} · {Math.round(c.position.u)} m up · {Math.round(c.distance)} m
              </Text>
            </UnstyledButton>
          );
        })}
        {model.unplaced.map((u) => (
          <Box key={u.image_id} px={8} py={4} role="listitem">
            <Text size="xs" c="dimmed" truncate>
              {u.image_name}
            </Text>
            <Text size="xs" c="dimmed" pl={0}>
              No GPS position
            </Text>
          </Box>
        ))}
      </Stack>
    </ScrollArea>
  );
}

const SIDE_NAMES: Record<CompassSide, string> = {
  N: 'north side',
  NE: 'north-east side',
  E: 'east side',
  SE: 'south-east side',
  S: 'south side',
  SW: 'south-west side',
  W: 'west side',
  NW: 'north-west side',
};
const sideName = (side: CompassSide | null) => (side ? SIDE_NAMES[side] : 'above the structure');
