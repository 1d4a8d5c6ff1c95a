import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/pilots/attributes: the proficiencies, certifications and skills the tag inputs suggest. */
export const getPilotAttributes = (signal?: AbortSignal) =>
  apiRequest(endpoints.users.pilotAttributes, { signal });

export const pilotAttributesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.pilotAttributes, queryFn: ({ signal }) => getPilotAttributes(signal) });

export const usePilotAttributes = () => useQuery(pilotAttributesQueryOptions());
