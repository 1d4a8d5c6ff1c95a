import { type DroneSaveBody, endpoints } from '@linewalker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, queryKeys, staleAfter } from '../../../lib/queryKeys.ts';

/** GET /api/v1/drones?include_retired=true: the Drones admin page lists retired drones too. */
export const useAdminDrones = () =>
  useQuery({
    queryKey: queryKeys.drones.adminList,
    queryFn: ({ signal }) =>
      apiRequest(endpoints.drones.list, { query: { include_retired: 'true' }, signal }),
  });

export type SaveDroneInput = { id: number | null; body: DroneSaveBody };

/** POST /api/v1/drones (register) or PUT /api/v1/drones/{id} (edit). */
export function useSaveDrone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveDroneInput) =>
      id === null
        ? apiRequest(endpoints.drones.create, { body })
        : apiRequest(endpoints.drones.update, { params: { id }, body }),
    onSuccess: () => invalidate(queryClient, staleAfter.droneSaved()),
  });
}

/** POST /api/v1/drones/{id}/retire: out of service, or back into it. */
export function useRetireDrone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, retired }: { id: number; retired: boolean }) =>
      apiRequest(endpoints.drones.retire, { params: { id }, body: { retired } }),
    onSuccess: () => invalidate(queryClient, staleAfter.droneSaved()),
  });
}
