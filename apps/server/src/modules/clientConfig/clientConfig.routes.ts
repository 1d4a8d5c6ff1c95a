import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { basemapsForClient } from '../basemap/basemap.service.ts';
import { createReachabilityProbe } from '../basemap/probe.ts';

/** Settings the browser needs before login (no secrets: everything here is public). */
export async function clientConfigRoutes(app: App): Promise<void> {
  const api = endpoints.clientConfig;
  const { config } = app.deps;
  const probe = createReachabilityProbe({
    intervalMs: config.maps.probeIntervalMs,
    timeoutMs: config.maps.probeTimeoutMs,
  });
  app.route({
    ...endpointRoute(api.basemapsForClient, {
      tags: ['System'],
      summary: 'Public settings for the web app (basemaps, product name, Hide Archived keywords)',
      description:
        'The basemaps carry whether the server reached them at its last probe (kept for ' +
        'MAP_PROBE_INTERVAL_SECONDS): the maps show Offline instead of an unreachable one.',
    }),
    config: { access: 'public' },
    handler: async () => ({
      productName: 'Linewalker',
      basemaps: await basemapsForClient(app.deps, probe),
      hideArchivedKeywords: config.hideArchivedKeywords,
    }),
  });
}
