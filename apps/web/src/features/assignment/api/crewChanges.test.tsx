import { ok } from '@linewalker/domain';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { eventually } from '../../../testing/eventually.ts';
import { fakeApi, providers, testQueryClient } from '../../../testing/render.tsx';
import { sampleData } from '../model/testData.ts';
import { useAssignStructures } from './assignStructures.ts';
import { useDeleteCrewGroup } from './deleteCrewGroup.ts';

const PROJECT = 5;
const OTHER_PROJECT = 6;

/** A cache holding what the overview and the assignment tab show, for two projects. */
function seededClient() {
  const client = testQueryClient();
  for (const id of [PROJECT, OTHER_PROJECT]) {
    client.setQueryData(queryKeys.structures.stats(id), { total_struct_count: 50 });
    client.setQueryData(queryKeys.structures.lines(id), []);
    client.setQueryData(queryKeys.crews.assignment(id), sampleData());
    client.setQueryData(queryKeys.inspections.counts(id), { all_count: 50 });
  }
  return client;
}

const stale = (client: ReturnType<typeof testQueryClient>, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

describe('crew changes refresh every view of the project they change', () => {
  it('assigning structures invalidates the project stats (overview tiles), the map data and the lines', async () => {
    const api = fakeApi((request) => ({
      status: 200,
      body: { ...ok, updated: (request.body as number[]).length },
    }));
    vi.stubGlobal('fetch', api.fetch);
    const client = seededClient();
    const { result } = renderHook(() => useAssignStructures(PROJECT), { wrapper: providers(client) });

    await result.current.mutateAsync({ target: { kind: 'crew', crewGroupId: 3 }, ids: [11, 12] });

    await eventually(() => expect(stale(client, queryKeys.structures.stats(PROJECT))).toBe(true));
    expect(stale(client, queryKeys.crews.assignment(PROJECT))).toBe(true);
    expect(stale(client, queryKeys.structures.lines(PROJECT))).toBe(true);
    // Nothing of another project, and nothing the change cannot touch.
    expect(stale(client, queryKeys.structures.stats(OTHER_PROJECT))).toBe(false);
    expect(stale(client, queryKeys.crews.assignment(OTHER_PROJECT))).toBe(false);
    expect(stale(client, queryKeys.inspections.counts(PROJECT))).toBe(false);
    expect(api.requests.map((r) => r.url)).toEqual([
      `/api/v1/assignment/saveStructuresToCrewGroup?crewGroupId=3&projectId=${PROJECT}`,
    ]);
  });

  it('a failed assignment still refreshes them: batches sent before the failure did change the server', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi(() => ({ status: 500, body: { code: 'internal_error', message: 'x' } })).fetch,
    );
    const client = seededClient();
    const { result } = renderHook(() => useAssignStructures(PROJECT), { wrapper: providers(client) });

    await expect(result.current.mutateAsync({ target: { kind: 'unassign' }, ids: [11] })).rejects.toThrow();

    await eventually(() => expect(stale(client, queryKeys.structures.stats(PROJECT))).toBe(true));
  });

  it('deleting a crew group invalidates the project stats too', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi(() => ({ status: 200, body: { ...ok, unassignedStructures: 4, removedUsers: 1 } })).fetch,
    );
    const client = seededClient();
    const { result } = renderHook(() => useDeleteCrewGroup(PROJECT), { wrapper: providers(client) });

    await result.current.mutateAsync(3);

    await eventually(() => expect(stale(client, queryKeys.structures.stats(PROJECT))).toBe(true));
    expect(stale(client, queryKeys.structures.stats(OTHER_PROJECT))).toBe(false);
  });
});
