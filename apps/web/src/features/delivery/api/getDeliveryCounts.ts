import { endpoints } from '@linewalker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { type DeliveryTableParams, filterQuery } from './getDeliveryStructures.ts';

/** All / Delivered / Undelivered counts under the header's filters (spec 2 §7 'Delivery counts'). */
export function useDeliveryCounts(projectId: number, p: Pick<DeliveryTableParams, 'lineIds' | 'q'>) {
  const query = filterQuery(p);
  return useQuery({
    queryKey: queryKeys.delivery.counts(projectId, query),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.delivery.counts, { params: { id: projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}
