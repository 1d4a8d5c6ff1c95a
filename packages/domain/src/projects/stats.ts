import { z } from 'zod';

/**
 * A percentage as the stat tiles show it: `count ÷ total × 100` with two decimals ('33.33', '50.00',
 * '0.00'), or '0' when the count is missing or the total is not positive (spec 1 §3).
 */
export function pct(count: number | null | undefined, total: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return '0';
  if (total === null || total === undefined || !Number.isFinite(total) || total <= 0) return '0';
  return roundedPercent(count, total).toFixed(2);
}

/** `count ÷ total × 100` rounded to two decimals; `total` must be positive. */
export function roundedPercent(count: number, total: number): number {
  // One division into hundredths of a percent, then rounding: avoids 1.005-style binary surprises.
  return Math.round((count * 10_000) / total) / 100;
}

/** GET /api/v1/structures/counts/{id} (spec 1 §3 'Project stats', spec 2 §3 adds the image counts). */
export const ProjectStats = z.object({
  total_struct_count: z.number().int().nonnegative(),
  kmz_struct_count: z.number().int().nonnegative(),
  nadir_struct_count: z.number().int().nonnegative(),
  manual_struct_count: z.number().int().nonnegative(),
  acquired_structures: z.number().int().nonnegative(),
  acquired_structures_yesterday: z.number().int().nonnegative(),
  inspected_count: z.number().int().nonnegative(),
  inspected_count_yesterday: z.number().int().nonnegative(),
  img_count: z.number().int().nonnegative().optional(),
  unassigned_img_count: z.number().int().nonnegative().optional(),
});
export type ProjectStats = z.infer<typeof ProjectStats>;

export interface ProjectStatPercentages {
  kmzStructurePct: string;
  /** Spelled as in the spec. */
  nadirStucturePct: string;
  manualStructurePct: string;
  totalAcquiredPct: string;
  acquiredYesterdayPct: string;
  totalInspPct: string;
  totalInspYesterdayPct: string;
}

/** Every percentage is of the project's total structures (`total_struct_count`). */
export function projectStatPercentages(stats: Partial<ProjectStats>): ProjectStatPercentages {
  const total = stats.total_struct_count;
  return {
    kmzStructurePct: pct(stats.kmz_struct_count, total),
    nadirStucturePct: pct(stats.nadir_struct_count, total),
    manualStructurePct: pct(stats.manual_struct_count, total),
    totalAcquiredPct: pct(stats.acquired_structures, total),
    acquiredYesterdayPct: pct(stats.acquired_structures_yesterday, total),
    totalInspPct: pct(stats.inspected_count, total),
    totalInspYesterdayPct: pct(stats.inspected_count_yesterday, total),
  };
}
