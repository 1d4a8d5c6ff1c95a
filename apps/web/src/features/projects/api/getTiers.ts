import { endpoints, type ProjectTier } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

export type ProjectTierOption = ReturnType<typeof ProjectTier.parse>;

/** GET /api/v1/projects/tiers (spec 1 §7); tier 1 disables the No Limit photo limit. */
export const getTiers = (signal?: AbortSignal): Promise<ProjectTierOption[]> =>
  apiRequest(endpoints.projects.tiers, { signal });

export const tiersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.projectTiers,
    queryFn: ({ signal }) => getTiers(signal),
    staleTime: 10 * 60_000,
  });

export const useTiers = (enabled = true) => useQuery({ ...tiersQueryOptions(), enabled });
