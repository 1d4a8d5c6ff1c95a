import { endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** PUT /api/v1/projects/archive/{id} (spec 1 §7). */
export const archiveProject = (id: number) => apiRequest(endpoints.projects.archive, { params: { id } });

/** PUT /api/v1/projects/unarchive/{id} (spec 1 §7). */
export const unarchiveProject = (id: number) => apiRequest(endpoints.projects.unarchive, { params: { id } });

export function useArchiveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) =>
      archive ? archiveProject(id) : unarchiveProject(id),
    onSuccess: () => invalidate(queryClient, staleAfter.projectArchived()),
  });
}
