import { endpoints } from '@linewalker/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchAssetHealth } from '../features/assetHealth/api/getAssetHealth.ts';
import { prefetchSensors } from '../features/sensors/api/getSensorData.ts';
import { apiRequest } from '../lib/api.ts';
import { EARLY_ANSWER_MS } from '../lib/earlyFetch.ts';
import {
  EARLY_GLOBAL,
  EARLY_ON_EVERY_PAGE,
  EARLY_REQUESTS,
  earlyRequestsScript,
} from '../lib/earlyRequests.ts';
import { replaceSession, sessionQueryOptions } from '../lib/session.ts';

/** The URLs a route's loader asks for (each answered with the app's settings, enough for the chain to go on). */
async function urlsRequestedBy(prefetch: (client: QueryClient) => void): Promise<string[]> {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response('{}', { status: 500 });
  });
  prefetch(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return urls;
}

/** Runs index.html's script as a page at `pathname` would, with `fetch` recording what it is asked. */
function runScript(pathname: string, modules: Record<string, string[]> = {}) {
  const asked: Array<{ url: string; init: RequestInit }> = [];
  const preloads: Array<{ rel: string; href: string }> = [];
  const page: Record<string, unknown> = {};
  const fetchStub = (url: string, init: RequestInit) => {
    asked.push({ url, init });
    return Promise.resolve(new Response('{}'));
  };
  const document = {
    createElement: () => ({ rel: '', href: '' }),
    head: { appendChild: (link: { rel: string; href: string }) => preloads.push(link) },
  };
  new Function('window', 'location', 'fetch', 'document', earlyRequestsScript(modules))(
    page,
    { pathname },
    fetchStub,
    document,
  );
  return { asked, preloads, answers: page[EARLY_GLOBAL] as Record<string, Promise<Response>> | undefined };
}

/** The URLs the app asks the network for, each answered with an empty list. */
function recordNetwork(): string[] {
  const network: string[] = [];
  vi.stubGlobal('fetch', async (u: string) => {
    network.push(u);
    return new Response('[]', { status: 200 });
  });
  return network;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (globalThis as Record<string, unknown>)[EARLY_GLOBAL];
});

describe('early requests', () => {
  it.each([
    ['/asset-health', prefetchAssetHealth],
    ['/sensor', prefetchSensors],
  ])('are what the %s route asks for first, URL for URL', async (path, prefetch) => {
    const requested = await urlsRequestedBy(prefetch);
    expect(new Set(requested)).toEqual(new Set(EARLY_REQUESTS[path]));
  });

  it("index.html's script starts the page's requests and code, and the session on every page", () => {
    const modules = { '/asset-health': ['/assets/AssetHealthPage-x.js', '/assets/useMapLibre-y.js'] };
    const { asked, preloads, answers } = runScript('/asset-health', modules);
    const expected = [...EARLY_REQUESTS['/asset-health']!, ...EARLY_ON_EVERY_PAGE];
    expect(asked.map((a) => a.url)).toEqual(expected);
    expect(asked.every((a) => a.init.credentials === 'same-origin')).toBe(true);
    expect(Object.keys(answers ?? {})).toEqual(expected);
    expect(preloads).toEqual(modules['/asset-health'].map((href) => ({ rel: 'modulepreload', href })));
    const elsewhere = runScript('/projects', modules);
    expect(elsewhere.asked.map((a) => a.url)).toEqual(EARLY_ON_EVERY_PAGE);
    expect(elsewhere.preloads).toEqual([]);
  });

  it('the session asked on every page is the one the layout asks for', async () => {
    const requested = await urlsRequestedBy((client) => void client.prefetchQuery(sessionQueryOptions()));
    expect(requested).toEqual(EARLY_ON_EVERY_PAGE);
  });

  it('the app takes an early answer once; later requests of the URL go to the network', async () => {
    const url = '/api/v1/structures/sensor_data?range=24h';
    (globalThis as Record<string, unknown>)[EARLY_GLOBAL] = {
      [url]: Promise.resolve(new Response('[]', { status: 200 })),
    };
    const network = recordNetwork();
    const query = { range: '24h' } as const;
    expect(await apiRequest(endpoints.sensors.sensorData, { query })).toEqual([]);
    expect(network).toEqual([]);
    await apiRequest(endpoints.sensors.sensorData, { query });
    expect(network).toEqual([url]);
  });

  it('an early refusal (the page opened before its user logged in) is asked again; a new session drops them all', async () => {
    const url = '/api/v1/structures/sensor_data?range=24h';
    const network = recordNetwork();
    const refusal = new Response(JSON.stringify({ code: 'unauthorized', message: 'Log in' }), {
      status: 401,
    });
    (globalThis as Record<string, unknown>)[EARLY_GLOBAL] = { [url]: Promise.resolve(refusal) };
    expect(await apiRequest(endpoints.sensors.sensorData, { query: { range: '24h' } })).toEqual([]);
    expect(network).toEqual([url]);
    (globalThis as Record<string, unknown>)[EARLY_GLOBAL] = {
      [url]: Promise.resolve(new Response('"another user"', { status: 200 })),
    };
    replaceSession(new QueryClient(), null);
    expect(await apiRequest(endpoints.sensors.sensorData, { query: { range: '24h' } })).toEqual([]);
    expect(network).toEqual([url, url]);
  });

  it('an early request that failed is asked again; an old early answer is not taken', async () => {
    const url = '/api/v1/structures/sensor_data?range=24h';
    const network = recordNetwork();
    (globalThis as Record<string, unknown>)[EARLY_GLOBAL] = {
      [url]: Promise.reject(new TypeError('offline')),
    };
    await apiRequest(endpoints.sensors.sensorData, { query: { range: '24h' } });
    expect(network).toEqual([url]);
    vi.spyOn(performance, 'now').mockReturnValue(EARLY_ANSWER_MS + 1);
    (globalThis as Record<string, unknown>)[EARLY_GLOBAL] = {
      [url]: Promise.resolve(new Response('"stale"', { status: 200 })),
    };
    expect(await apiRequest(endpoints.sensors.sensorData, { query: { range: '24h' } })).toEqual([]);
    expect(network).toEqual([url, url]);
  });
});
