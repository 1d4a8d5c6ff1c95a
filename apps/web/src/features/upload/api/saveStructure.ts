import { endpoints, type StructureBody } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** A new manual structure (spec 2 §7 'Create structure'). */
export const createStructure = (projectId: number, body: StructureBody) =>
  apiRequest(endpoints.structures.create, { query: { projectId }, body });

/** Edits of a structure; `latLonChanged` says its position moved (spec 2 §7 'Save structure edits'). */
export const updateStructure = (
  projectId: number,
  structureId: number,
  body: StructureBody,
  latLonChanged: boolean,
) =>
  apiRequest(endpoints.structures.update, {
    query: { structureId, projectId, latLonChanged: latLonChanged ? 'true' : 'false' },
    body,
  });

export type StructureSave =
  | { kind: 'create'; body: StructureBody }
  | { kind: 'update'; structureId: number; body: StructureBody; latLonChanged: boolean };

/** Creates or updates a structure, then refreshes every view of the project's structures. */
export function useSaveStructure(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: StructureSave) =>
      save.kind === 'create'
        ? createStructure(projectId, save.body)
        : updateStructure(projectId, save.structureId, save.body, save.latLonChanged),
    onSuccess: () => invalidate(queryClient, staleAfter.structuresChanged(projectId)),
  });
}
