import { endpoints, type SaveArmEditsBody, type UpdateImageTypeBody } from '@linewalker/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /inspections/ett/arms: every arm (flange) position of the inspection with what was saved. */
export const useEttArms = (inspectionId: number, projectId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.viewer.ettArms(inspectionId),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.ett.arms, {
        query: { inspection_id: inspectionId, project_id: projectId },
        signal,
      }),
    enabled: enabled && projectId > 0,
  });

/** GET /inspections/ett/evaluationCodes and /knuckleFlats: fixed lists of the project. */
export const useEttLists = (projectId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.viewer.ettLists(projectId),
    queryFn: async ({ signal }) => {
      const query = { project_id: projectId };
      const [evaluationCodes, knuckleFlats] = await Promise.all([
        apiRequest(endpoints.ett.evaluationCodes, { query, signal }),
        apiRequest(endpoints.ett.knuckleFlats, { query, signal }),
      ]);
      return { evaluationCodes, knuckleFlats };
    },
    enabled: enabled && projectId > 0,
    staleTime: 5 * 60_000,
  });

/** GET /inspections/abb/abb-id-types (a failure is only logged: the multi-select stays empty). */
export const useAbbIdTypes = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.viewer.abbIdTypes,
    queryFn: ({ signal }) => apiRequest(endpoints.ett.abbIdTypes, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

/** POST /inspections/ett/saveArmEdits?inspectionId: answers the arm's id. */
export const saveArmEdits = (inspectionId: number, arm: SaveArmEditsBody) =>
  apiRequest(endpoints.ett.saveArmEdits, { query: { inspectionId }, body: arm });

/** POST /inspections/ett/updateImageType?image_id */
export const updateImageType = (imageId: number, body: UpdateImageTypeBody) =>
  apiRequest(endpoints.ett.updateImageType, { query: { image_id: imageId }, body });

/** POST /inspections/abb/updateAbbTypes */
export const updateAbbTypes = (imageId: number, abbTypeIds: number[]) =>
  apiRequest(endpoints.ett.updateAbbTypes, { body: { imageId, abbTypeIds } });
