import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_SORT, parseProjectSort, type SortableProject, sortProjects } from './projectSort.ts';

const project = (id: number, over: Partial<SortableProject>): SortableProject => ({
  id,
  project_name: `P${id}`,
  state: 'In Progress',
  structures: 0,
  num_pilots: 1,
  progress: 0,
  due_date: null,
  created_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('sortProjects', () => {
  it('sorts names naturally and ignoring case by default (spec 1 §2: default sort is project_name)', () => {
    const rows = [
      project(1, { project_name: 'line 10' }),
      project(2, { project_name: 'Line 2' }),
      project(3, { project_name: 'alpha' }),
    ];
    expect(sortProjects(rows, DEFAULT_PROJECT_SORT).map((p) => p.project_name)).toEqual([
      'alpha',
      'Line 2',
      'line 10',
    ]);
  });

  it('sorts numbers and dates, descending too, with the name breaking ties', () => {
    const rows = [
      project(1, { project_name: 'b', structures: 5, due_date: '2026-03-01' }),
      project(2, { project_name: 'a', structures: 5, due_date: null }),
      project(3, { project_name: 'c', structures: 9, due_date: '2026-01-15' }),
    ];
    expect(sortProjects(rows, { key: 'structures', direction: 'asc' }).map((p) => p.id)).toEqual([2, 1, 3]);
    expect(sortProjects(rows, { key: 'structures', direction: 'desc' }).map((p) => p.id)).toEqual([3, 2, 1]);
    expect(sortProjects(rows, { key: 'due_date', direction: 'asc' }).map((p) => p.id)).toEqual([2, 3, 1]);
  });

  it('leaves its input alone', () => {
    const rows = [project(2, {}), project(1, {})];
    sortProjects(rows, DEFAULT_PROJECT_SORT);
    expect(rows.map((p) => p.id)).toEqual([2, 1]);
  });
});

describe('parseProjectSort', () => {
  it('falls back to the name, ascending, for anything unknown', () => {
    expect(parseProjectSort('progress', 'desc')).toEqual({ key: 'progress', direction: 'desc' });
    expect(parseProjectSort('password', 'sideways')).toEqual(DEFAULT_PROJECT_SORT);
    expect(parseProjectSort(null, null)).toEqual(DEFAULT_PROJECT_SORT);
  });
});
