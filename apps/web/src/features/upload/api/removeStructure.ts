import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';
import { IgnoredAnswer } from './ignoredAnswer.ts';

/** Removes a structure from the project (spec 2 §7 'Remove structure'). */
export const removeStructure = (projectId: number, structureId: number) =>
  apiRequest('/structures/remove', {
    method: 'PUT',
    query: { structureId, projectId },
    schema: IgnoredAnswer,
  });

export function useRemoveStructure(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (structureId: number) => removeStructure(projectId, structureId),
    onSuccess: () => invalidate(queryClient, staleAfter.structuresChanged(projectId)),
  });
}
