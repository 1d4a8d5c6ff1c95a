import { DeleteCrewGroupResponse } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** Deletes a crew group, unassigning its structures and personnel (spec 1 §4, §7). */
export const deleteCrewGroup = (crewGroupId: number) =>
  apiRequest('/assignment/deleteCrewGroup', {
    method: 'POST',
    query: { crewGroupId },
    schema: DeleteCrewGroupResponse,
  });

export function useDeleteCrewGroup(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCrewGroup,
    // Its structures became unassigned: the map, table and counts change too.
    onSettled: () => invalidate(queryClient, staleAfter.crewChange(projectId)),
  });
}
