import { describe, expect, it } from 'vitest';
import { pct, projectStatPercentages } from './stats.ts';

describe('pct', () => {
  it('gives the percentage with two decimals', () => {
    expect(pct(1, 3)).toBe('33.33');
    expect(pct(2, 3)).toBe('66.67');
    expect(pct(5, 10)).toBe('50.00');
    expect(pct(10, 10)).toBe('100.00');
    expect(pct(0, 10)).toBe('0.00');
    expect(pct(1, 200_000)).toBe('0.00');
    expect(pct(1, 8)).toBe('12.50');
  });

  it('rounds halves up without binary surprises', () => {
    expect(pct(201, 20_000)).toBe('1.01');
    expect(pct(1, 800)).toBe('0.13');
  });

  it("is '0' when the count is missing or the total is not positive", () => {
    expect(pct(undefined, 10)).toBe('0');
    expect(pct(null, 10)).toBe('0');
    expect(pct(Number.NaN, 10)).toBe('0');
    expect(pct(5, 0)).toBe('0');
    expect(pct(5, -1)).toBe('0');
    expect(pct(5, undefined)).toBe('0');
  });
});

describe('projectStatPercentages', () => {
  it('derives every percentage from the total structure count', () => {
    expect(
      projectStatPercentages({
        total_struct_count: 200,
        kmz_struct_count: 150,
        nadir_struct_count: 30,
        manual_struct_count: 20,
        acquired_structures: 120,
        acquired_structures_yesterday: 7,
        inspected_count: 45,
        inspected_count_yesterday: 3,
      }),
    ).toEqual({
      kmzStructurePct: '75.00',
      nadirStucturePct: '15.00',
      manualStructurePct: '10.00',
      totalAcquiredPct: '60.00',
      acquiredYesterdayPct: '3.50',
      totalInspPct: '22.50',
      totalInspYesterdayPct: '1.50',
    });
  });

  it("is all '0' for a project without structures or stats", () => {
    const zero = projectStatPercentages({ total_struct_count: 0, kmz_struct_count: 0 });
    expect(new Set(Object.values(zero))).toEqual(new Set(['0']));
    expect(Object.values(projectStatPercentages({})).every((v) => v === '0')).toBe(true);
  });
});
