import { endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** Removes a structure from the project (spec 2 §7 'Remove structure'). */
export const removeStructure = (projectId: number, structureId: number) =>
  apiRequest(endpoints.structures.remove, { query: { structureId, projectId } });

export function useRemoveStructure(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (structureId: number) => removeStructure(projectId, structureId),
    onSuccess: () => invalidate(queryClient, staleAfter.structuresChanged(projectId)),
  });
}
