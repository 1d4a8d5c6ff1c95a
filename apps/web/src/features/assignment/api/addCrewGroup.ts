import { endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** Adds the crew group with the lowest free number (spec 1 §7 'Add crew group'). */
export const addCrewGroup = (projectId: number) =>
  apiRequest(endpoints.assignment.addCrewGroup, { params: { id: projectId } });

export function useAddCrewGroup(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => addCrewGroup(projectId),
    onSettled: () => invalidate(queryClient, staleAfter.crewChange(projectId)),
  });
}
