import { addDays } from '@linewalker/domain';
/** Calendar dates as 'YYYY-MM-DD' strings (the `date` columns' format), computed in UTC so runs agree across zones. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Today (UTC) shifted by `days`, as 'YYYY-MM-DD'. */
export const daysFromToday = (days: number, today: Date = new Date()): string =>
  addDays(isoDate(today), days);

/** A moment `days` (may be fractional) before now. */
export function daysAgo(days: number, now: Date = new Date()): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/** 1..7: the Monday of next (ISO) week, which is also always within the coming seven days. */
export function daysUntilNextMonday(now: Date = new Date()): number {
  return (8 - now.getUTCDay()) % 7 || 7;
}

export type ProjectPhase = 'in_progress' | 'late' | 'complete' | 'early' | 'upcoming' | 'archived';

export interface ProjectSchedule {
  startDate: string;
  dueDate: string;
  /** Share of inspections reviewed. */
  reviewedShare: number;
  archivedDate: Date | null;
}

/**
 * Dates for a project in a given phase relative to today: in progress (started, due later), late (due passed,
 * not finished), complete (finished, due passed), early (finished before its due date), upcoming (starts next Monday),
 * archived (finished long ago and archived).
 */
export function scheduleFor(phase: ProjectPhase, now: Date = new Date(), jitterDays = 0): ProjectSchedule {
  const j = jitterDays;
  switch (phase) {
    case 'in_progress':
      return {
        startDate: daysFromToday(-20 - j, now),
        dueDate: daysFromToday(25 + j, now),
        reviewedShare: 0.4,
        archivedDate: null,
      };
    case 'late':
      return {
        startDate: daysFromToday(-60 - j, now),
        dueDate: daysFromToday(-5 - j, now),
        reviewedShare: 0.7,
        archivedDate: null,
      };
    case 'complete':
      return {
        startDate: daysFromToday(-90 - j, now),
        dueDate: daysFromToday(-30 - j, now),
        reviewedShare: 1,
        archivedDate: null,
      };
    case 'early':
      return {
        startDate: daysFromToday(-30 - j, now),
        dueDate: daysFromToday(10 + j, now),
        reviewedShare: 1,
        archivedDate: null,
      };
    case 'upcoming':
      return {
        startDate: daysFromToday(daysUntilNextMonday(now), now),
        dueDate: daysFromToday(45 + j, now),
        reviewedShare: 0,
        archivedDate: null,
      };
    case 'archived':
      return {
        startDate: daysFromToday(-200 - j, now),
        dueDate: daysFromToday(-150 - j, now),
        reviewedShare: 1,
        archivedDate: daysAgo(120 + j, now),
      };
  }
}
