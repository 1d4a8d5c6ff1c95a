import { describe, expect, it } from 'vitest';
import {
  isPastDue,
  isProjectActive,
  isProjectEarly,
  isProjectLate,
  isProjectOnSchedule,
  isProjectStartingNextWeek,
  matchesProjectFilter,
  type ProjectScheduleFacts,
  projectProgress,
  projectState,
  projectStatus,
  scheduleElapsedShare,
} from './status.ts';

const TODAY = '2024-05-10';

/** A 10-day project (May 5 – May 14) with 100 structures, 50 inspected, seen on May 10. */
const base: ProjectScheduleFacts = {
  start_date: '2024-05-05',
  due_date: '2024-05-14',
  archived_date: null,
  total: 100,
  inspected: 50,
  today: TODAY,
};
const at = (changes: Partial<ProjectScheduleFacts>): ProjectScheduleFacts => ({ ...base, ...changes });

describe('progress and completion', () => {
  it('is inspected ÷ total in percent with two decimals', () => {
    expect(projectProgress(base)).toBe(50);
    expect(projectProgress(at({ total: 3, inspected: 1 }))).toBe(33.33);
    expect(projectProgress(at({ total: 3, inspected: 2 }))).toBe(66.67);
  });

  it('is 0 without structures and capped at 100', () => {
    expect(projectProgress(at({ total: 0, inspected: 0 }))).toBe(0);
    expect(projectProgress(at({ total: 0, inspected: 5 }))).toBe(0);
    expect(projectProgress(at({ total: 10, inspected: 12 }))).toBe(100);
  });

  it('makes a project with no structures In Progress, never Complete', () => {
    expect(projectState(at({ total: 0, inspected: 0 }))).toBe('In Progress');
    expect(projectState(at({ total: 5, inspected: 5 }))).toBe('Complete');
  });
});

describe('state', () => {
  it('is Late once the due date has passed without completion', () => {
    expect(projectState(at({ due_date: '2024-05-09' }))).toBe('Late');
    expect(projectState(at({ due_date: TODAY }))).toBe('In Progress'); // due today is not late yet
    expect(projectState(at({ due_date: '2024-05-09', inspected: 100 }))).toBe('Complete');
  });

  it('keeps the state of archived projects', () => {
    expect(projectState(at({ due_date: '2024-05-01', archived_date: '2024-05-02T10:00:00Z' }))).toBe('Late');
    expect(isPastDue(at({ due_date: '2024-05-01', archived_date: '2024-05-02' }))).toBe(true);
  });

  it('is never Late without a due date (ratio projects)', () => {
    expect(projectState(at({ due_date: null }))).toBe('In Progress');
  });
});

describe('flags', () => {
  it('active: started, not complete, not archived (late projects included)', () => {
    expect(isProjectActive(base)).toBe(true);
    expect(isProjectActive(at({ start_date: TODAY }))).toBe(true);
    expect(isProjectActive(at({ start_date: '2024-05-11' }))).toBe(false);
    expect(isProjectActive(at({ inspected: 100 }))).toBe(false);
    expect(isProjectActive(at({ archived_date: '2024-05-09' }))).toBe(false);
    expect(isProjectActive(at({ due_date: '2024-05-01' }))).toBe(true);
    expect(isProjectActive(at({ total: 0, inspected: 0 }))).toBe(true);
  });

  it('starting next week: start after today and at most 7 days ahead', () => {
    expect(isProjectStartingNextWeek(at({ start_date: '2024-05-11' }))).toBe(true);
    expect(isProjectStartingNextWeek(at({ start_date: '2024-05-17' }))).toBe(true);
    expect(isProjectStartingNextWeek(at({ start_date: '2024-05-18' }))).toBe(false);
    expect(isProjectStartingNextWeek(at({ start_date: TODAY }))).toBe(false);
    expect(isProjectStartingNextWeek(at({ start_date: '2024-05-12', archived_date: '2024-05-01' }))).toBe(
      false,
    );
  });

  it('late: past due, not complete, not archived', () => {
    expect(isProjectLate(at({ due_date: '2024-05-09' }))).toBe(true);
    expect(isProjectLate(at({ due_date: TODAY }))).toBe(false);
    expect(isProjectLate(at({ due_date: '2024-05-09', inspected: 100 }))).toBe(false);
    expect(isProjectLate(at({ due_date: '2024-05-09', archived_date: '2024-05-09' }))).toBe(false);
    expect(isProjectLate(at({ due_date: '2024-05-09', total: 0, inspected: 0 }))).toBe(true);
  });

  it('early: complete before the due date', () => {
    expect(isProjectEarly(at({ inspected: 100 }))).toBe(true);
    expect(isProjectEarly(at({ inspected: 100, due_date: TODAY }))).toBe(false); // on the due date: on time
    expect(isProjectEarly(at({ inspected: 99 }))).toBe(false);
    expect(isProjectEarly(at({ inspected: 100, due_date: '2024-05-09', completed_date: '2024-05-08' }))).toBe(
      true,
    );
    expect(isProjectEarly(at({ inspected: 100, due_date: '2024-05-09', completed_date: '2024-05-09' }))).toBe(
      false,
    );
    expect(isProjectEarly(at({ inspected: 100, due_date: '2024-05-09' }))).toBe(false); // unknown: judged by today
    expect(isProjectEarly(at({ inspected: 100, due_date: null }))).toBe(false);
    expect(isProjectEarly(at({ inspected: 100, archived_date: '2024-05-10' }))).toBe(false);
    expect(isProjectEarly(at({ total: 0, inspected: 0 }))).toBe(false);
  });

  it('elapsed share counts whole days before today over the inclusive schedule length', () => {
    expect(scheduleElapsedShare(base)).toBe(0.5); // 5 of 10 days
    expect(scheduleElapsedShare(at({ start_date: TODAY, due_date: TODAY }))).toBe(0);
    expect(scheduleElapsedShare(at({ start_date: '2024-05-04', due_date: TODAY }))).toBeCloseTo(6 / 7);
    expect(scheduleElapsedShare(at({ start_date: '2024-05-20' }))).toBe(0);
    expect(scheduleElapsedShare(at({ due_date: null }))).toBeNull();
  });

  it('on schedule: active, not late, progress keeping pace with the calendar', () => {
    expect(isProjectOnSchedule(base)).toBe(true); // 50% done, 50% elapsed
    expect(isProjectOnSchedule(at({ inspected: 49 }))).toBe(false); // behind: neither on schedule nor late
    expect(isProjectLate(at({ inspected: 49 }))).toBe(false);
    expect(isProjectOnSchedule(at({ start_date: TODAY, inspected: 0 }))).toBe(true); // first day
    expect(isProjectOnSchedule(at({ due_date: '2024-05-09', inspected: 99 }))).toBe(false); // late
    expect(isProjectOnSchedule(at({ inspected: 100 }))).toBe(false); // complete: early instead
    expect(isProjectOnSchedule(at({ start_date: '2024-05-11' }))).toBe(false); // not started
    expect(isProjectOnSchedule(at({ due_date: null, inspected: 0 }))).toBe(true); // ratio project
    expect(isProjectOnSchedule(at({ total: 0, inspected: 0 }))).toBe(false); // nothing to show for 50% elapsed
    expect(isProjectOnSchedule(at({ archived_date: '2024-05-10' }))).toBe(false);
  });
});

describe('projectStatus', () => {
  it('gathers state, progress and flags', () => {
    expect(projectStatus(base)).toEqual({
      state: 'In Progress',
      progress: 50,
      archived: false,
      active: true,
      starting_next_week: false,
      late: false,
      early: false,
      on_schedule: true,
    });
  });

  it('clears every flag of an archived project but keeps its state and progress', () => {
    expect(projectStatus(at({ archived_date: '2024-05-01T08:00:00Z', due_date: '2024-05-09' }))).toEqual({
      state: 'Late',
      progress: 50,
      archived: true,
      active: false,
      starting_next_week: false,
      late: false,
      early: false,
      on_schedule: false,
    });
  });

  it('reads timestamp dates by their UTC date', () => {
    expect(projectStatus(at({ due_date: '2024-05-09T23:00:00Z' })).late).toBe(true);
    expect(projectStatus(at({ due_date: '2024-05-10T00:30:00Z' })).late).toBe(false);
  });
});

describe('matchesProjectFilter', () => {
  it('hides archived projects everywhere but under Archived', () => {
    const live = { state: 'Late' as const, archived_date: null };
    const gone = { state: 'Late' as const, archived_date: '2024-05-01' };
    expect(matchesProjectFilter(live, 'All')).toBe(true);
    expect(matchesProjectFilter(live, 'Late')).toBe(true);
    expect(matchesProjectFilter(live, 'Complete')).toBe(false);
    expect(matchesProjectFilter(live, 'Archived')).toBe(false);
    expect(matchesProjectFilter(gone, 'All')).toBe(false);
    expect(matchesProjectFilter(gone, 'Late')).toBe(false);
    expect(matchesProjectFilter(gone, 'Archived')).toBe(true);
  });
});
