import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../testing/eventually.ts';
import { providers, testQueryClient } from '../../../testing/render.tsx';
import { sampleData } from '../model/testData.ts';
import { assignmentQueryOptions, useAssignment } from './getAssignment.ts';

afterEach(() => vi.unstubAllGlobals());

/** An answer in three pieces that states its length, as the server's gzip answer does. */
function chunkedAnswer(text: string) {
  const bytes = new TextEncoder().encode(text);
  const third = Math.ceil(bytes.length / 3);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += third) controller.enqueue(bytes.slice(i, i + third));
      controller.close();
    },
  });
  const headers = { 'content-type': 'application/json', 'x-uncompressed-length': String(bytes.length) };
  return { response: new Response(body, { status: 200, headers }), length: bytes.length };
}

describe('useAssignment', () => {
  it('shows the download to the tab when the route prefetch started it before the tab was there', async () => {
    const { response, length } = chunkedAnswer(JSON.stringify(sampleData()));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    );
    const client = testQueryClient();
    const prefetch = client.prefetchQuery(assignmentQueryOptions(5));
    const { result } = renderHook(() => useAssignment(5), { wrapper: providers(client) });
    await prefetch;
    await eventually(() => expect(result.current.data?.structures.structure_id).toHaveLength(5));
    expect(result.current.progress).toEqual({ loaded: length, total: length });
  });
});
