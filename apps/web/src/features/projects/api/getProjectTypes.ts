import { endpoints, type ProjectType } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

export type ProjectTypeOption = ReturnType<typeof ProjectType.parse>;

/** GET /api/v1/projects/upsert/projectTypes: the Project Type choices (spec 1 §7). */
export const getProjectTypes = (signal?: AbortSignal): Promise<ProjectTypeOption[]> =>
  apiRequest(endpoints.projects.types, { signal });

export const projectTypesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.projectTypes,
    queryFn: ({ signal }) => getProjectTypes(signal),
    staleTime: 10 * 60_000,
  });

export const useProjectTypes = (enabled = true) => useQuery({ ...projectTypesQueryOptions(), enabled });
