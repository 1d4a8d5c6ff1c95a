import type { QueryClient } from '@tanstack/react-query';
import { clientConfigQueryOptions } from '../../lib/clientConfig.ts';
import { preloadOfflineStyle } from './offlineStyle.ts';

/** The map's settings and, when no style is configured, the offline style's shapes (each loaded once). */
export function preloadMapStyle(queryClient: QueryClient): void {
  queryClient
    .ensureQueryData(clientConfigQueryOptions())
    .then((config) => (config.mapStyleUrl ? undefined : preloadOfflineStyle()))
    .catch(() => {
      // The map asks again when it is made, and shows the failure.
    });
}
