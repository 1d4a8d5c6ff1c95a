import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkedAnswer } from '../../../testing/chunkedAnswer.ts';
import { eventually } from '../../../testing/eventually.ts';
import { providers, testQueryClient } from '../../../testing/render.tsx';
import { sampleData } from '../model/testData.ts';
import { assignmentQueryOptions, useAssignment, useAssignmentDownload } from './getAssignment.ts';

afterEach(() => vi.unstubAllGlobals());

describe('useAssignment', () => {
  it('shows the download to the tab when the route prefetch started it before the tab was there', async () => {
    const { response, length } = chunkedAnswer(JSON.stringify(sampleData()), true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    );
    const client = testQueryClient();
    const prefetch = client.prefetchQuery(assignmentQueryOptions(5));
    const { result } = renderHook(() => ({ query: useAssignment(5), progress: useAssignmentDownload(5) }), {
      wrapper: providers(client),
    });
    await prefetch;
    await eventually(() => expect(result.current.query.data?.structures.structure_id).toHaveLength(5));
    expect(result.current.progress).toEqual({ loaded: length, total: length });
  });
});
