import { endpoints, type ProjectCreateRequest, type ProjectUpdateRequest } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** POST /api/v1/projects (spec 1 §7 'Create project'); with kmzs the server imports the files too. */
export const createProject = (body: ProjectCreateRequest) => apiRequest(endpoints.projects.create, { body });

/** PUT /api/v1/projects/upsert, used when the project has an id. */
export const updateProject = (body: ProjectUpdateRequest) => apiRequest(endpoints.projects.update, { body });

export type SaveProjectInput =
  | { kind: 'create'; body: ProjectCreateRequest }
  | { kind: 'update'; body: ProjectUpdateRequest };

/** Create or update, then refresh every view of the projects and what an import may have changed. */
export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveProjectInput) =>
      input.kind === 'create' ? createProject(input.body) : updateProject(input.body),
    onSuccess: () => invalidate(queryClient, staleAfter.projectSaved()),
  });
}
