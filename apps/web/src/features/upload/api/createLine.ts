import { type CreateLineBody, endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** A new line of the project's customer company, added to the project (spec 2 §7 'Create new line'). */
export const createLine = (body: CreateLineBody) => apiRequest(endpoints.structures.createLine, { body });

/** Creates a line, then refreshes the lines and stats (spec 2 §7: 'refresh of stats and lines'). */
export function useCreateLine(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineName: string) => createLine({ lineName, projectId }),
    onSuccess: () => invalidate(queryClient, staleAfter.structuresChanged(projectId)),
  });
}
