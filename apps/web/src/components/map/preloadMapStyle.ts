import type { QueryClient } from '@tanstack/react-query';
import { clientConfigQueryOptions } from '../../lib/clientConfig.ts';
import { readChoice, resolveBasemap } from './basemapChoice.ts';
import { convertOfflineShapes, preloadLabelFont } from './offlineStyle.ts';

/**
 * The map's settings, the label font and, when the map will show Offline, the offline style's shapes (each
 * loaded, and the shapes converted, once).
 */
export function preloadMapStyle(queryClient: QueryClient): void {
  void preloadLabelFont();
  queryClient
    .ensureQueryData(clientConfigQueryOptions())
    .then((config) =>
      resolveBasemap(config.basemaps, readChoice(), new Set()).shown === 'offline'
        ? convertOfflineShapes()
        : undefined,
    )
    .catch(() => {
      // The map asks again when it is made, and shows the failure.
    });
}
