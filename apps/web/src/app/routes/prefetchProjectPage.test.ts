import type { Session } from '@linewalker/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleData } from '../../features/assignment/model/testData.ts';
import { eventually } from '../../testing/eventually.ts';
import { projectListItem } from '../../testing/projectListItem.ts';
import { fakeApi, sessionFor, testQueryClient } from '../../testing/render.tsx';
import { projectPageLoader, projectPageRevalidates } from './prefetchProjectPage.ts';

afterEach(() => vi.unstubAllGlobals());

const PROJECT = projectListItem();

/** The server: a session for `session`, one project in the list, its detail, its assignment data and the config. */
function server(session: Session | null) {
  return fakeApi(({ url }) => {
    const path = url.split('?')[0];
    if (path === '/api/v1/session') return { status: 200, body: { session } };
    if (path === '/api/v1/config')
      return {
        status: 200,
        body: {
          productName: 'Linewalker',
          basemaps: {
            streets: {
              kind: 'style',
              url: 'https://tiles.example/style.json',
              available: true,
              attribution: '',
            },
            satellite: null,
          },
          hideArchivedKeywords: [],
        },
      };
    if (path === '/api/v1/projects') return { status: 200, body: [PROJECT] };
    if (path === '/api/v1/projects/9')
      return {
        status: 200,
        body: { ...PROJECT, kmzs: [], project_center_lat: null, project_center_lon: null },
      };
    if (path === '/api/v1/assignment/9') return { status: 200, body: sampleData() };
    return { status: 404, body: { error: 'not_found', message: `no ${path}` } };
  });
}

/** Runs the loader for `path` the way the router does, and answers once every request it started came back. */
async function load(path: string, session: Session | null) {
  const api = server(session);
  vi.stubGlobal('fetch', api.fetch);
  const client = testQueryClient();
  const [, , projectSlug, subpage] = path.split('?')[0]!.split('/');
  const result = projectPageLoader(client)({
    params: { projectSlug, subpage },
    request: new Request(`http://localhost${path}`),
  });
  await eventually(() => expect(client.isFetching()).toBe(0));
  // Settled: nothing more is on its way.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await eventually(() => expect(client.isFetching()).toBe(0));
  return { result, client, paths: api.requests.map((r) => r.url.split('?')[0]) };
}

describe('the project route prefetch', () => {
  it('fetches what the assignment tab needs, from the slug, without the page asking', async () => {
    const { result, client, paths } = await load(
      '/projects/big-survey/assignment',
      sessionFor('project_manager'),
    );
    // The route does not wait for it.
    expect(result).toBeNull();
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/config',
        '/api/v1/session',
        '/api/v1/projects',
        '/api/v1/projects/9',
        '/api/v1/assignment/9',
      ]),
    );
    // What the tab then reads from the cache.
    expect(client.getQueryData(['crews', 9, 'assignment'])).toEqual(sampleData());
  });

  it('asks for no assignment data for a sub-page other than the assignment tab', async () => {
    const { paths } = await load('/projects/big-survey/overview', sessionFor('project_manager'));
    expect(paths).not.toContain('/api/v1/assignment/9');
  });

  it('asks for no assignment data for a role that does not see the tab, or without a session', async () => {
    expect((await load('/projects/big-survey/assignment', sessionFor('inspector'))).paths).not.toContain(
      '/api/v1/assignment/9',
    );
    // The project list goes out with the session (one round trip earlier); nothing follows without one.
    expect((await load('/projects/big-survey/assignment', null)).paths.sort()).toEqual([
      '/api/v1/config',
      '/api/v1/projects',
      '/api/v1/session',
    ]);
  });

  it('asks for no assignment data when no project has that name', async () => {
    const { paths } = await load('/projects/no-such-survey/assignment', sessionFor('project_manager'));
    expect(paths).not.toContain('/api/v1/assignment/9');
    expect(paths).not.toContain('/api/v1/projects/9');
  });

  it('runs again for another project or sub-page, not for a new photo or filter in the address', () => {
    const at = (projectSlug: string, subpage: string) => ({ projectSlug, subpage });
    const revalidates = (from: Record<string, string>, to: Record<string, string>) =>
      projectPageRevalidates({ currentParams: from, nextParams: to });
    expect(revalidates(at('big-survey', 'inspect'), at('big-survey', 'inspect'))).toBe(false);
    expect(revalidates(at('big-survey', 'inspect'), at('big-survey', 'assignment'))).toBe(true);
    expect(revalidates(at('big-survey', 'assignment'), at('small-survey', 'assignment'))).toBe(true);
  });
});
