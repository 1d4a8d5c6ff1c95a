import { endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** Deletes a crew group, unassigning its structures and personnel (spec 1 §4, §7). */
export const deleteCrewGroup = (crewGroupId: number) =>
  apiRequest(endpoints.assignment.deleteCrewGroup, { query: { crewGroupId } });

export function useDeleteCrewGroup(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCrewGroup,
    // Its structures became unassigned: the map, table and counts change too.
    onSettled: () => invalidate(queryClient, staleAfter.crewChange(projectId)),
  });
}
