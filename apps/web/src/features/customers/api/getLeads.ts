import { endpoints, type Lead } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/leads: the public form's leads, newest first (super admins). */
export const getLeads = (signal?: AbortSignal): Promise<Lead[]> =>
  apiRequest(endpoints.leads.list, { signal });

export const leadsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.leads.list(), queryFn: ({ signal }) => getLeads(signal), staleTime: 0 });

export const useLeads = () => useQuery(leadsQueryOptions());
