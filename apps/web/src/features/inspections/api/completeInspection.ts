import { type CompleteInspectionRequest, endpoints, type InspectionRow } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, queryKeys, staleAfter } from '../../../lib/queryKeys.ts';

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
  const answer = await apiRequest(endpoints.inspections.complete, { params: { id: inspectionId }, body });
  if (!answer.ok) throw new Error('The server did not confirm the save');
  return answer;
}

/**
 * Completing changes the row (date, reviewer, status), the filter counts, the project's Inspected
 * stats (counted by date_reviewed) and its progress. The answer carries the saved
 * row, so the list shows it at once; the pages in view and the counts are then refetched in the background.
 */
export function useCompleteInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeInspection,
    onSuccess: ({ inspection }, { projectId }) => {
      // Every cached page that holds the row shows the saved one at once.
      queryClient.setQueriesData<InspectionRow[]>(
        { queryKey: queryKeys.inspections.list(projectId) },
        (rows) => rows?.map((row) => (row.id === inspection.id ? inspection : row)),
      );
      void invalidate(queryClient, staleAfter.inspectionCompleted(projectId));
    },
  });
}
