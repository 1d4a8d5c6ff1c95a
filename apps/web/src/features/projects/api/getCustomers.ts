import { type Customer, endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/customers: the project dialog's Customer choices (spec 1 §7). */
export const getCustomers = (signal?: AbortSignal): Promise<Customer[]> =>
  apiRequest(endpoints.customers.list, { signal });

export const customersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.customers.list(), queryFn: ({ signal }) => getCustomers(signal) });

export const useCustomers = (enabled = true) => useQuery({ ...customersQueryOptions(), enabled });
