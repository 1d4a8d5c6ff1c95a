import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkedAnswer } from '../../../testing/chunkedAnswer.ts';
import { sampleData } from '../model/testData.ts';
import { getAssignment } from './getAssignment.ts';

afterEach(() => vi.unstubAllGlobals());

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
