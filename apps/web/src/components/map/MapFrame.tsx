import { Alert, Box } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { BasemapSwitcher } from './BasemapSwitcher.tsx';
import type { BasemapControl } from './useMapLibre.ts';

interface MapFrameProps {
  /** The element the map draws into (hand it to `useMapLibre`). */
  containerRef: RefObject<HTMLDivElement | null>;
  /** Why the map could not be created, or null. */
  error: string | null;
  /** Accessible name of the map region. */
  label: string;
  /** Extra attributes on the map element, e.g. `data-testid` or a `data-map-state` for tests. */
  attributes?: Record<`data-${string}`, string>;
  /** The basemap switcher's state (`useMapLibre`'s `basemap`); none shown while it is null. */
  basemap?: BasemapControl | null;
  /** Overlays: toolbars, hints, legends (absolutely positioned). */
  children?: ReactNode;
}

/** The box a map fills, with its error message and overlays on top. */
export function MapFrame({ containerRef, error, label, attributes, basemap, children }: MapFrameProps) {
  return (
    <Box pos="relative" h="100%">
      <Box ref={containerRef} h="100%" aria-label={label} role="region" {...attributes} />
      {error && (
        <Alert color="red" pos="absolute" top={8} left={8} right={8} title="The map could not be loaded">
          {error}
        </Alert>
      )}
      {basemap && <BasemapSwitcher basemap={basemap} />}
      {children}
    </Box>
  );
}
