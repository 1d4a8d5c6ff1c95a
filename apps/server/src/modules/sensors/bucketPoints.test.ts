import { describe, expect, it } from 'vitest';
import { bucketPoints } from './sensorData.repository.ts';

const bucket = (t0: string, t1: string, x: [number, number], xd: boolean | null = null) => ({
  t0,
  t1,
  x0: x[0],
  x1: x[1],
  y0: 0,
  y1: 0,
  z0: 0,
  z1: 0,
  xd,
  yd: null,
  zd: null,
});

describe('the chart points of vibration buckets', () => {
  it('goes from extreme to extreme in the order they happened, where known', () => {
    const points = bucketPoints([
      bucket('2026-11-28T10:00:00Z', '2026-11-28T10:00:05Z', [0.1, 0.9], true),
      bucket('2026-11-28T10:00:10Z', '2026-11-28T10:00:15Z', [0.1, 0.9], false),
    ]);
    expect(points.map((p) => [p.recorded_date, p.x])).toEqual([
      ['2026-11-28T10:00:00Z', 0.9],
      ['2026-11-28T10:00:05Z', 0.1],
      ['2026-11-28T10:00:10Z', 0.1],
      ['2026-11-28T10:00:15Z', 0.9],
    ]);
  });

  it('without the order (the hourly rollup), starts from the extreme nearer the previous value: no sawtooth', () => {
    const points = bucketPoints([
      bucket('2026-11-28T10:00:00Z', '2026-11-28T10:59:00Z', [0.2, 0.4]),
      bucket('2026-11-28T11:00:00Z', '2026-11-28T11:59:00Z', [0.3, 0.5]),
      bucket('2026-11-28T12:00:00Z', '2026-11-28T12:59:00Z', [0.1, 0.35]),
    ]);
    // The old rule (low at the first time, high at the last) climbed inside every bucket and fell between them.
    expect(points.map((p) => p.x)).toEqual([0.2, 0.4, 0.5, 0.3, 0.35, 0.1]);
  });

  it('one point for a bucket of a single value, two for one reading with several vibration values', () => {
    const single = bucketPoints([bucket('2026-11-28T10:00:00Z', '2026-11-28T10:00:00Z', [0.3, 0.3])]);
    expect(single).toEqual([{ recorded_date: '2026-11-28T10:00:00Z', x: 0.3, y: 0, z: 0 }]);
    const spread = bucketPoints([bucket('2026-11-28T10:00:00Z', '2026-11-28T10:00:00Z', [0.3, 0.6])]);
    expect(spread.map((p) => p.x)).toEqual([0.3, 0.6]);
  });
});
