import {
  type ProjectCreateRequest,
  ProjectSaveResponse,
  type ProjectUpdateRequest,
} from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** POST /api/v1/projects (spec 1 §7 'Create project'); with kmzs the server imports the files too. */
export const createProject = (body: ProjectCreateRequest) =>
  apiRequest('/projects', { method: 'POST', body, schema: ProjectSaveResponse });

/** PUT /api/v1/projects/upsert, used when the project has an id. */
export const updateProject = (body: ProjectUpdateRequest) =>
  apiRequest('/projects/upsert', { method: 'PUT', body, schema: ProjectSaveResponse });

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
