import type { Basemap, ClientConfig } from '@linewalker/domain';
import { useSyncExternalStore } from 'react';

export type Basemaps = ClientConfig['basemaps'];

const STORAGE_KEY = 'linewalker.basemap';
const listeners = new Set<() => void>();

/** The basemap the user picked last in this browser (Streets until they pick). */
export function readChoice(): Basemap {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored === 'streets' || stored === 'satellite' || stored === 'offline') return stored;
  } catch {
    // Storage blocked: the default.
  }
  return 'streets';
}

/** The basemap the user picked last (Streets until they pick), shared by every map and kept in this browser. */
export function useBasemapChoice(): [Basemap, (choice: Basemap) => void] {
  const choice = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readChoice,
    () => 'streets' as const,
  );
  const choose = (next: Basemap) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not kept; still applied below for this page.
    }
    for (const listener of listeners) listener();
  };
  return [choice, choose];
}

export const BASEMAP_LABELS: Record<Basemap, string> = {
  streets: 'Streets',
  satellite: 'Satellite',
  offline: 'Offline',
};

export interface ResolvedBasemap {
  /** What the switcher offers: the configured basemaps, and Offline always. */
  offered: Basemap[];
  /** What the map shows. */
  shown: Basemap;
  /** Why the map shows Offline instead of the chosen basemap, or null. */
  notice: string | null;
}

const unreachable = (basemap: Basemap) =>
  `${BASEMAP_LABELS[basemap]} tiles cannot be reached: showing the offline map.`;

/**
 * What a map shows for the user's choice: the chosen basemap when it is configured and reachable (the server's
 * probe, or `failed` when the browser's own requests for it failed), else Offline with a notice.
 */
export function resolveBasemap(
  basemaps: Basemaps,
  choice: Basemap,
  failed: ReadonlySet<Basemap>,
): ResolvedBasemap {
  const offered: Basemap[] = [
    ...(basemaps.streets ? (['streets'] as const) : []),
    ...(basemaps.satellite ? (['satellite'] as const) : []),
    'offline',
  ];
  if (choice === 'offline' || !offered.includes(choice)) return { offered, shown: 'offline', notice: null };
  const source = basemaps[choice];
  if (!source?.available || failed.has(choice))
    return { offered, shown: 'offline', notice: unreachable(choice) };
  return { offered, shown: choice, notice: null };
}
