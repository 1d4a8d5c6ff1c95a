import { endpoints, isoDateOf, type ProjectDetail } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { IMPORT_POLL_MS } from '../components/importProgress.ts';

/** GET /api/v1/projects/{id} (spec 1 §7 'One project'). */
export const getProject = (id: number, signal?: AbortSignal): Promise<ProjectDetail> =>
  apiRequest(endpoints.projects.get, { params: { id }, query: { today: isoDateOf(new Date()) }, signal });

export const projectQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.projects.detail(id), queryFn: ({ signal }) => getProject(id, signal) });

export const useProject = (id: number | undefined) =>
  useQuery({
    ...projectQueryOptions(id ?? 0),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.importing ? IMPORT_POLL_MS : false),
  });
