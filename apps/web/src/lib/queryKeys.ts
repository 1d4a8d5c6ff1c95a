import type { AdminJobsQuery, PageQuery } from '@linewalker/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The only place query keys are built: one entry per server resource, each key starting with the
 * resource's name and, for project-scoped resources, the project id. So a change can name the
 * resources it touches, and invalidating a prefix refreshes every view of them, whichever feature
 * shows it (the overview's stats and the assignment tab's stats are one cache entry).
 */
export const queryKeys = {
  session: ['session'] as const,
  /** Public settings of the server (GET /config). */
  config: ['config'] as const,

  projects: {
    all: ['projects'] as const,
    lists: () => ['projects', 'list'] as const,
    /** The list depends on the viewer's calendar date (late, starting next week, …). */
    list: (today: string) => ['projects', 'list', today] as const,
    detail: (projectId: number) => ['projects', 'detail', projectId] as const,
  },

  /** Reference data: not under `projects`, so saving a project does not refetch them. */
  projectTypes: ['projectTypes'] as const,
  projectTiers: ['projectTiers'] as const,

  customers: {
    all: ['customers'] as const,
    list: () => ['customers', 'list'] as const,
  },

  /** A project's structures and what is counted from them (GET /structures/…). */
  structures: {
    all: ['structures'] as const,
    project: (projectId: number) => ['structures', projectId] as const,
    /** GET /structures/counts/{id}: the project stats (overview tiles, assignment header). */
    stats: (projectId: number) => ['structures', projectId, 'stats'] as const,
    lines: (projectId: number) => ['structures', projectId, 'lines'] as const,
  },

  /** Crew groups, their personnel and which structure is in which crew (GET /assignment/{id}). */
  crews: {
    all: ['crews'] as const,
    project: (projectId: number) => ['crews', projectId] as const,
    assignment: (projectId: number) => ['crews', projectId, 'assignment'] as const,
  },

  inspections: {
    all: ['inspections'] as const,
    project: (projectId: number) => ['inspections', 'project', projectId] as const,
    list: (projectId: number) => ['inspections', 'project', projectId, 'list'] as const,
    counts: (projectId: number) => ['inspections', 'project', projectId, 'counts'] as const,
    fieldOptions: () => ['inspections', 'fieldOptions'] as const,
  },

  admin: {
    audit: (page: PageQuery) => ['admin', 'audit', page] as const,
    outbox: (page: PageQuery) => ['admin', 'outbox', page] as const,
    jobs: {
      all: ['admin', 'jobs'] as const,
      list: (query: AdminJobsQuery) => ['admin', 'jobs', query] as const,
    },
  },
};

/**
 * What each kind of change makes stale, as key prefixes. Mutations invalidate through these, so a
 * new view of a resource is refreshed by every change to it without touching the mutations.
 */
export const staleAfter = {
  /**
   * Structures assigned or unassigned, a crew group added or deleted, personnel changed: the crews
   * and every view of the project's structures (map, table, stats, lines).
   */
  crewChange: (projectId: number): QueryKey[] => [
    queryKeys.crews.project(projectId),
    queryKeys.structures.project(projectId),
  ],
  /**
   * An inspection completed: its list and counts, the structure stats (Inspected) and the
   * project's progress in its detail and in the project list.
   */
  inspectionCompleted: (projectId: number): QueryKey[] => [
    queryKeys.inspections.project(projectId),
    queryKeys.structures.stats(projectId),
    queryKeys.projects.detail(projectId),
    queryKeys.projects.lists(),
  ],
  /**
   * A project created or edited: an edit may import structures, which brings new inspections and
   * unassigned structures, so everything project-related is refreshed.
   */
  projectSaved: (): QueryKey[] => [
    queryKeys.projects.all,
    queryKeys.structures.all,
    queryKeys.crews.all,
    queryKeys.inspections.all,
  ],
  /** A project archived or unarchived: only the project itself changes. */
  projectArchived: (): QueryKey[] => [queryKeys.projects.all],
};

/** Marks every query under the given prefixes stale; those on screen refetch at once. */
export async function invalidate(queryClient: QueryClient, prefixes: readonly QueryKey[]): Promise<void> {
  await Promise.all(prefixes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
