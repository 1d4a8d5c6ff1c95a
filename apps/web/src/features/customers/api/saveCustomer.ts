import { type CustomerCreateRequest, type CustomerUpdateRequest, endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** POST /api/v1/customers/ (spec 3 §7 'create customer'); with lead_id the lead is marked converted. */
export const createCustomer = (body: CustomerCreateRequest) =>
  apiRequest(endpoints.customers.create, { body });

/** PUT /api/v1/customers/ (spec 3 §7 'save customer'). */
export const updateCustomer = (body: CustomerUpdateRequest) =>
  apiRequest(endpoints.customers.update, { body });

export type SaveCustomerInput =
  | { kind: 'create'; body: CustomerCreateRequest }
  | { kind: 'update'; body: CustomerUpdateRequest };

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveCustomerInput) =>
      input.kind === 'create' ? createCustomer(input.body) : updateCustomer(input.body),
    onSuccess: () => invalidate(queryClient, staleAfter.customerSaved()),
  });
}
