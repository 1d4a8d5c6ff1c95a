import {
  AbbIdTypesResponse,
  EttArm,
  EttChangedResponse,
  EttEvaluationCode,
  KnuckleFlat,
  type SaveArmEditsBody,
  SaveArmEditsResponse,
  type UpdateImageTypeBody,
} from '@linewalker/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /inspections/ett/arms: every arm (flange) position of the inspection with what was saved. */
export const useEttArms = (inspectionId: number, projectId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.viewer.ettArms(inspectionId),
    queryFn: ({ signal }) =>
      apiRequest('/inspections/ett/arms', {
        query: { inspection_id: inspectionId, project_id: projectId },
        schema: EttArm.array(),
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
        apiRequest('/inspections/ett/evaluationCodes', { query, schema: EttEvaluationCode.array(), signal }),
        apiRequest('/inspections/ett/knuckleFlats', { query, schema: KnuckleFlat.array(), signal }),
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
    queryFn: ({ signal }) =>
      apiRequest('/inspections/abb/abb-id-types', { schema: AbbIdTypesResponse, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

/** POST /inspections/ett/saveArmEdits?inspectionId: answers the arm's id. */
export const saveArmEdits = (inspectionId: number, arm: SaveArmEditsBody) =>
  apiRequest('/inspections/ett/saveArmEdits', {
    method: 'POST',
    query: { inspectionId },
    body: arm,
    schema: SaveArmEditsResponse,
  });

/** POST /inspections/ett/updateImageType?image_id */
export const updateImageType = (imageId: number, body: UpdateImageTypeBody) =>
  apiRequest('/inspections/ett/updateImageType', {
    method: 'POST',
    query: { image_id: imageId },
    body,
    schema: EttChangedResponse,
  });

/** POST /inspections/abb/updateAbbTypes */
export const updateAbbTypes = (imageId: number, abbTypeIds: number[]) =>
  apiRequest('/inspections/abb/updateAbbTypes', {
    method: 'POST',
    body: { imageId, abbTypeIds },
    schema: EttChangedResponse,
  });
