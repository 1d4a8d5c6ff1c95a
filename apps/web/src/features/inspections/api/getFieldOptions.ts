import { endpoints, InspectionFieldOptions } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

const _FieldOptionsList = InspectionFieldOptions.array();

/** GET /api/v1/inspections/fieldOptions: the dropdowns of the completion form as the server stores them. */
export const getFieldOptions = (signal?: AbortSignal) =>
  apiRequest(endpoints.inspections.fieldOptions, { signal });

export const fieldOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.inspections.fieldOptions(),
    queryFn: ({ signal }) => getFieldOptions(signal),
    // Reference data: it changes only with a deployment.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useFieldOptions = (enabled = true) => useQuery({ ...fieldOptionsQueryOptions(), enabled });
