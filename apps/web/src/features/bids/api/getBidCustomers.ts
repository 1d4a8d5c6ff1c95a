import { type Customer, endpoints } from '@linewalker/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/customers: the active customers a bid can be for (spec 3 §3 'Bid form' customer). */
export const useBidCustomers = () =>
  useQuery({
    queryKey: queryKeys.customers.list(),
    queryFn: ({ signal }): Promise<Customer[]> => apiRequest(endpoints.customers.list, { signal }),
  });
