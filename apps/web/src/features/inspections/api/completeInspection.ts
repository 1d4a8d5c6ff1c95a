import {
  type CompleteInspectionRequest,
  CompleteInspectionResponse,
  type InspectionRow,
} from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { projectKeys } from '../../projects/api/queryKeys.ts';
import { inspectionKeys } from './inspectionKeys.ts';

export interface CompleteInspectionInput {
  inspectionId: number;
  projectId: number;
  body: CompleteInspectionRequest;
}

/**
 * POST /api/v1/inspections/complete/{id}. Success is the answer's ok flag (spec 1 §7); anything else,
 * including an answer without it, rejects so the dialog can show its alert and stay open.
 */
export async function completeInspection({ inspectionId, body }: CompleteInspectionInput) {
  const answer = await apiRequest(`/inspections/complete/${inspectionId}`, {
    method: 'POST',
    body,
    schema: CompleteInspectionResponse,
  });
  if (!answer.ok) throw new Error('The server did not confirm the save');
  return answer;
}

/**
 * Completing changes the row (date, reviewer, status), the filter counts and the project's Inspected
 * stats (counted by date_reviewed). The answer carries the saved
 * row, so the list shows it at once; list and counts are then refetched in the background rather than
 * holding the dialog open while 50,000 rows travel again.
 */
export function useCompleteInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeInspection,
    onSuccess: ({ inspection }, { projectId }) => {
      queryClient.setQueryData<InspectionRow[]>(inspectionKeys.list(projectId), (rows) =>
        rows?.map((row) => (row.id === inspection.id ? inspection : row)),
      );
      void queryClient.invalidateQueries({ queryKey: inspectionKeys.list(projectId) });
      void queryClient.invalidateQueries({ queryKey: inspectionKeys.counts(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.stats(projectId) });
    },
  });
}
