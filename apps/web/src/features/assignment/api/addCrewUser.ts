import { endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

export interface CrewUserChange {
  userId: number;
  crewGroupId: number;
}

/** Puts a user into a crew group (spec 1 §7 'Add / remove crew user'). */
export const addCrewUser = ({ userId, crewGroupId }: CrewUserChange) =>
  apiRequest(endpoints.assignment.addCrewUser, { query: { userId, crewGroupId } });

export function useAddCrewUser(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCrewUser,
    onSettled: () => invalidate(queryClient, staleAfter.crewChange(projectId)),
  });
}
