import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleData } from '../model/testData.ts';
import { getAssignment } from './getAssignment.ts';

afterEach(() => vi.unstubAllGlobals());

/** An answer arriving in three pieces, as a compressed stream does (no Content-Length). */
function chunkedAnswer(text: string, statedLength: boolean) {
  const bytes = new TextEncoder().encode(text);
  const third = Math.ceil(bytes.length / 3);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += third) controller.enqueue(bytes.slice(i, i + third));
      controller.close();
    },
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (statedLength) headers['x-uncompressed-length'] = String(bytes.length);
  return { response: new Response(body, { status: 200, headers }), length: bytes.length };
}

describe('getAssignment', () => {
  it('reports the download against the length the server states, and answers the parsed data', async () => {
    const { response, length } = chunkedAnswer(JSON.stringify(sampleData()), true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    );
    const seen: Array<{ loaded: number; total: number | null }> = [];
    const data = await getAssignment(5, undefined, (p) => seen.push(p));
    expect(data.structures.structure_id).toEqual([101, 102, 103, 104, 105]);
    expect(seen[0]).toEqual({ loaded: 0, total: length });
    expect(seen.at(-1)).toEqual({ loaded: length, total: length });
    expect(seen.length).toBe(4);
  });

  it('reports bytes without a total when the length is not stated', async () => {
    const { response, length } = chunkedAnswer(JSON.stringify(sampleData()), false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    );
    const seen: Array<{ loaded: number; total: number | null }> = [];
    await getAssignment(5, undefined, (p) => seen.push(p));
    expect(seen.at(-1)).toEqual({ loaded: length, total: null });
  });
});
