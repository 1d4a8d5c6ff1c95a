import { type CreateDeliveryBody, type DeliveryPackage, endpoints } from '@linewalker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../../lib/api.ts';
import { invalidate, queryKeys, staleAfter } from '../../../lib/queryKeys.ts';

/** How often the list is asked again while a package is being built. */
const BUILDING_POLL_MS = 1500;

const inProgress = (p: DeliveryPackage) => p.status === 'queued' || p.status === 'building';

/** The project's delivery packages, refreshed while any is being built (its progress bar moves). */
export function useDeliveryPackages(projectId: number) {
  return useQuery({
    queryKey: queryKeys.delivery.packages(projectId),
    queryFn: ({ signal }) => apiRequest(endpoints.delivery.packages, { query: { projectId }, signal }),
    refetchInterval: (query) => (query.state.data?.some(inProgress) ? BUILDING_POLL_MS : false),
  });
}

/** 'Archive Selected': delivers the photos and starts their package. */
export function useCreateDelivery(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeliveryBody) => apiRequest(endpoints.delivery.create, { body }),
    onSettled: () => invalidate(queryClient, staleAfter.delivered(projectId)),
  });
}

/** The download route: it checks the reader's rights, then redirects to a signed link valid for a minute. */
export const packageDownloadUrl = (packageId: number) => `${API_BASE}/deliveries/${packageId}/download`;
