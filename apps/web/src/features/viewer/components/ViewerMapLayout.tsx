import type { InspectionImage } from '@linewalker/domain';
import { ActionIcon, Box, Button, Center, Group, Loader, Text, Tooltip } from '@mantine/core';
import {
  IconArrowsDiagonalMinimize2,
  IconLayoutSidebarRight,
  IconMap,
  IconPictureInPicture,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import {
  MAP_PANEL_LABELS,
  type MapPanelMode,
  storedMapPanelMode,
  storeMapPanelMode,
} from '../model/mapPanel.ts';

// MapLibre is loaded only when the map is opened, never before the photo.
const ViewerMap = lazy(() => import('./ViewerMap.tsx'));

/** The small map's width over the photo's bottom-left corner. */
const BOTTOM_LEFT_WIDTH = 'min(380px, 45%)';

/** The map waits this long at most for the photo before it starts (software WebGL is slow to start). */
const PHOTO_HEAD_START_MS = 2500;

interface ViewerMapLayoutProps {
  images: readonly InspectionImage[];
  currentId: number | null;
  /** The inspection's row: its structure and position. */
  structure: { structure: string; latitude: number; longitude: number } | null;
  onPick: (imageId: number) => void;
  /** The photo stage (and its overlays). */
  children: ReactNode;
  /** More panel buttons (the 3D View), kept beside the Map button or beside the open map. */
  launchers?: ReactNode;
}

const MODE_ICONS: Record<MapPanelMode, ReactNode> = {
  halfScreen: <IconLayoutSidebarRight size={16} />,
  bottomLeft: <IconPictureInPicture size={16} />,
  minimized: <IconArrowsDiagonalMinimize2 size={16} />,
};

/**
 * The photo with the map panel in one of its three layouts (spec 2 §2 'Map and 3D panel'): halfScreen (the
 * photo and the map side by side, each half the width), bottomLeft (a small map over the photo's bottom-left
 * corner) and minimized (only a Map button). The photo keeps its place in the tree, so a layout change only
 * refits it. The map starts after the photo has loaded (or after a short head start).
 */
export function ViewerMapLayout({
  images,
  currentId,
  structure,
  onPick,
  children,
  launchers,
}: ViewerMapLayoutProps) {
  const [mode, setModeState] = useState<MapPanelMode>(storedMapPanelMode);
  const setMode = (next: MapPanelMode) => {
    setModeState(next);
    storeMapPanelMode(next);
  };
  const [photoShown, setPhotoShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setPhotoShown(true), PHOTO_HEAD_START_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const half = mode === 'halfScreen';

  return (
    <Box
      data-testid="viewer-map-layout"
      data-map-mode={mode}
      style={{
        position: 'relative',
        height: '100%',
        display: 'grid',
        gridTemplateColumns: half ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
        minHeight: 0,
      }}
    >
      {/* React hands the photo's load event up to here. */}
      <Box style={{ position: 'relative', minWidth: 0, minHeight: 0 }} onLoad={() => setPhotoShown(true)}>
        {children}
      </Box>
      {/*
        The buttons sit bottom left of the photo, where no side panel reaches: beside each other while the
        map is minimized, beside the small map when it is open there, and bottom left of the photo's half
        when the map takes the other half.
      */}
      {(mode === 'minimized' || launchers) && (
        <Group
          gap={8}
          wrap="nowrap"
          style={{
            position: 'absolute',
            left: mode === 'bottomLeft' ? `calc(${BOTTOM_LEFT_WIDTH} + 16px)` : 8,
            bottom: 8,
            zIndex: 5,
          }}
        >
          {mode === 'minimized' && (
            <Button
              size="compact-sm"
              variant="white"
              color="dark"
              leftSection={<IconMap size={16} />}
              onClick={() => setMode('bottomLeft')}
              style={{ boxShadow: '0 1px 4px #0006' }}
            >
              Map
            </Button>
          )}
          {launchers}
        </Group>
      )}
      {mode === 'minimized' ? null : (
        <Box
          data-testid="viewer-map-panel"
          role="region"
          aria-label="Map panel"
          style={
            half
              ? {
                  position: 'relative',
                  minHeight: 0,
                  borderLeft: '1px solid var(--mantine-color-default-border)',
                }
              : {
                  position: 'absolute',
                  left: 8,
                  bottom: 8,
                  width: BOTTOM_LEFT_WIDTH,
                  height: 'min(280px, 50%)',
                  zIndex: 5,
                  borderRadius: 6,
                  overflow: 'hidden',
                  boxShadow: '0 2px 10px #0008',
                  background: 'var(--mantine-color-body)',
                }
          }
        >
          <Box style={{ display: 'grid', gridTemplateRows: '30px 1fr', height: '100%' }}>
            <Group
              justify="space-between"
              px={6}
              wrap="nowrap"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="xs" fw={600}>
                Map
              </Text>
              <Group gap={2} wrap="nowrap">
                {(['halfScreen', 'bottomLeft', 'minimized'] as const).map((m) => (
                  <Tooltip key={m} label={MAP_PANEL_LABELS[m]} zIndex={400}>
                    <ActionIcon
                      size="sm"
                      variant={m === mode ? 'filled' : 'subtle'}
                      color={m === mode ? 'blue' : 'gray'}
                      aria-label={`Map ${MAP_PANEL_LABELS[m]}`}
                      aria-pressed={m === mode}
                      onClick={() => setMode(m)}
                    >
                      {MODE_ICONS[m]}
                    </ActionIcon>
                  </Tooltip>
                ))}
              </Group>
            </Group>
            <Box style={{ minHeight: 0, position: 'relative' }}>
              {photoShown ? (
                <Suspense
                  fallback={
                    <Center h="100%">
                      <Loader size="sm" />
                    </Center>
                  }
                >
                  <ViewerMap
                    images={images}
                    currentId={currentId}
                    structure={
                      structure && {
                        name: structure.structure,
                        latitude: structure.latitude,
                        longitude: structure.longitude,
                      }
                    }
                    onPick={onPick}
                  />
                </Suspense>
              ) : (
                <Center h="100%">
                  <Loader size="sm" aria-label="Loading map" />
                </Center>
              )}
            </Box>
          </Box>
        </Box>
      )}
    </Box>
  );
}
