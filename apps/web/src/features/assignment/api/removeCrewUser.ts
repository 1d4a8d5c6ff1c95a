import { endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';
import type { CrewUserChange } from './addCrewUser.ts';

/** Takes a user out of a crew group (spec 1 §7 'Add / remove crew user'). */
export const removeCrewUser = ({ userId, crewGroupId }: CrewUserChange) =>
  apiRequest(endpoints.assignment.removeCrewUser, { query: { userId, crewGroupId } });

export function useRemoveCrewUser(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCrewUser,
    onSettled: () => invalidate(queryClient, staleAfter.crewChange(projectId)),
  });
}
