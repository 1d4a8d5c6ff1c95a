import { addDays, daysBetween, type IsoDate, isIsoDate, toIsoDate } from './dates.ts';
import { roundedPercent } from './stats.ts';

/** The project states of spec 1 §3, as shown in the State column and the filter buttons. */
export const PROJECT_STATES = ['In Progress', 'Complete', 'Late'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

/** Filter buttons of the project list (spec 1 §2). */
export const PROJECT_FILTERS = ['All', 'In Progress', 'Complete', 'Late', 'Archived'] as const;
export type ProjectFilter = (typeof PROJECT_FILTERS)[number];

/** 'Starting Next Week' looks this many days ahead. */
export const STARTING_SOON_DAYS = 7;

/** What the flags are computed from. Dates are 'YYYY-MM-DD' (timestamps are read as their UTC date). */
export interface ProjectScheduleFacts {
  start_date: string | null;
  due_date: string | null;
  /** Set means archived. */
  archived_date: string | null;
  /** All structures of the project. */
  total: number;
  /** Structures whose inspection is complete. */
  inspected: number;
  /** The day the last inspection was completed, when known; `early` needs it once the due date has passed. */
  completed_date?: string | null;
  /** The viewer's calendar date. */
  today: IsoDate;
}

export interface ProjectStatus {
  state: ProjectState;
  /** Percent of structures inspected, 0..100, two decimals. */
  progress: number;
  archived: boolean;
  active: boolean;
  starting_next_week: boolean;
  late: boolean;
  early: boolean;
  on_schedule: boolean;
}

const dateOf = (value: string | null | undefined): IsoDate | null => {
  const d = toIsoDate(value ?? null, 'UTC');
  return d !== null && isIsoDate(d) ? d : null;
};

/** Archived: archived_date is set (spec 1 §4). */
export const isProjectArchived = (f: Pick<ProjectScheduleFacts, 'archived_date'>): boolean =>
  f.archived_date !== null && f.archived_date !== undefined && f.archived_date !== '';

/**
 * Progress: inspected ÷ total structures as a percentage rounded to two decimals (0 when the project has
 * no structures yet); capped at 100 should counts ever disagree.
 */
export function projectProgress(f: Pick<ProjectScheduleFacts, 'total' | 'inspected'>): number {
  if (!(f.total > 0) || !(f.inspected > 0)) return 0;
  return Math.min(100, roundedPercent(f.inspected, f.total));
}

/** Complete: the project has at least one structure and every structure is inspected. */
export const isProjectComplete = (f: Pick<ProjectScheduleFacts, 'total' | 'inspected'>): boolean =>
  f.total > 0 && f.inspected >= f.total;

/**
 * Behind its due date: not complete and the due date is before today (due today is not late yet).
 * A project without a due date (ratio assignment) is never late. Archive does not change this fact.
 */
export function isPastDue(f: ProjectScheduleFacts): boolean {
  const due = dateOf(f.due_date);
  return !isProjectComplete(f) && due !== null && due < f.today;
}

/** State: Complete when complete, else Late when past due, else In Progress (archived projects too). */
export function projectState(f: ProjectScheduleFacts): ProjectState {
  if (isProjectComplete(f)) return 'Complete';
  return isPastDue(f) ? 'Late' : 'In Progress';
}

/**
 * Active: not archived, started (start date on or before today) and not complete. Late projects are
 * active: the work is still going on.
 */
export function isProjectActive(f: ProjectScheduleFacts): boolean {
  const start = dateOf(f.start_date);
  return !isProjectArchived(f) && start !== null && start <= f.today && !isProjectComplete(f);
}

/** Starting next week: not archived and the start date falls in the next 7 days (after today, up to today + 7). */
export function isProjectStartingNextWeek(f: ProjectScheduleFacts): boolean {
  const start = dateOf(f.start_date);
  return (
    !isProjectArchived(f) &&
    start !== null &&
    start > f.today &&
    start <= addDays(f.today, STARTING_SOON_DAYS)
  );
}

/** Late: not archived, not complete and past its due date (see `isPastDue`). */
export const isProjectLate = (f: ProjectScheduleFacts): boolean => !isProjectArchived(f) && isPastDue(f);

/**
 * Early: not archived, complete, and completed before the due date — on `completed_date` when given,
 * otherwise judged by today (complete while the due date is still ahead). Completing on the due date is on
 * time, not early. Without a due date a project is never early.
 */
export function isProjectEarly(f: ProjectScheduleFacts): boolean {
  const due = dateOf(f.due_date);
  if (isProjectArchived(f) || !isProjectComplete(f) || due === null) return false;
  const finished = dateOf(f.completed_date) ?? f.today;
  return finished < due;
}

/**
 * Share of the schedule that has elapsed before today, 0..1: whole days from the start date to today over
 * the schedule's length in days, both ends included (a one-day project on its day: 0 of 1 elapsed;
 * on the due date of a 7-day project: 6 of 7). Null without both dates.
 */
export function scheduleElapsedShare(f: ProjectScheduleFacts): number | null {
  const start = dateOf(f.start_date);
  const due = dateOf(f.due_date);
  if (start === null || due === null) return null;
  const length = Math.max(1, daysBetween(start, due) + 1);
  const elapsed = daysBetween(start, f.today);
  return Math.min(1, Math.max(0, elapsed / length));
}

/**
 * On schedule: active, not late, and inspections keep pace with the calendar — progress (as a share) at
 * least the elapsed share of the schedule. Without a due date an active project is on schedule. A project
 * that is active but behind pace is neither on schedule nor late.
 */
export function isProjectOnSchedule(f: ProjectScheduleFacts): boolean {
  if (!isProjectActive(f) || isProjectLate(f)) return false;
  const share = scheduleElapsedShare(f);
  if (share === null) return true;
  return projectProgress(f) / 100 >= share;
}

/**
 * Every derived field of a project at once. The flags are for the list's stat tiles, which count
 * non-archived projects: an archived project has all flags false but keeps its state and progress.
 */
export function projectStatus(f: ProjectScheduleFacts): ProjectStatus {
  return {
    state: projectState(f),
    progress: projectProgress(f),
    archived: isProjectArchived(f),
    active: isProjectActive(f),
    starting_next_week: isProjectStartingNextWeek(f),
    late: isProjectLate(f),
    early: isProjectEarly(f),
    on_schedule: isProjectOnSchedule(f),
  };
}

/**
 * Whether a project shows under a filter button: Archived shows archived projects only; every other
 * filter hides them (spec 1 §4) and All shows the rest, the others match the state.
 */
export function matchesProjectFilter(
  project: { state: ProjectState; archived_date: string | null },
  filter: ProjectFilter,
): boolean {
  const archived = isProjectArchived(project);
  if (filter === 'Archived') return archived;
  if (archived) return false;
  return filter === 'All' || project.state === filter;
}
