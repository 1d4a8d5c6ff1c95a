import { endpoints, type PilotScheduleRequest } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

export type ScheduleAction = 'assign' | 'unassign' | 'checkAvailability';

/** PUT /pilots/assign, PUT /pilots/unassign, POST /pilots/checkAvailability (spec 3 §7). */
export const schedulePilot = (action: ScheduleAction, body: PilotScheduleRequest) =>
  apiRequest(endpoints.pilots[action], { body });

export function useSchedulePilot(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userId }: { action: ScheduleAction; userId: number }) =>
      schedulePilot(action, { project_id: projectId, user_id: userId, pilot_note: '' }),
    onSettled: () => invalidate(queryClient, staleAfter.pilotScheduled(projectId)),
  });
}
