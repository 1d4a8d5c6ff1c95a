import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/customers: the customer companies a user may belong to (company 1 is added by the form). */
export const getCustomerCompanies = (signal?: AbortSignal) =>
  apiRequest(endpoints.customers.list, { signal });

export const customerCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.customers.list(),
    queryFn: ({ signal }) => getCustomerCompanies(signal),
  });

export const useCustomerCompanies = () => useQuery(customerCompaniesQueryOptions());
