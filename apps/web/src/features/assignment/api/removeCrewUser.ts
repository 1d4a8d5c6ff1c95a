import { CrewUserResponse } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { CrewUserChange } from './addCrewUser.ts';
import { assignmentKeys } from './queryKeys.ts';

/** Takes a user out of a crew group (spec 1 §7 'Add / remove crew user'). */
export const removeCrewUser = ({ userId, crewGroupId }: CrewUserChange) =>
  apiRequest('/assignment/removeCrewUser', {
    method: 'POST',
    query: { userId, crewGroupId },
    schema: CrewUserResponse,
  });

export function useRemoveCrewUser(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCrewUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.data(projectId) }),
  });
}
