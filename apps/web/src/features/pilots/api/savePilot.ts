import { endpoints, type PilotSaveRequest } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** POST /api/v1/pilots: the pilot form (a known email saves that user's pilot record). */
export const savePilot = (body: PilotSaveRequest) => apiRequest(endpoints.pilots.save, { body });

export function useSavePilot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePilot,
    onSuccess: () => invalidate(queryClient, staleAfter.pilotSaved()),
  });
}
