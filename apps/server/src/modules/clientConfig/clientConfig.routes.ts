import { ClientConfig } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';

/** Settings the browser needs before login (no secrets: everything here is public). */
export async function clientConfigRoutes(app: App): Promise<void> {
  const { config } = app.deps;
  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['System'],
        summary: 'Public settings for the web app (map style, product name, Hide Archived keywords)',
        response: { 200: ClientConfig },
      },
    },
    async () => ({
      productName: 'Linewalker',
      mapStyleUrl: config.mapStyleUrl ?? null,
      hideArchivedKeywords: config.hideArchivedKeywords,
    }),
  );
}
