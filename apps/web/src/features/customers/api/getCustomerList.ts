import { type Customer, endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/customers?include_inactive=true: the Customers page (spec 3 §7 'the customers page loads customers'). */
export const getCustomerList = (signal?: AbortSignal): Promise<Customer[]> =>
  apiRequest(endpoints.customers.list, { query: { include_inactive: 'true' }, signal });

export const customerListQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.customers.adminList(),
    queryFn: ({ signal }) => getCustomerList(signal),
  });

export const useCustomerList = () => useQuery(customerListQueryOptions());
