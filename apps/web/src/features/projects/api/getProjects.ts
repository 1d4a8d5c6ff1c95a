import { endpoints, isoDateOf, type ProjectListItem } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { IMPORT_POLL_MS } from '../components/importProgress.ts';

/**
 * GET /api/v1/projects (spec 1 §7). The viewer's calendar date goes along so the flags (late, starting
 * next week, …) follow the user's day rather than the server's.
 */
export const getProjects = (today: string, signal?: AbortSignal): Promise<ProjectListItem[]> =>
  apiRequest(endpoints.projects.list, { query: { today }, signal });

export const projectsQueryOptions = (today: string = isoDateOf(new Date())) =>
  queryOptions({
    queryKey: queryKeys.projects.list(today),
    queryFn: ({ signal }) => getProjects(today, signal),
  });

/** The list asks again every few seconds while a project is still importing its structures. */
export const useProjects = () =>
  useQuery({
    ...projectsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.some((p) => p.importing) ? IMPORT_POLL_MS : false),
  });
